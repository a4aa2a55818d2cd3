import type { MatchState } from "../match/state.js";
import type { WebhookEventType } from "./event-types.js";

/**
 * What one webhook listens to: one match (registered with a seat token: `seat` is that seat,
 * the one its `match.yourTurn` is about) or one player (every match it sits in). `types` is
 * the subset of the event types it asked for; it hears nothing else.
 */
export type WebhookScope = { readonly scope: "match"; readonly matchId: string; readonly seat?: number | null } | { readonly scope: "player"; readonly playerId: string };

export type Subscription = WebhookScope & {
  /** The webhook's own id: part of every event id, so two webhooks never share a `webhook-id`. */
  readonly webhookId: string;
  readonly types: readonly WebhookEventType[];
};

/** The seats of the match the subscription speaks for: the player's, or the seat of a match webhook. */
export function subscriberSeats(sub: Subscription, state: MatchState): number[] {
  if (sub.scope === "player") return state.seating.flatMap((s, seat) => (s.player?.id === sub.playerId ? [seat] : []));
  return sub.seat === undefined || sub.seat === null ? [] : [sub.seat];
}

/** Whether the subscription hears about this match at all: its match, or one its player sits in. */
export function followsMatch(sub: Subscription, state: MatchState): boolean {
  return sub.scope === "match" ? sub.matchId === state.id : subscriberSeats(sub, state).length > 0;
}
