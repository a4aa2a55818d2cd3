import { prng } from "../common/prng.js";
import { bestOf, randomSeatBot, type BotFactory, type SeatBot } from "../common/seat-bot.js";
import { otherIndex, type SideIndex } from "../common/home-away.js";
import { cellAt, chebyshev, GOAL_LINE_X, toGoalLine, xOf, type Cell, type Direction } from "./board.js";
import { scorer } from "./bot.js";
import { occWithout } from "./context.js";
import { flight } from "./kick.js";
import type { FootballMove } from "./move-schema.js";
import { occupancy, sideOfToken, tokenIndex, type FootballState, type TurnStage } from "./state.js";

/**
 * Football bot levels, weakest first: `random` plays any legal action; `tactical` plays the
 * best action by `bot.ts`'s geometry (run at the ball, dribble, pass for the bonus, shoot, keep
 * the keeper home, draw penalties) with set pieces valued for what they are worth (see `outValue`),
 * so that its games show corners, goal kicks from play and throw-ins, not only penalties.
 */
export const FOOTBALL_LEVELS = ["random", "tactical"] as const;
export type FootballLevel = (typeof FOOTBALL_LEVELS)[number];

/** Cells from the goal line attacked within which a kick out over it counts as a shot that missed. */
const SHOT_RANGE = 6;

/**
 * What a kick out of play is worth to the kicking `side`, by the set piece it gives (RULES,
 * "Out of play"): a throw-in or a corner won over an opponent is a chance (a corner one near
 * the goal); a shot wide only hands the other side a goal kick far from our goal; a clearance
 * over our own goal line concedes a corner, which is the lesser evil only when an opponent is at
 * the ball near our goal. The plain `bot.ts` scorer penalises every kick out alike, which is why
 * its games show no corner at all.
 */
export function outValue(state: FootballState, side: SideIndex, from: Cell, exit: Cell, line: "touch" | "goal", lastToucher: number): number {
  const ours = sideOfToken(lastToucher) === side;
  if (line === "touch") return ours ? -30 : 40;
  const theirLine = xOf(exit) === GOAL_LINE_X[otherIndex(side)];
  if (theirLine) return ours ? (toGoalLine(side, from) <= SHOT_RANGE ? -8 : -25) : 120;
  if (!ours) return 30;
  const theirs = state.tokens.slice(otherIndex(side) * 11, otherIndex(side) * 11 + 11);
  const danger = 19 - toGoalLine(side, from) <= 5 && theirs.some((c) => chebyshev(c, from) <= 2);
  return danger ? 20 : -80;
}

/** The tactical scorer: `bot.ts`'s, except for kicks that leave the field. */
export function tacticalScorer(state: FootballState): (m: FootballMove) => number {
  const base = scorer(state);
  const t = state.stage as TurnStage;
  const side = t.side;
  const occ = occupancy(state.tokens);
  const out = (i: number, from: Cell, dir: Direction, length: number, occupied: Int8Array): number | null => {
    const f = flight(state.tokens, occupied, i, from, dir, length, t.offside.includes(i));
    return f.kind === "out" ? outValue(state, side, from, f.exit, f.line, f.lastToucher) : null;
  };
  return (m) => {
    if (m.type === "kick") {
      const i = tokenIndex(side, m.token);
      return out(i, state.tokens[i]!, m.direction, m.die, occ) ?? base(m);
    }
    if (m.type === "walkKick") {
      const i = tokenIndex(side, m.token);
      const v = out(i, cellAt(m.stop), m.direction, m.length, occWithout(occ, state.tokens, i));
      return v === null ? base(m) : v - 5;
    }
    return base(m);
  };
}

const tactical = (seed: number): SeatBot<FootballState, FootballMove> => {
  const random = prng(seed);
  return { choose: (state, _seat, moves) => bestOf(moves, tacticalScorer(state), random) };
};

export const FOOTBALL_BOTS: { readonly [L in FootballLevel]: BotFactory<FootballState, FootballMove> } = {
  random: (seed) => randomSeatBot(seed),
  tactical,
};
