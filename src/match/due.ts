import { clockDeadline } from "./clock.js";
import { invitationsExpire } from "./seating.js";
import type { MatchState } from "./state.js";

/**
 * When a match ends by itself if nobody acts, and how: its clock runs out (a timeout), or its
 * invitations lapse while a seat is still open (it is aborted). Null for a finished match or one
 * without a clock and without open seats. This is the time the scheduled sweep looks at.
 */
export type Due = { readonly at: string; readonly kind: "clock" | "invitation" };

export function dueOf(state: MatchState): Due | null {
  if (state.status === "FINISHED") return null;
  const invitations = invitationsExpire(state.seating);
  if (invitations !== null) return { at: invitations, kind: "invitation" };
  const deadline = state.clock ? clockDeadline(state.clock) : null;
  return deadline === null ? null : { at: deadline, kind: "clock" };
}

export const isDue = (due: Due | null, at: string): boolean => due !== null && Date.parse(at) >= Date.parse(due.at);
