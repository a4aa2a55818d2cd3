import { playBotGame } from "../../src/engine/bot-game.js";
import { botFor, type BotLevel } from "../../src/engine/bots.js";
import { getRuleset, type RulesetId } from "../../src/engine/registry.js";
import type { Json } from "../../src/engine/ruleset.js";
import type { SeatBot } from "../../src/engine/common/seat-bot.js";
import type { Measurement, Suite } from "../report.js";
import { wilson } from "../wilson.js";

/** One pairing: `level` against `against`, `games` seeded games, seats swapped every other game. */
interface Pairing {
  readonly ruleset: RulesetId;
  readonly level: BotLevel;
  readonly against: BotLevel;
  readonly games: number;
  readonly options?: Json;
  readonly seats?: number;
}

/** Scales every pairing's game count: `BOTS_SCALE=0.1 npm run bench bots` for a quick look. */
const SCALE = Number(process.env.BOTS_SCALE ?? "1");

/**
 * The pairings the issue sets targets for: each level against the one below it, and pubeval
 * against random. Backgammon games are single games (a 1-point match, no cube), as the target
 * ("pubeval wins at least 85% of single games against random") is stated.
 */
const PAIRINGS: readonly Pairing[] = [
  { ruleset: "backgammon", level: "pubeval", against: "random", games: 400 },
  { ruleset: "backgammon", level: "rollout", against: "pubeval", games: 400 },
  { ruleset: "backgammon", level: "rollout", against: "random", games: 100 },
  { ruleset: "golnard-estafeta", level: "progress", against: "random", games: 100, options: { teams: 2 } },
  { ruleset: "golnard-football", level: "tactical", against: "random", games: 100 },
  { ruleset: "gol", level: "tactical", against: "random", games: 100 },
];

const bot = (ruleset: RulesetId, level: string, seed: number): SeatBot<unknown, Json> => {
  const made = botFor(ruleset, level, seed);
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
};

/** Time a bot spends choosing, and how often it chose: the engine has no clock, the bench wraps the bots. */
interface Clock {
  ms: number;
  calls: number;
}
const timed = (inner: SeatBot<unknown, Json>, clock: Clock): SeatBot<unknown, Json> => ({
  choose(state, seat, moves) {
    const t0 = performance.now();
    const move = inner.choose(state, seat, moves);
    clock.ms += performance.now() - t0;
    clock.calls++;
    return move;
  },
});

function measure(p: Pairing): Measurement[] {
  const games = Math.max(2, Math.round(p.games * SCALE));
  let wins = 0;
  let draws = 0;
  const mineClock: Clock = { ms: 0, calls: 0 };
  const theirClock: Clock = { ms: 0, calls: 0 };
  const ruleset = getRuleset(p.ruleset);
  for (let g = 0; g < games; g++) {
    // Even games: `level` holds seat 0 (side 0); odd games: the other side.
    const mine = g % 2;
    const seed = 1000 + g;
    const a = timed(bot(p.ruleset, p.level, 2 * seed), mineClock);
    const b = timed(bot(p.ruleset, p.against, 2 * seed + 1), theirClock);
    let sideOfSeat: ((seat: number) => number) | null = null;
    const game = playBotGame({
      ruleset: p.ruleset,
      options: p.options,
      seats: p.seats,
      seed,
      botOf: (seat) => {
        return sideOfSeat!(seat) === mine ? a : b;
      },
      onStart: (state) => {
        const sides = ruleset.sides(state);
        sideOfSeat = (seat) => sides.findIndex((s) => s.seats.includes(seat));
      },
    });
    const sides = ruleset.sides(game.state).map((s) => s.side);
    const won = game.outcome.winningSides;
    if (won.length === 1 && won[0] === sides[mine]) wins++;
    else if (won.length !== 1) draws++;
  }
  const points = wins + draws / 2;
  const { low, high } = wilson(points, games);
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const perMove = (c: Clock) => (c.ms / Math.max(1, c.calls)).toFixed(3);
  return [
    {
      name: `${p.ruleset}: ${p.level} vs ${p.against}, score`,
      unit: "%",
      value: (100 * points) / games,
      better: "higher",
      note: `${games} games, ${wins} won ${draws} drawn ${games - wins - draws} lost, 95% Wilson ${pct(low)}-${pct(high)}, ms per move ${p.level} ${perMove(mineClock)}, ${p.against} ${perMove(theirClock)}`,
    },
  ];
}

/**
 * Bot strength: win rates of every level against the level below it (draws count half), with a
 * 95% Wilson interval, and the bots' time per move. Games are played straight on the rulesets
 * with PRNG dice (`playBotGame`), seeded, so a run repeats exactly.
 */
export const suite: Suite = {
  name: "bots (each level against the one below; seats swapped every other game)",
  async run(): Promise<Measurement[]> {
    const only = process.env.BOTS_ONLY;
    return PAIRINGS.filter((p) => !only || only.split(",").includes(p.ruleset)).flatMap(measure);
  },
};
