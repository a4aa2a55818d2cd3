import { randomUUID } from "node:crypto";
import type { FormattedExecutionResult } from "graphql";
import type { EventStore } from "../store/event-store.js";
import type { ConnectionStore, SubscriptionRecord } from "../store/connection-store.js";
import type { ServerMessage } from "./protocol.js";
import type { TimelineCache } from "./timeline-cache.js";
import { type MatchUpdate, updateFor } from "../service/match-update.js";

/** Sends one message to a connection; "gone" when the client has disconnected (HTTP 410). */
export type Post = (connectionId: string, message: ServerMessage) => Promise<"sent" | "gone">;

/** Runs a subscriber's GraphQL document over one update. */
export type ExecuteUpdate = (subscription: SubscriptionRecord, update: MatchUpdate) => Promise<FormattedExecutionResult>;

export interface DeliveryDeps {
  readonly store: EventStore;
  readonly connections: ConnectionStore;
  readonly post: Post;
  readonly execute: ExecuteUpdate;
  /** How long one delivery may hold a subscriber before another may take over. */
  readonly leaseMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
}

const DEFAULT_LEASE_MS = 10_000;
const RETRY_MS = 25;

/**
 * Brings one subscriber up to date: every event after the last one it was sent, in version
 * order, each exactly once. A lease on the subscription keeps two deliveries (the catch-up on
 * subscribe and a stream batch, or two batches) from interleaving; a delivery that finds the
 * lease taken waits for it, then sends whatever is still missing, so no commit is left behind.
 * After MatchFinished the subscription completes.
 */
export async function deliver(deps: DeliveryDeps, subscription: SubscriptionRecord, timelines: TimelineCache): Promise<void> {
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const leaseId = randomUUID();
  let lastSent: number | "busy" | "gone" = "busy";
  for (const deadline = Date.now() + leaseMs + RETRY_MS; Date.now() < deadline; ) {
    lastSent = await deps.connections.claim(subscription, leaseId, leaseMs);
    if (lastSent !== "busy") break;
    await sleep(RETRY_MS);
  }
  if (lastSent === "gone") return;
  if (lastSent === "busy") throw new Error(`subscription ${subscription.subscriptionId} stayed leased for ${leaseMs} ms`);

  let sent = lastSent;
  try {
    // A lease held by someone else may have ended after our timeline was read: re-read once.
    let timeline = await timelines.get(subscription.matchId, sent);
    if (timeline.version < sent) {
      timelines.refresh(subscription.matchId);
      timeline = await timelines.get(subscription.matchId, sent);
    }
    for (const entry of timeline.entries) {
      if (entry.event.version <= sent) continue;
      const result = await deps.execute(subscription, updateFor(entry, subscription.seat));
      const outcome = await deps.post(subscription.connectionId, { type: "next", id: subscription.subscriptionId, payload: result });
      if (outcome === "gone") {
        await deps.connections.close(subscription.connectionId);
        return;
      }
      sent = entry.event.version;
      if (entry.event.type === "MatchFinished") {
        await deps.post(subscription.connectionId, { type: "complete", id: subscription.subscriptionId });
        await deps.connections.unsubscribe(subscription.connectionId, subscription.subscriptionId);
        return;
      }
    }
    if (timeline.latest.status === "FINISHED") {
      // Resumed after MatchFinished (afterVersion = the last version): nothing to send, but done.
      await deps.post(subscription.connectionId, { type: "complete", id: subscription.subscriptionId });
      await deps.connections.unsubscribe(subscription.connectionId, subscription.subscriptionId);
    }
  } finally {
    await deps.connections.release(subscription, leaseId, sent);
  }
}
