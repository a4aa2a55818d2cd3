import type { FormattedExecutionResult } from "graphql";
import type { MatchUpdate } from "../../service/match-update.js";
import type { EventStore } from "../../store/event-store.js";
import type { ConnectionStore, SubscriptionRecord } from "../../store/dynamo/connection-store.js";
import type { ServerMessage } from "../protocol.js";

// What delivering to a subscriber needs, apart from the code that does it: deliver.ts (one
// subscriber brought up to date under a lease) and send-updates.ts (the pushes themselves, which
// deliver.ts and the fan-out both run) take these, and neither imports the other for them.

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
