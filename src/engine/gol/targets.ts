import type { Context } from "./context.js";
import { adjacent, beyond, inReach, neighbours, type Cell } from "./field.js";
import { goalInReach } from "./goals.js";
import type { PieceAction } from "./moves.js";

/**
 * Where an action of a piece may go, given that the piece may make it (permissions.ts). The
 * predicates (`…Ok`) judge one destination; the enumerations walk the few candidate cells and
 * apply the same predicates, so the generator and the validator cannot disagree on a cell.
 */

/** A move ends on an empty cell (no piece, no ball) within 4; a secondary move not next to the ball (ruling). */
export const moveOk = (ctx: Context, to: Cell): boolean => ctx.occ[to] === 0 && to !== ctx.ball && (ctx.main || !adjacent(to, ctx.ball));

/** The ball flies to a cell within 4 of its own with no piece, the kicker's old cell included (the kicker left it). */
export const kickOk = (ctx: Context, kicker: Cell, to: Cell): boolean => ctx.occ[to] === 0 || to === kicker;

/** The cell the pushed piece goes to, when the push is possible: on the field, free of pieces and ball. */
export function pushTo(ctx: Context, pusher: Cell, target: Cell): Cell | null {
  const to = beyond(pusher, target);
  return to !== null && ctx.occ[to] === 0 && to !== ctx.ball ? to : null;
}

/** Trips are fouls on the other side's pieces. */
const opposing = (ctx: Context, code: number): boolean => (ctx.side === "home" ? code < 0 : code > 0);

export function moveTargets(ctx: Context, from: Cell): Cell[] {
  const out: Cell[] = [];
  for (const c of inReach(from)) if (moveOk(ctx, c)) out.push(c);
  return out;
}

export function kickTargets(ctx: Context, kicker: Cell): (Cell | "goal")[] {
  const out: (Cell | "goal")[] = [];
  for (const c of inReach(ctx.ball)) if (kickOk(ctx, kicker, c)) out.push(c);
  if (goalInReach(ctx.ball) !== null) out.push("goal");
  return out;
}

/** Occupant codes of the pieces that may be pushed. */
export function pushTargets(ctx: Context, from: Cell): number[] {
  const out: number[] = [];
  for (const c of neighbours(from)) if (ctx.occ[c] !== 0 && pushTo(ctx, from, c) !== null) out.push(ctx.occ[c]!);
  return out;
}

/** Occupant codes of the pieces that may be tripped. */
export function tripTargets(ctx: Context, from: Cell): number[] {
  const out: number[] = [];
  for (const c of neighbours(from)) if (ctx.occ[c] !== 0 && opposing(ctx, ctx.occ[c]!)) out.push(ctx.occ[c]!);
  return out;
}

/** Whether the action has at least one destination (cheap: stops at the first). */
export function hasTarget(ctx: Context, from: Cell, kind: PieceAction): boolean {
  switch (kind) {
    case "move":
      for (const c of inReach(from)) if (moveOk(ctx, c)) return true;
      return false;
    case "kick":
      // The kicker's own old cell is within 4 of the ball and always free for it.
      return true;
    case "push":
      for (const c of neighbours(from)) if (ctx.occ[c] !== 0 && pushTo(ctx, from, c) !== null) return true;
      return false;
    case "trip":
      for (const c of neighbours(from)) if (ctx.occ[c] !== 0 && opposing(ctx, ctx.occ[c]!)) return true;
      return false;
  }
}
