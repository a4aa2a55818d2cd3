import { legalPlays } from "../../src/engine/backgammon/plays.js";
import { playPosition } from "../../src/engine/backgammon/plays.js";
import { type Position, START_POSITION, swapSides } from "../../src/engine/backgammon/position.js";
import { bruteForcePlays } from "../../src/engine/backgammon/brute-force-plays.js";
import { prng } from "../../src/engine/common/prng.js";
import { throughput, type Suite } from "../report.js";

/** A fixed corpus: positions met in seeded random games, each with the roll that was played there. */
function corpus(size: number, seed: number): { pos: Position; dice: [number, number] }[] {
  const random = prng(seed);
  const die = () => 1 + Math.floor(random() * 6);
  const out: { pos: Position; dice: [number, number] }[] = [];
  let pos = START_POSITION;
  while (out.length < size) {
    const dice: [number, number] = [die(), die()];
    out.push({ pos, dice });
    const plays = legalPlays(pos, dice);
    const next = plays.length ? playPosition(plays[Math.floor(random() * plays.length)]!) : pos;
    const gameOver = next.onRoll.every((n) => n === 0);
    pos = gameOver ? START_POSITION : swapSides(next);
  }
  return out;
}

/**
 * Legal-play generation (every distinct resulting position for a roll) over a fixed random
 * corpus, next to the deliberately naive generator the tests cross-check it with.
 */
export const suite: Suite = {
  name: "backgammon legal plays (2000 positions from seeded random games)",
  async run() {
    const positions = corpus(2000, 42);
    let i = 0;
    const fast = throughput(() => {
      const { pos, dice } = positions[i++ % positions.length]!;
      legalPlays(pos, dice);
    }, 2000);
    let j = 0;
    const naive = throughput(() => {
      const { pos, dice } = positions[j++ % positions.length]!;
      bruteForcePlays(pos, dice);
    }, 2000);
    return [
      { name: "legalPlays", unit: "positions/s", value: fast, better: "higher", baseline: "naive brute-force generator", baselineValue: naive },
    ];
  },
};
