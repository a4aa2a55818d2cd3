import type { MatchEvent } from "../match/events.js";
import type { EventStore } from "../store/event-store.js";
import type { MatchIndex } from "../store/match-index.js";
import type { PlayerStore } from "../store/player-store.js";
import type { DeliveryEntry, WebhookRecord, WebhookStore } from "../store/webhook-store.js";
import type { MatchCache } from "./match-cache.js";

/** What the webhook operations need (src/webhooks/manage.ts); absent where webhooks are not served. */
export interface WebhookDeps {
  readonly store: WebhookStore;
  /** Where receivers may be (src/webhooks/target-policy.ts): http and loopback in local mode only. */
  readonly policy: { readonly allowHttp: boolean; readonly allowLoopback: boolean };
  /** Sends `webhook.test` to the webhook now, logs the attempt and answers it (the delivery worker's). */
  readonly sendTest?: ((webhook: WebhookRecord, requestId: string) => Promise<DeliveryEntry>) | undefined;
  /**
   * A webhook was registered, resumed or changed: the worker delivers what it is owed (locally in
   * the background; on AWS it is queued for the scheduled sweep, so the answer waits for the queueing).
   */
  readonly changed?: ((webhookId: string) => void | Promise<void>) | undefined;
}

/** What the service needs from the outside world; tests pass fixed clocks and bytes. */
export interface ServiceDeps {
  readonly store: EventStore;
  readonly players: PlayerStore;
  /** Inboxes and deadlines (the commits keep them up to date through the store). */
  readonly index: MatchIndex;
  /** The server's clock: every deadline is judged by it. */
  readonly now: () => Date;
  readonly randomBytes: (size: number) => Buffer;
  /** Waits before a lost race is retried (handle-command.ts); a timer unless given. */
  readonly sleep?: ((ms: number) => Promise<void>) | undefined;
  /** Uniform in [0, 1): the jitter of those waits; Math.random unless given. */
  readonly random?: (() => number) | undefined;
  /** Recently used matches, so a command can skip reading the store (see match-cache.ts). */
  readonly cache?: MatchCache | undefined;
  /** Called after a commit is stored (the local live-update path); AWS pushes from the stream instead. */
  readonly webhooks?: WebhookDeps | undefined;
  readonly onCommitted?: ((matchId: string, events: readonly MatchEvent[]) => void) | undefined;
}
