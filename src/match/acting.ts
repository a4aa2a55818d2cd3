import { rulesOf } from "./rules.js";
import { actingSeats } from "../engine/common/turn-view.js";
import { openSeats } from "./seating.js";
import type { MatchState } from "./state.js";

/**
 * The seats the match waits for now: those the ruleset lets act, once every seat is taken and
 * until the match is finished. The clock runs for exactly these.
 */
export function dueToAct(state: MatchState): readonly number[] {
  if (state.status === "FINISHED" || openSeats(state.seating).length > 0) return [];
  return actingSeats(rulesOf(state).turn(state.game));
}

/** Whether every side has a seat that played a move: from then on a match can no longer be aborted. */
export function everySideMoved(state: MatchState): boolean {
  return rulesOf(state)
    .sides(state.game)
    .every((side) => side.seats.some((seat) => state.moved[seat]));
}

/** The side of a seat, by its index among the ruleset's sides. */
export const sideIndexOf = (state: MatchState, seat: number): number =>
  rulesOf(state)
    .sides(state.game)
    .findIndex((side) => side.seats.includes(seat));
