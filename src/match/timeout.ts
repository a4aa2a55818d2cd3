import { rulesOf } from "./rules.js";
import { everySideMoved } from "./acting.js";
import { overdueSeats } from "./clock.js";
import { dueOf, isDue, type Due } from "./due.js";
import type { NewEvent } from "./events.js";
import type { RulesetOutcome } from "../engine/ruleset.js";
import { rejection, type Rejection } from "./rejection.js";
import type { MatchState } from "./state.js";

/** A timeout (claimed by a seat, or found by the server's sweep) needs its deadline passed. */
export function cannotTimeOut(state: MatchState, at: string): Rejection | null {
  if (state.status === "FINISHED") return rejection("MATCH_FINISHED", "the match is over");
  const due = dueOf(state);
  if (!due) return rejection("TIMEOUT_NOT_DUE", state.clock ? "no seat is due to act" : "this match is played without a clock");
  if (!isDue(due, at)) {
    const what = due.kind === "clock" ? `the deadline is ${due.at}` : `the invitations lapse at ${due.at}`;
    return rejection("TIMEOUT_NOT_DUE", `no timeout yet: ${what}`, { deadline: due.at });
  }
  return null;
}

/**
 * What a passed deadline produces. Lapsed invitations abort the match. A clock that ran out
 * before every side had moved aborts it too (as Lichess does with a first move never made);
 * after that, the sides of the seats out of time lose and every other side wins.
 */
export function timeoutEvents(state: MatchState, at: string, claimedBy: number | null): { event: NewEvent; ending: RulesetOutcome & { reason: "timeout" | "aborted" } } {
  const due = dueOf(state) as Due;
  if (due.kind === "invitation") {
    return { event: { type: "Aborted", data: { seat: claimedBy, cause: "invitationExpired" } }, ending: { reason: "aborted", winningSides: [], detail: { cause: "invitationExpired" } } };
  }
  const seats = overdueSeats(state.clock!, at);
  const event: NewEvent = { type: "TimedOut", data: { seats, claimedBy } };
  if (!everySideMoved(state)) return { event, ending: { reason: "aborted", winningSides: [], detail: { cause: "noFirstMove", overdue: seats } } };
  const sides = rulesOf(state).sides(state.game);
  const winningSides = sides.filter((side) => !side.seats.some((seat) => seats.includes(seat))).map((side) => side.side);
  return { event, ending: { reason: "timeout", winningSides, detail: { overdue: seats } } };
}
