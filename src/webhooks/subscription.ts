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
