import { cellAt, DIRECTIONS, FORWARD, isGoalZone, isKeeperZone, NEIGHBOURS, pointOf, type Cell } from "./board.js";
import { actingSeat, afterWalk, ctxOf, occWithout, walkCtx, type Ctx } from "./context.js";
import { flight } from "./kick.js";
import type { FootballMove } from "./move-schema.js";
import { runOutcome } from "./penalty.js";
import { ballTarget, goalKickCells, lineDirections, penaltyBallCells, penaltyKeeperCells, penaltyKickerCells } from "./set-pieces.js";
import { isKeeper, keeperOf, numberOf, type FootballState } from "./state.js";
import { reach, statesAt, type Reach } from "./walk.js";
import { otherIndex } from "../common/home-away.js";

/** Receives each legal action in turn; returning true stops the enumeration (a cheap "is there any?"). */
export type Visit = (move: FootballMove) => boolean | void;

const STOP: Visit = () => true;

// Module-local aliases of imported helpers used in the hot loops below (an imported binding read
// per call costs a getter call under some loaders).
const NB = NEIGHBOURS;
const point = pointOf;
const GOAL_ZONE: Uint8Array = Uint8Array.from({ length: 200 }, (_, c) => (isGoalZone(c) ? 1 : 0));

/**
 * Enumerates every legal action of `seat` now, in a fixed order, and stops early when `visit`
 * says so. This is the one generator: `legalMoves` collects it, `mustPass` and the end-of-turn
 * test ("can any die still be used?") stop at its first action, and `play` checks each action
 * with the same primitives (walk.ts, kick.ts, penalty.ts, set-pieces.ts) and the same constraints.
 */
export function eachAction(s: FootballState, seat: number, visit: Visit): boolean {
  if (s.stage.kind !== "turn" || actingSeat(s) !== seat) return false;
  const t = s.stage;
  const ctx = ctxOf(s);
  const defender = otherIndex(t.side);
  switch (t.step) {
    case "roll":
      return false;
    case "place":
      return goalKickCells(ctx.occ, t.side).some((c) => visit({ type: "goalKick", at: point(c) }) === true);
    case "keeper":
      return penaltyKeeperCells(ctx.occ, defender, keeperOf(defender)).some((c) => visit({ type: "penaltyKeeper", at: point(c) }) === true);
    case "ball":
      return penaltyBallCells(ctx.occ, defender).some((c) => visit({ type: "penaltyBall", at: point(c) }) === true);
    case "kicker":
      for (const i of ctx.own) {
        if (isKeeper(i)) continue;
        for (const c of penaltyKickerCells(ctx.occ, defender, i, s.ball!)) if (visit({ type: "penaltyKicker", token: numberOf(i), at: point(c) })) return true;
      }
      return false;
    case "move":
      if (t.play === "penalty" || t.play === "shootout") return penaltyMoves(ctx, visit);
      if (t.play === "throwIn" || t.play === "corner") return t.ballMoved ? takeStep(ctx, visit) : ballMoves(ctx, visit);
      return ordinaryMoves(ctx, visit);
  }
}

export const hasAction = (s: FootballState, seat: number): boolean => eachAction(s, seat, STOP);

/** Does the turn end right after this position (no die left, or none of them usable)? */
export function turnEndsAt(after: FootballState): boolean {
  if (after.stage.kind !== "turn") return true;
  const t = after.stage;
  if (t.used.every((u) => u)) return true;
  return !hasAction(after, t.seat);
}

/**
 * An ordinary turn (kickoffs, extra turns and goal kicks after the placement too): the holder
 * acts if a token holds the ball; else the seat's tokens that started in a goalkeeper zone move
 * out first (a walk, or a blocked dribble's kick); else any token walks, or dribbles into a
 * blocked-dribble kick.
 */
function ordinaryMoves(ctx: Ctx, visit: Visit): boolean {
  const { s } = ctx;
  if (s.holder !== null) return tokenMoves(ctx, s.holder, visit, false, true);
  const forced = forcedMoves(ctx);
  if (forced) return forced.some((m) => visit(m) === true);
  return ctx.own.some((i) => tokenMoves(ctx, i, visit, false, true));
}

/**
 * The forced moves out of a goalkeeper zone, or null when none binds. Each pending token with a
 * legal walk for some die is moved first; a pending token with no legal walk at all is released.
 * The forced move is an ordinary use of that die: a walk, or a walk onto the ball that stops next
 * to an opposing token and kicks the rest of the die (a blocked dribble). With a die for which
 * some walk ends outside the zone, the move must end outside (a dribble: stop outside).
 * Which tokens are bound, and which walks they may play, is decided by the walks alone: the
 * dribbles only add moves (before they were listed here, a forced token walked only), so every
 * log recorded earlier replays as it did.
 */
export function forcedMoves(ctx: Ctx): FootballMove[] | null {
  const { t } = ctx;
  if (t.forced.length === 0 || ctx.s.holder !== null) return null;
  const out: FootballMove[] = [];
  for (const f of t.forced) {
    const r = reach(walkCtx(ctx, f), Math.max(...ctx.dice));
    const mine: FootballMove[] = [];
    let walks = 0;
    for (const die of ctx.dice) {
      const list: FootballMove[] = [];
      walksOf(ctx, f, die, r, (m) => void list.push(m));
      walks += list.length;
      const leaves = list.some((m) => !isKeeperZone(forcedEnd(m)));
      walkKicksOf(ctx, f, die, r, false, (m) => void list.push(m));
      mine.push(...(leaves ? list.filter((m) => !isKeeperZone(forcedEnd(m))) : list));
    }
    if (walks > 0) out.push(...mine);
  }
  return out.length > 0 ? out : null;
}

/** Where a forced token ends its move: a walk's destination, a blocked dribble's stop. */
export function forcedEnd(m: FootballMove): Cell {
  if (m.type === "walk") return cellAt(m.to);
  if (m.type === "walkKick") return cellAt(m.stop);
  throw new Error(`a forced move is a walk or a walk that ends in a kick, not a ${m.type}`);
}

/**
 * All actions of one token: its walks, its kicks if it holds the ball, and its walks that end in a
 * kick (`take`: in a throw-in or corner, stopping on reaching the ball needs no blocker).
 */
function tokenMoves(ctx: Ctx, i: number, visit: Visit, take: boolean, walks: boolean): boolean {
  const { s } = ctx;
  // Kicks first: they need no walk search, and "is there any action?" mostly stops at one.
  if (s.holder === i) {
    for (const die of ctx.dice) if (kicksOf(ctx, i, s.tokens[i]!, die, ctx.occ, (dir) => visit({ type: "kick", token: numberOf(i), die, direction: dir }))) return true;
  }
  const r = reach(walkCtx(ctx, i), Math.max(...ctx.dice));
  for (const die of ctx.dice) {
    if (walks && walksOf(ctx, i, die, r, visit)) return true;
    if (walkKicksOf(ctx, i, die, r, take, visit)) return true;
  }
  return false;
}

/** Every legal kick direction of `i` from `from` with `length`; calls `each` per direction, stopping when it returns true. */
export function kicksOf(ctx: Ctx, i: number, from: Cell, length: number, occ: Int8Array, each: (dir: (typeof DIRECTIONS)[number]) => boolean | void): boolean {
  const offside = ctx.t.offside.includes(i);
  for (const dir of DIRECTIONS) {
    if (flight(ctx.s.tokens, occ, i, from, dir, length, offside).kind !== "illegal" && each(dir)) return true;
  }
  return false;
}

/**
 * The walks of `i` with `die`: one per end state (cell, holding the ball); a walk that ends the
 * turn holding the ball comes once per drop cell, and not at all without one.
 */
export function walksOf(ctx: Ctx, i: number, die: number, r: Reach, visit: Visit, carryOnly = false): boolean {
  // With this die the last one, a walk that ends holding the ball ends the turn: no lookahead.
  const last = (ctx.t.dice ?? []).filter((_, j) => !ctx.t.used[j]).length === 1;
  let occ: Int8Array | null = null;
  const token = numberOf(i);
  for (const st of statesAt(r, die)) {
    const end = st >> 1;
    const carrying = (st & 1) === 1;
    if (carryOnly && !carrying) continue;
    const base = { type: "walk" as const, token, die, to: point(end), ball: carrying };
    if (!carrying) {
      if (visit(base)) return true;
      continue;
    }
    if (!last && holderCanAct(ctx, i, die, end)) {
      if (visit(base)) return true;
      continue;
    }
    occ ??= occWithout(ctx.occ, ctx.s.tokens, i);
    for (const drop of NB[end]!) {
      if (occ[drop] === 0 && GOAL_ZONE[drop] === 0 && visit({ type: "walk", token, die, to: base.to, ball: true, drop: point(drop) })) return true;
    }
  }
  return false;
}

/**
 * The lookahead of a walk that ends holding the ball with a die still to play: can the holder use
 * that die (kick, walk, or dribble into a kick)? If not, the walk ends the turn and needs a drop.
 * The position after the walk is derived from `ctx` (the opponents and the seat stay the same).
 */
function holderCanAct(ctx: Ctx, i: number, die: number, end: Cell): boolean {
  const other = ctx.dice.length > 1 ? ctx.dice.find((d) => d !== die)! : die;
  // A kick is almost always there: try it on the occupancy with the walker moved, then restore.
  const { occ: scratch, s: before } = ctx;
  const start = before.tokens[i]!;
  scratch[start] = 0;
  scratch[end] = i + 1;
  const offside = ctx.t.offside.includes(i);
  const kick = DIRECTIONS.some((dir) => flight(before.tokens, scratch, i, end, dir, other, offside).kind !== "illegal");
  scratch[end] = 0;
  scratch[start] = i + 1;
  if (kick) return true;
  const s = afterWalk(ctx, i, die, end, true);
  const t = s.stage as Ctx["t"];
  const occ = occWithout(ctx.occ, ctx.s.tokens, i);
  occ[end] = i + 1;
  const next: Ctx = { ...ctx, s, t, occ, dice: ctx.dice.filter((d) => d !== die || t.dice!.filter((x, j) => x === d && !t.used[j]).length > 0) };
  return tokenMoves(next, i, STOP, false, true);
}

/**
 * Walks that end in a kick with the rest of the die: stop after k steps (1 <= k < die) holding the
 * ball, next to an opposing token (a blocked dribble) or, in a take, on the step that reaches the
 * ball; then kick `die - k`.
 */
function walkKicksOf(ctx: Ctx, i: number, die: number, r: Reach, take: boolean, visit: Visit): boolean {
  const { s } = ctx;
  const occ = occWithout(ctx.occ, s.tokens, i);
  for (let k = 1; k < die; k++) {
    for (const st of statesAt(r, k)) {
      if ((st & 1) === 0) continue;
      const stop = st >> 1;
      if (!ctx.opponentNear[stop] && !(take && stop === s.ball && r.arrival[k] !== 0)) continue;
      const length = die - k;
      if (kicksOf(ctx, i, stop, length, occ, (dir) => visit({ type: "walkKick", token: numberOf(i), die, stop: point(stop), length, direction: dir }))) return true;
    }
  }
  return false;
}

/** Throw-in / corner, first action: one die moves the ball along the line, straight in or diagonally in; a die with no cell for it is a stay. */
function ballMoves(ctx: Ctx, visit: Visit): boolean {
  const { s, t } = ctx;
  const from = s.ball!;
  for (const die of ctx.dice) {
    let any = false;
    for (const dir of lineDirections(from, t.line!)) {
      if (ballTarget(ctx.occ, from, dir, die) < 0) continue;
      any = true;
      if (visit({ type: "ball", die, direction: dir })) return true;
    }
    if (!any && visit({ type: "ball", die, direction: "stay" })) return true;
  }
  return false;
}

/** Throw-in / corner, the other die: a take by any token that can take the ball, else an ordinary walk. */
function takeStep(ctx: Ctx, visit: Visit): boolean {
  let any = false;
  const counted: Visit = (m) => {
    any = true;
    return visit(m);
  };
  if (eachTake(ctx, counted)) return true;
  if (any) return false;
  return ctx.own.some((i) => walksOf(ctx, i, ctx.dice[0]!, reach(walkCtx(ctx, i), ctx.dice[0]!), visit));
}

/** The takes: reach the ball and kick the rest at once (or after a blocked dribble), or carry it for all the points. */
export function eachTake(ctx: Ctx, visit: Visit): boolean {
  const die = ctx.dice[0]!;
  for (const i of ctx.own) {
    const r = reach(walkCtx(ctx, i), die);
    if (walksOf(ctx, i, die, r, visit, true)) return true;
    if (walkKicksOf(ctx, i, die, r, true, visit)) return true;
  }
  return false;
}

/** Penalty (and shoot-out kick): first the run with one die, then the shot with the other. */
function penaltyMoves(ctx: Ctx, visit: Visit): boolean {
  const { s, t } = ctx;
  if (!t.reached) {
    const occ = occWithout(ctx.occ, s.tokens, t.kicker!);
    for (const die of ctx.dice) {
      for (const slide of runOutcome(occ, s.tokens[t.kicker!]!, s.ball!, t.side, die).slides) if (visit({ type: "penaltyRun", die, slide })) return true;
    }
    return false;
  }
  for (const die of ctx.dice) for (const direction of FORWARD[t.side]) if (visit({ type: "penaltyShot", direction, die })) return true;
  return false;
}
