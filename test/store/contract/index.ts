import { describeEventStore } from "./event-store.js";
import type { OpenStores } from "./fixtures.js";
import { describeMatchIndex } from "./match-index.js";
import { describePlayerStore } from "./player-store.js";
import { describeWebhookStore } from "./webhook-store.js";

export type { OpenStores } from "./fixtures.js";

/**
 * The one contract of the store ports: every adapter (DynamoDB on dynalite, Level in memory and
 * on disk) runs all of it. What only one adapter promises (its calls, its key layout) is tested
 * in that adapter's own file.
 */
export function describeStoreContract(open: OpenStores): void {
  describeEventStore(open);
  describePlayerStore(open);
  describeMatchIndex(open);
  describeWebhookStore(open);
}
