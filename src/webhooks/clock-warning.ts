import { seatDeadlines } from "../match/clock.js";
import type { MatchState } from "../match/state.js";
import { webhookEventId } from "./event-id.js";
import type { WebhookEvent } from "./event-types.js";
import { followsMatch, subscriberSeats, type Subscription } from "./subscription.js";

/** A seat whose deadline is within the lead: when it runs out, and since when the warning is due. */
export interface ClockWarning {
  readonly seat: number;
  readonly deadline: string;
  /** The lead before the deadline, or when the seat became due if that was later (a move shorter than the lead). */
  readonly dueAt: string;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** Every seat due to act with its deadline and when its warning falls due, whether or not it has yet. */
function warningsOf(state: MatchState, leadMs: number): ClockWarning[] {
  if (state.status === "FINISHED" || !state.clock) return [];
  const { since } = state.clock;
  return seatDeadlines(state.clock).flatMap((deadline, seat) =>
    deadline === null ? [] : [{ seat, deadline, dueAt: iso(Math.max(Date.parse(deadline) - leadMs, Date.parse(since[seat]!))) }],
  );
}

/**
 * The seats whose deadline falls within `leadMs` of `now`: due, and not yet passed (a passed
 * deadline is the timeout sweep's, not a warning's). Reads the clock as the match state holds it.
 */
export function warnedSeats(state: MatchState, now: Date, leadMs: number): ClockWarning[] {
  const at = now.getTime();
  return warningsOf(state, leadMs).filter((w) => Date.parse(w.dueAt) <= at && at < Date.parse(w.deadline));
}

/** When the next warning of the match falls due after `now`, for a scheduler to wake then; null when none will. */
export function nextWarningAt(state: MatchState, now: Date, leadMs: number): Date | null {
  const later = warningsOf(state, leadMs)
    .map((w) => Date.parse(w.dueAt))
    .filter((t) => t > now.getTime());
  return later.length === 0 ? null : new Date(Math.min(...later));
}

/**
 * The `webhook-id` of a clock warning: one per (webhook, match, seat, deadline). A deadline is
 * fixed from when the seat became due, so a sweep that finds the same warning again sends the
 * same id, and the seat's next turn (a new deadline) gets a new one.
 */
export const clockWarningId = (webhookId: string, matchId: string, seat: number, deadline: string): string =>
  webhookEventId(webhookId, matchId, "clock.warning", seat, deadline);

/** The ids of every warning the subscription may hear of the match's current deadlines, due yet or not. */
export function clockWarningIds(sub: Subscription, state: MatchState): string[] {
  if (!followsMatch(sub, state)) return [];
  const mine = sub.scope === "player" ? subscriberSeats(sub, state) : null;
  return warningsOf(state, 0)
    .filter((w) => mine === null || mine.includes(w.seat))
    .map((w) => clockWarningId(sub.webhookId, state.id, w.seat, w.deadline));
}

/**
 * The clock warnings a subscription hears at `now`: a player webhook of its own seats only, a
 * match webhook of every seat (a seat also wants to know the opponent may run out: it can claim
 * the timeout). The payload's timestamp is the warning's `dueAt`, not `now`, so that a warning
 * found again by a later sweep reads the same; only its `version` may have moved on (the seat
 * rolled, and has yet to move), and its id is what a receiver dedupes on.
 */
export function clockWarningEvents(sub: Subscription, state: MatchState, now: Date, leadMs: number): WebhookEvent<"clock.warning">[] {
  if (!sub.types.includes("clock.warning") || !followsMatch(sub, state)) return [];
  const mine = sub.scope === "player" ? subscriberSeats(sub, state) : null;
  return warnedSeats(state, now, leadMs)
    .filter((w) => mine === null || mine.includes(w.seat))
    .map((w) => ({
      id: clockWarningId(sub.webhookId, state.id, w.seat, w.deadline),
      payload: {
        type: "clock.warning",
        timestamp: w.dueAt,
        data: { matchId: state.id, ruleset: state.ruleset, version: state.version, seat: w.seat, player: state.seating[w.seat]?.player ?? null, deadline: w.deadline },
      },
    }));
}
