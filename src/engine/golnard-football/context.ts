import { CELLS, isGoalZone, NEIGHBOURS, type Cell } from "./board.js";
import { keeperOf, occupancy, ownerSeat, sideOfToken, tokensOfSeat, type FootballState, type TurnStage } from "./state.js";
import type { WalkContext } from "./walk.js";
import { otherIndex, type SideIndex } from "../common/home-away.js";

/** One position in the middle of a turn, with what every rule check of it needs computed once. */
export interface Ctx {
  readonly s: FootballState;
  readonly t: TurnStage;
  readonly side: SideIndex;
  readonly occ: Int8Array;
  /** Distinct points of the unspent dice, in roll order. */
  readonly dice: readonly number[];
  /** The acting seat's tokens. */
  readonly own: readonly number[];
  /** For each cell: does an opposing token stand next to it (what blocks a dribble)? */
  readonly opponentNear: Uint8Array;
}

export function unusedDice(t: TurnStage): number[] {
  const out: number[] = [];
  (t.dice ?? []).forEach((d, i) => {
    if (!t.used[i] && !out.includes(d)) out.push(d);
  });
  return out;
}

/** Marks the first unspent die showing `points` as spent. */
export function spend(t: TurnStage, points: number): boolean[] {
  const used = [...t.used];
  const i = (t.dice ?? []).findIndex((d, j) => d === points && !used[j]);
  if (i >= 0) used[i] = true;
  return used;
}

/** The seat that acts now: the defending keeper's seat places the keeper for a penalty. */
export function actingSeat(s: FootballState): number | null {
  if (s.stage.kind !== "turn") return null;
  const t = s.stage;
  return t.step === "keeper" ? ownerSeat(s, keeperOf(otherIndex(t.side))) : t.seat;
}

export function ctxOf(s: FootballState): Ctx {
  const t = s.stage as TurnStage;
  const occ = occupancy(s.tokens);
  const opponentNear = new Uint8Array(CELLS);
  const base = otherIndex(t.side) * 11;
  for (let i = base; i < base + 11; i++) for (const n of NEIGHBOURS[s.tokens[i]!]!) opponentNear[n] = 1;
  return { s, t, side: t.side, occ, dice: unusedDice(t), own: tokensOfSeat(s, t.seat), opponentNear };
}

/** The occupancy without token `i` (its own cell counts as empty for its walk). */
export function occWithout(occ: Int8Array, tokens: readonly Cell[], i: number): Int8Array {
  const o = occ.slice();
  o[tokens[i]!] = 0;
  return o;
}

export function walkCtx(ctx: Ctx, i: number): WalkContext {
  const { s } = ctx;
  const start = s.tokens[i]!;
  return { occ: occWithout(ctx.occ, s.tokens, i), ball: s.holder === i ? start : (s.ball ?? -1), start, holding: s.holder === i, side: sideOfToken(i), keeper: i % 11 === 0 };
}

/** The position right after token `i` walked with `die` to `end` (holding the ball or not), before any drop. */
export function afterWalk(ctx: Ctx, i: number, die: number, end: Cell, carrying: boolean): FootballState {
  const { s, t } = ctx;
  const tokens = s.tokens.slice();
  tokens[i] = end;
  return {
    ...s,
    tokens,
    ball: carrying ? end : s.ball,
    holder: carrying ? i : null,
    stage: { ...t, used: spend(t, die), actions: t.actions + 1, forced: t.forced.filter((f) => f !== i) },
  };
}

/** Where a holder may leave the ball when its turn ends: any token-free neighbour outside the goal zones. */
export function dropCells(tokens: readonly Cell[], at: Cell): Cell[] {
  const occ = occupancy(tokens);
  return NEIGHBOURS[at]!.filter((n) => occ[n] === 0 && !isGoalZone(n));
}
