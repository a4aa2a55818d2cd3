import { dueToAct } from "../match/acting.js";
import { seatDeadlines } from "../match/clock.js";
import type { MatchEvent } from "../match/events.js";
import { openSeats } from "../match/seating.js";
import type { MatchState } from "../match/state.js";
import type { WebhookData, WebhookEvent, WebhookEventType, WebhookPayload } from "./event-types.js";
import { webhookEventId } from "./event-id.js";
import { followsMatch, subscriberSeats, type Subscription } from "./subscription.js";

/** The types a committed event of the log can give (a clock warning comes from the clock, a test from a request). */
export type LogEventType = Exclude<WebhookEventType, "clock.warning" | "webhook.test">;

/**
 * The `webhook-id` of what a committed event tells a webhook: one id per (webhook, match,
 * version, type), so every redelivery of it, by any worker, carries the same id.
 */
export const logEventId = (webhookId: string, matchId: string, version: number, type: WebhookEventType): string =>
  webhookEventId(webhookId, matchId, version, type);

/** The seat whose action an event records, or null for the server's own (a sweep's timeout, an abort, the creation). */
function actorOf(event: MatchEvent): number | null {
  switch (event.type) {
    case "MatchCreated":
    case "MatchFinished":
      return null;
    case "TimedOut":
      return event.data.claimedBy;
    default:
      return event.data.seat;
  }
}

const notesOf = (event: MatchEvent) => (event.type === "DiceRolled" || event.type === "MovePlayed" || event.type === "TurnPassed" ? [...(event.data.notes ?? [])] : []);

/**
 * What one committed event of a match tells one webhook, in the order to deliver them: given
 * the event, the state before it (null for the log's first event) and right after it. Pure: the
 * same log gives the same events with the same ids and bodies (the timestamp is the event's own
 * time, never the reader's clock), which is what makes redelivery at-least-once and harmless.
 *
 * - `match.updated` for every event;
 * - `invitation.accepted` on SeatJoined, except to the one who joined (a player webhook of the
 *   inviter, or any match webhook but the new seat's own);
 * - `match.yourTurn` when some seat of the subscriber is due to act after the event and was not
 *   before it: once per turn, and not again for the roll, the several moves or the offers made
 *   while it stays due (the seats due are those the clock runs for, src/match/acting.ts);
 * - `match.finished` on MatchFinished.
 */
export function eventsFromLog(sub: Subscription, event: MatchEvent, before: MatchState | null, after: MatchState): WebhookEvent<LogEventType>[] {
  if (!followsMatch(sub, after)) return [];
  const toAct = [...dueToAct(after)];
  const base = { matchId: after.id, ruleset: after.ruleset, version: event.version, status: after.status };
  const out: WebhookEvent<LogEventType>[] = [];
  const emit = <T extends LogEventType>(type: T, data: WebhookData<T>): void => {
    if (!sub.types.includes(type)) return;
    out.push({ id: logEventId(sub.webhookId, after.id, event.version, type), payload: { type, timestamp: event.at, data } as WebhookPayload<T> });
  };
  const toMove = toAct.length === 1 ? toAct[0]! : null;
  emit("match.updated", { ...base, toMove, toAct, event: event.type, seat: actorOf(event), notes: notesOf(event) });

  const mine = subscriberSeats(sub, after);
  if (event.type === "SeatJoined" && !mine.includes(event.data.seat) && (sub.scope === "match" || mine.length > 0)) {
    emit("invitation.accepted", { ...base, seat: event.data.seat, player: event.data.player, openSeats: openSeats(after.seating) });
  }

  const wasDue = before === null ? [] : dueToAct(before);
  const became = mine.filter((seat) => toAct.includes(seat) && !wasDue.includes(seat));
  if (became.length > 0) {
    const deadlines = after.clock ? seatDeadlines(after.clock) : [];
    const deadline = became.flatMap((seat) => deadlines[seat] ?? []).reduce<string | null>((a, b) => (a === null || Date.parse(b) < Date.parse(a) ? b : a), null);
    emit("match.yourTurn", { ...base, toMove, toAct, seats: became, deadline });
  }

  if (event.type === "MatchFinished") emit("match.finished", { ...base, outcome: event.data.outcome });
  return out;
}
