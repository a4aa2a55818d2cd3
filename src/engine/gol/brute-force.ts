import { play } from "./actions.js";
import { CELLS, pointOf } from "./field.js";
import type { GolMove } from "./moves.js";
import { NUMBERS } from "./sides.js";
import { HOME_AWAY } from "../common/home-away.js";
import type { GolState } from "./state.js";

/**
 * Every candidate action there could be: each piece x each field cell x {move, kick}, each kick
 * into the goal, each piece x each of the 22 pieces x {push, trip}, and endTurn. About 10,500
 * candidates, in the order `legalMoves` lists them.
 */
export function candidates(): GolMove[] {
  const out: GolMove[] = [];
  for (const piece of NUMBERS) {
    for (let c = 0; c < CELLS; c++) out.push({ type: "move", piece, to: pointOf(c) });
    for (let c = 0; c < CELLS; c++) out.push({ type: "kick", piece, to: pointOf(c) });
    out.push({ type: "kick", piece, to: "goal" });
    for (const kind of ["push", "trip"] as const) for (const side of HOME_AWAY) for (const target of NUMBERS) out.push({ type: kind, piece, target: { side, piece: target } });
  }
  out.push({ type: "endTurn" });
  return out;
}
const ALL = candidates();

/**
 * The reference for `legalMoves`: every candidate judged by `play` itself, the one judge of
 * legality. Thousands of calls per position, so it is for the tests and the benchmark's baseline.
 */
export function bruteForceLegalMoves(state: GolState, seat: number): GolMove[] {
  return ALL.filter((move) => play(state, seat, move).ok);
}
