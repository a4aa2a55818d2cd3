import { prng, rollDie } from "../../common/prng.js";
import { legalPlays, playPosition } from "../plays.js";
import { sideTotal, swapSides, type Position } from "../position.js";
import type { Choice } from "./choices.js";
import { winChance } from "./cube-decisions.js";
import { isRace, pubeval } from "./pubeval.js";

/**
 * How the rollout level searches: candidates kept from pubeval's ranking, games per candidate,
 * plies per game. Measured against pubeval over the same 300 seeded single games (dice
 * seeds 3000-3299): 4 plies won 59.7% (95% Wilson 54.0-65.1%), 6 and 8 plies 58.3%, 16
 * plies 51.0%: longer rollouts let pubeval's own mistakes pile up, and cost more.
 */
export const ROLLOUT = { candidates: 4, games: 36, plies: 4 } as const;

/** pubeval's play for the side on roll, or the position unchanged when it cannot move. */
function pubevalPlay(pos: Position, dice: readonly [number, number]): Position {
  const race = isRace(pos);
  let best = pos;
  let top = -Infinity;
  for (const play of legalPlays(pos, dice)) {
    const after = playPosition(play);
    const s = pubeval(race, after);
    if (s > top) {
      top = s;
      best = after;
    }
  }
  return best;
}

/**
 * The chance that the side that has just played `after` wins, from one truncated rollout: both
 * sides play pubeval's choice for `plies` plies of `dice`, then the position is rated by the
 * fitted win-chance curves (or the game ended on the way). The first opponent roll is given, so
 * that 36 rollouts cover every first roll once.
 */
function rolloutOnce(after: Position, first: readonly [number, number], random: () => number, plies: number): number {
  let pos = swapSides(after);
  let oursToMove = false;
  for (let ply = 0; ply < plies; ply++) {
    const dice: readonly [number, number] = ply === 0 ? first : [rollDie(random), rollDie(random)];
    pos = pubevalPlay(pos, dice);
    if (sideTotal(pos.onRoll) === 0) return oursToMove ? 1 : 0;
    pos = swapSides(pos);
    oursToMove = !oursToMove;
  }
  const p = winChance(pos);
  return oursToMove ? p : 1 - p;
}

/** The 36 first rolls, each once: what stratifies the rollouts. */
const FIRST_ROLLS: readonly (readonly [number, number])[] = Array.from({ length: 36 }, (_, i) => [1 + (i % 6), 1 + Math.floor(i / 6)] as const);

/**
 * The mean rollout result of each candidate. Every candidate is rolled out with the same dice
 * (common random numbers, seeded by `seed`): the comparison between plays then carries much
 * less noise than each value does alone, which is what lets 36 short rollouts tell plays apart.
 * This is Tesauro and Galperin's on-line policy improvement (NIPS 1996): rollouts of a base
 * player choose better than the base player does.
 */
export function rolloutValues(candidates: readonly Choice[], seed: number): number[] {
  return candidates.map((c) => {
    if (sideTotal(c.after.onRoll) === 0) return 1;
    const random = prng(seed);
    let total = 0;
    for (let g = 0; g < ROLLOUT.games; g++) total += rolloutOnce(c.after, FIRST_ROLLS[g % 36]!, random, ROLLOUT.plies);
    return total / ROLLOUT.games;
  });
}
