import { contextOf, occupantOf } from "./context.js";
import { pointOf } from "./field.js";
import type { GolMove, PieceAction } from "./moves.js";
import { endTurnRefusal, refusal } from "./permissions.js";
import { NUMBERS } from "./sides.js";
import { seatOf } from "../common/home-away.js";
import type { GolState } from "./state.js";
import { kickTargets, moveTargets, pushTargets, tripTargets } from "./targets.js";

const END_TURN: GolMove = Object.freeze({ type: "endTurn" });

/**
 * Every distinct legal action of `seat` right now, each in its recorded form: pieces in number
 * order, then moves, kicks, pushes and trips; `endTurn` last when legal. A kick into the goal is
 * one action per kicker (`"to": "goal"`), whatever goal cell it would enter.
 */
export function legalMoves(state: GolState, seat: number): GolMove[] {
  if (state.turn === null || seat !== seatOf(state.turn.side)) return [];
  const ctx = contextOf(state);
  const out: GolMove[] = [];
  for (const piece of NUMBERS) {
    const from = ctx.own[piece - 1]!;
    const may = (kind: PieceAction): boolean => refusal(ctx, piece, kind) === null;
    if (may("move")) for (const c of moveTargets(ctx, from)) out.push({ type: "move", piece, to: pointOf(c) });
    if (!ctx.main) continue;
    if (may("kick")) for (const c of kickTargets(ctx, from)) out.push({ type: "kick", piece, to: c === "goal" ? "goal" : pointOf(c) });
    if (may("push")) for (const code of pushTargets(ctx, from)) out.push({ type: "push", piece, target: occupantOf(code) });
    if (may("trip")) for (const code of tripTargets(ctx, from)) out.push({ type: "trip", piece, target: occupantOf(code) });
  }
  if (endTurnRefusal(ctx) === null) out.push(END_TURN);
  return out;
}
