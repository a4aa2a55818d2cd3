import type { FormattedExecutionResult } from "graphql";
import type { TimelineEntry } from "../../service/timeline.js";
import { updateFor } from "../../service/match-update.js";
import type { SubscriptionRecord } from "../../store/dynamo/connection-store.js";
import type { DeliveryDeps } from "./delivery-deps.js";
import { postableNext } from "./postable-next.js";

/** A subscriber's `next` payload for one entry: its document run over the update it may see. */
export type Render = (subscription: SubscriptionRecord, entry: TimelineEntry) => Promise<FormattedExecutionResult>;

export const render =
  (deps: Pick<DeliveryDeps, "execute">): Render =>
  (subscription, entry) =>
    deps.execute(subscription, updateFor(entry, subscription.seat));

/**
 * Sends one subscriber the entries after `progress.sent`, in order, one message each, keeping
 * `progress.sent` at the last one it got (also when a push fails part way). "ended" when the
 * subscription is over: its connection is gone (forgotten here), or MatchFinished was sent and
 * the subscription completed.
 */
export async function sendUpdates(
  deps: Pick<DeliveryDeps, "post" | "connections">,
  payloadOf: Render,
  subscription: SubscriptionRecord,
  entries: readonly TimelineEntry[],
  progress: { sent: number },
): Promise<"open" | "ended"> {
  for (const entry of entries) {
    if (entry.event.version <= progress.sent) continue;
    const result = await payloadOf(subscription, entry);
    const outcome = await deps.post(subscription.connectionId, postableNext(subscription.subscriptionId, result, `the update of version ${entry.event.version}`, { version: entry.event.version }));
    if (outcome === "gone") {
      await deps.connections.close(subscription.connectionId);
      return "ended";
    }
    progress.sent = entry.event.version;
    if (entry.event.type === "MatchFinished") {
      await complete(deps, subscription);
      return "ended";
    }
  }
  return "open";
}

/** Ends a subscription from the server's side: `complete`, then it is forgotten. */
export async function complete(deps: Pick<DeliveryDeps, "post" | "connections">, subscription: SubscriptionRecord): Promise<void> {
  await deps.post(subscription.connectionId, { type: "complete", id: subscription.subscriptionId });
  await deps.connections.unsubscribe(subscription.connectionId, subscription.subscriptionId, subscription.matchId);
}
