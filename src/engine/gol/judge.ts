import { contextOf, type Context } from "./context.js";
import { refuse } from "./errors.js";
import { adjacent, cellAt, chebyshev, REACH, type Cell } from "./field.js";
import { goalInReach } from "./goals.js";
import type { GolMove } from "./moves.js";
import { endTurnRefusal, refusal } from "./permissions.js";
import { seatOf, type HomeAway } from "../common/home-away.js";
import type { GolState } from "./state.js";
import { kickOk, moveOk, pushTo } from "./targets.js";
import { ok, type Result } from "../result.js";

/** A legal action made concrete: the cells it involves. */
export type Resolved =
  | { readonly kind: "endTurn" }
  | { readonly kind: "move"; readonly piece: number; readonly from: Cell; readonly to: Cell }
  | { readonly kind: "kick"; readonly piece: number; readonly from: Cell; readonly to: Cell | "goal" }
  | { readonly kind: "push"; readonly piece: number; readonly from: Cell; readonly target: { side: HomeAway; piece: number }; readonly at: Cell; readonly to: Cell }
  | { readonly kind: "trip"; readonly piece: number; readonly from: Cell; readonly target: { side: HomeAway; piece: number } };

const at = (p: { x: number; y: number }): string => `(${p.x}, ${p.y})`;

/**
 * Judges one action for `seat`: the turn rules (permissions.ts), then its destination by the same
 * predicates the generator uses (targets.ts). Refusals name the first rule broken.
 */
export function judge(state: GolState, seat: number, move: GolMove): Result<Resolved> {
  if (state.turn === null) return refuse("GAME_OVER", "the match is over");
  if (seat !== seatOf(state.turn.side)) return refuse("NOT_YOUR_TURN", `${state.turn.side} (seat ${seatOf(state.turn.side)}) is to move`);
  const ctx = contextOf(state);
  if (move.type === "endTurn") {
    const no = endTurnRefusal(ctx);
    return no ? refuse(no[0], no[1]) : ok({ kind: "endTurn" });
  }
  const no = refusal(ctx, move.piece, move.type);
  if (no) return refuse(no[0], no[1]);
  const from = ctx.own[move.piece - 1]!;
  switch (move.type) {
    case "move":
      return judgeMove(ctx, move.piece, from, cellAt(move.to), at(move.to));
    case "kick":
      return judgeKick(ctx, move.piece, from, move.to === "goal" ? "goal" : cellAt(move.to));
    case "push":
    case "trip": {
      const { side, piece } = move.target;
      const cell = state.pieces[side][piece - 1]!;
      if (!adjacent(from, cell)) return refuse("NOT_ADJACENT", `${side} ${piece} is not next to piece ${move.piece}`);
      if (move.type === "trip") {
        if (side === ctx.side) return refuse("NOT_AN_OPPONENT", "a trip is a foul on an opposing piece");
        return ok({ kind: "trip", piece: move.piece, from, target: { side, piece } });
      }
      const to = pushTo(ctx, from, cell);
      if (to === null) return refuse("PUSH_BLOCKED", `the cell behind ${side} ${piece} is off the field or taken`);
      return ok({ kind: "push", piece: move.piece, from, target: { side, piece }, at: cell, to });
    }
  }
}

function judgeMove(ctx: Context, piece: number, from: Cell, to: Cell, where: string): Result<Resolved> {
  const d = chebyshev(from, to);
  if (d === 0) return refuse("CELL_OCCUPIED", `piece ${piece} already stands on ${where}`);
  if (d > REACH) return refuse("TOO_FAR", `${where} is ${d} from piece ${piece}; a move goes at most ${REACH}`);
  if (!moveOk(ctx, to)) {
    if (ctx.occ[to] !== 0) return refuse("CELL_OCCUPIED", `a piece stands on ${where}`);
    if (to === ctx.ball) return refuse("BALL_CELL", "a piece steps onto the ball only to kick it");
    return refuse("ENDS_NEXT_TO_BALL", "a secondary move may not end next to the ball");
  }
  return ok({ kind: "move", piece, from, to });
}

function judgeKick(ctx: Context, piece: number, from: Cell, to: Cell | "goal"): Result<Resolved> {
  if (to === "goal") {
    if (goalInReach(ctx.ball) === null) return refuse("GOAL_OUT_OF_REACH", `no goal cell is within ${REACH} of the ball`);
    return ok({ kind: "kick", piece, from, to });
  }
  const d = chebyshev(ctx.ball, to);
  if (d === 0) return refuse("BALL_CELL", "the ball must fly to another cell");
  if (d > REACH) return refuse("TOO_FAR", `a kick flies at most ${REACH}; that cell is ${d} from the ball`);
  if (!kickOk(ctx, from, to)) return refuse("CELL_OCCUPIED", "the ball must land on a cell without a piece");
  return ok({ kind: "kick", piece, from, to });
}
