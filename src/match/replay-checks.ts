import type { MatchEvent } from "./events.js";
import { overdueSeats } from "./clock.js";
import { cannotAbort, cannotAnswer, cannotJoin, cannotOfferDraw, cannotOfferResignation, cannotResign, notInPlay } from "./guards.js";
import type { Rejection } from "./rejection.js";
import type { MatchState } from "./state.js";
import { cannotTimeOut } from "./timeout.js";

const problem = (r: Rejection | null): string | null => (r ? `${r.code}: ${r.message}` : null);

/**
 * Why a logged event could not have been decided at its own time, by the same rules `decide`
 * applies (the ruleset's checks run when the event is applied). Null: it could.
 */
export function replayProblem(state: MatchState, event: Exclude<MatchEvent, { type: "MatchCreated" }>): string | null {
  const { at } = event;
  switch (event.type) {
    case "SeatJoined":
      return problem(cannotJoin(state, event.data.seat, event.data.player, at));
    case "DiceRolled":
    case "MovePlayed":
      return problem(notInPlay(state, at));
    case "DrawOffered":
      return problem(cannotOfferDraw(state, at));
    case "DrawDeclined":
    case "DrawAccepted":
      return problem(cannotAnswer(state, "draw", event.data.seat, at));
    case "ResignationOffered":
      return problem(cannotOfferResignation(state, event.data.value, at));
    case "ResignationDeclined":
      return problem(cannotAnswer(state, "resignation", event.data.seat, at));
    case "ResignationAccepted": {
      const offer = state.offer;
      if (offer?.kind !== "resignation" || offer.seat !== event.data.resigned || offer.value !== event.data.value) return "it accepts a resignation that was not offered";
      return problem(cannotAnswer(state, "resignation", event.data.seat, at));
    }
    case "Resigned":
      return problem(cannotResign(state, at));
    case "TimedOut": {
      const refused = cannotTimeOut(state, at);
      if (refused) return problem(refused);
      const overdue = overdueSeats(state.clock!, at);
      return overdue.join() === event.data.seats.join() ? null : `seats ${event.data.seats.join(", ")} were not the ones out of time (${overdue.join(", ")})`;
    }
    case "Aborted":
      return problem(event.data.cause === "requested" ? cannotAbort(state) : cannotTimeOut(state, at));
    case "TurnPassed":
    case "MatchFinished":
      return null;
  }
}
