import { rulesOf } from "./rules.js";
import { everySideMoved, sideIndexOf } from "./acting.js";
import { clockDeadline, overdueSeats } from "./clock.js";
import type { Offer } from "./offer.js";
import { isBot, type PlayerRef } from "./player-ref.js";
import { rejection, type Rejection } from "./rejection.js";
import { openSeats, seatOfPlayer } from "./seating.js";
import type { MatchState } from "./state.js";

/**
 * The match layer's own rules, one predicate each, answering why not (null: allowed). `decide`
 * refuses commands with them and replay checks the logged events against the same ones, so a
 * log where, say, a move came after its deadline or a timeout before it does not replay.
 */

const ms = (iso: string): number => Date.parse(iso);

/** Rolls, moves, offers and answers need the match under way: every seat taken, nobody out of time. */
export function notInPlay(state: MatchState, at: string): Rejection | null {
  if (state.status === "FINISHED") return rejection("MATCH_FINISHED", "the match is over");
  const open = openSeats(state.seating);
  if (open.length > 0) return rejection("WAITING_FOR_PLAYERS", `the match waits for players: seat ${open.join(" and ")} ${open.length > 1 ? "are" : "is"} open`, { openSeats: open });
  const overdue = state.clock ? overdueSeats(state.clock, at) : [];
  if (overdue.length > 0) {
    return rejection("DEADLINE_PASSED", `seat ${overdue.join(" and ")} ran out of time at ${clockDeadline(state.clock!)}: the match is lost on time (claimTimeout)`, {
      deadline: clockDeadline(state.clock!),
      overdue,
    });
  }
  return null;
}

export function cannotJoin(state: MatchState, seat: number, player: PlayerRef | null, at: string): Rejection | null {
  if (state.status === "FINISHED") return rejection("MATCH_FINISHED", "the match is over");
  if (player && !isBot(player) && seatOfPlayer(state.seating, player.id) !== null) {
    return rejection("ALREADY_JOINED", `${player.name} already holds seat ${seatOfPlayer(state.seating, player.id)} of this match`);
  }
  const open = state.seating[seat]?.open;
  if (!open) {
    const left = openSeats(state.seating);
    return rejection("MATCH_FULL", left.length === 0 ? "every seat of this match is taken" : `seat ${seat} is taken; open: ${left.join(", ")}`, { openSeats: left });
  }
  if (ms(at) >= ms(open.expiresAt)) return rejection("INVITATION_EXPIRED", `the invitation to seat ${seat} lapsed at ${open.expiresAt}`, { expiresAt: open.expiresAt });
  if (open.reservedFor && open.reservedFor.id !== player?.id) return rejection("FORBIDDEN", `seat ${seat} is reserved for ${open.reservedFor.name}`);
  return null;
}

export function cannotOfferDraw(state: MatchState, at: string): Rejection | null {
  const ruleset = rulesOf(state);
  if (state.status !== "FINISHED" && !ruleset.drawAllowed?.(state.game)) return rejection("DRAW_NOT_ALLOWED", `a ${state.ruleset} match cannot end in a draw${ruleset.drawAllowed ? " with these options" : ""}`);
  return notInPlay(state, at) ?? pending(state.offer);
}

export function cannotOfferResignation(state: MatchState, value: string, at: string): Rejection | null {
  const values = rulesOf(state).resignationValues ?? [];
  if (!values.includes(value)) {
    return rejection("BAD_USER_INPUT", values.length === 0 ? `a ${state.ruleset} resignation concedes the match: send no value` : `a resignation offers one of ${values.join(", ")}`, {
      reason: "UNKNOWN_RESIGNATION_VALUE",
    });
  }
  return notInPlay(state, at) ?? pending(state.offer);
}

const pending = (offer: Offer | null): Rejection | null =>
  offer ? rejection("OFFER_PENDING", `seat ${offer.seat}'s ${offer.kind === "draw" ? "draw offer" : "resignation"} awaits an answer first`, { offer }) : null;

/** Accepting or declining needs an offer of that kind from a seat of another side. */
export function cannotAnswer(state: MatchState, kind: Offer["kind"], seat: number, at: string): Rejection | null {
  const refused = notInPlay(state, at);
  if (refused) return refused;
  const { offer } = state;
  if (!offer || offer.kind !== kind || sideIndexOf(state, offer.seat) === sideIndexOf(state, seat)) {
    return rejection("NO_OFFER", `no ${kind === "draw" ? "draw offer" : "resignation"} awaits an answer from seat ${seat}`);
  }
  return null;
}

export function cannotResign(state: MatchState, at: string): Rejection | null {
  return notInPlay(state, at);
}

/** A match may be called off until every side has moved (and while seats are still open). */
export function cannotAbort(state: MatchState): Rejection | null {
  if (state.status === "FINISHED") return rejection("MATCH_FINISHED", "the match is over");
  if (everySideMoved(state)) return rejection("TOO_LATE_TO_ABORT", "every side has moved: resign, or offer a draw, instead");
  return null;
}
