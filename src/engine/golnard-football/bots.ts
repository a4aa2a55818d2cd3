import { randomSeatBot, scoredBot, type BotFactory } from "../common/seat-bot.js";
import { otherIndex, type SideIndex } from "../common/home-away.js";
import { cellAt, chebyshev, GOAL_LINE_X, toGoalLine, xOf, type Cell, type Direction } from "./board.js";
import { scorer } from "./bot.js";
import { occWithout } from "./context.js";
import { flight } from "./kick.js";
import type { FootballMove } from "./move-schema.js";
import { occupancy, sideOfSeat, sideOfToken, tokenIndex, type FootballState, type TurnStage } from "./state.js";

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
 * "Out of play"): a throw-in won over an opponent is an extra turn, worth a pass bonus; a
 * corner won over a defender is a chance near the goal; a shot wide from in range hands the other
 * side only a goal kick, far from our goal, and beats a pass sideways (more so when an opponent is
 * at the ball and would win it there); a clearance over our own goal line concedes a corner, the
 * lesser evil when an opponent is at the ball in our penalty area; into touch from our own third
 * under pressure beats losing the ball there. The plain `bot.ts` scorer penalises every kick out
 * alike, which is why its games show no corner at all. The values are on `bot.ts`'s scale: a
 * pass that earns the bonus is worth about 60 plus 5 per column gained, a goal 1000.
 */
export function outValue(state: FootballState, side: SideIndex, from: Cell, exit: Cell, line: "touch" | "goal", lastToucher: number): number {
  const ours = sideOfToken(lastToucher) === side;
  const base = otherIndex(side) * 11;
  const nearest = Math.min(...state.tokens.slice(base, base + 11).map((c) => chebyshev(c, from)));
  const fromOwnLine = 19 - toGoalLine(side, from);
  // Won over an opponent, a set piece is ours and an extra turn, worth a pass bonus.
  if (line === "touch") return !ours ? 70 : nearest <= 2 && fromOwnLine <= 6 ? 15 : -30;
  const theirLine = xOf(exit) === GOAL_LINE_X[otherIndex(side)];
  if (theirLine) return !ours ? 120 : toGoalLine(side, from) <= SHOT_RANGE ? (nearest <= 2 ? 45 : 25) : -25;
  // Over an opponent out over our own line: the goal kick is ours, another extra turn.
  if (!ours) return 70;
  // A clearance: an opponent at the ball in our penalty area would shoot next; worth more than a bonus pass out of there.
  return fromOwnLine <= 5 && nearest <= 3 ? 85 : -80;
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

export const FOOTBALL_BOTS: { readonly [L in FootballLevel]: BotFactory<FootballState, FootballMove> } = {
  random: (seed) => randomSeatBot(seed),
  // A draw is worth taking only when behind: level or ahead, the tactical side plays on to win.
  tactical: (seed) => ({
    ...scoredBot(seed, (state: FootballState) => tacticalScorer(state)),
    acceptDraw: (state, seat) => {
      const side = sideOfSeat(state, seat);
      return state.score[side] < state.score[otherIndex(side)];
    },
  }),
};
