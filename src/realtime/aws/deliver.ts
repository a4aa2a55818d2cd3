import { randomUUID } from "node:crypto";
import type { SubscriptionRecord } from "../../store/dynamo/connection-store.js";
import type { TimelineCache } from "../timeline-cache.js";
import type { DeliveryDeps } from "./delivery-deps.js";
import { complete, type Render, render, sendUpdates } from "./send-updates.js";

const DEFAULT_LEASE_MS = 10_000;
const RETRY_MS = 25;

export const leaseMsOf = (deps: Pick<DeliveryDeps, "leaseMs">): number => deps.leaseMs ?? DEFAULT_LEASE_MS;

/**
 * Brings one subscriber up to date on its own: every event after the last one it was sent, in
 * version order, each exactly once, then hands it over to the stream fan-out (`release`). A
 * lease on the subscription keeps two such deliveries (the catch-up on subscribe, which holds
 * it from the moment the subscription is stored, `heldLease`, and the fan-out for a subscriber
 * it does not follow) from interleaving; one that finds the lease taken waits for it, then
 * sends whatever is still missing, so no commit is left behind. After MatchFinished the
 * subscription completes.
 */
export async function deliver(
  deps: DeliveryDeps,
  subscription: SubscriptionRecord,
  timelines: TimelineCache,
  options: { readonly heldLease?: string; readonly payloadOf?: Render } = {},
): Promise<void> {
  const { heldLease, payloadOf } = options;
  const leaseMs = leaseMsOf(deps);
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const leaseId = heldLease ?? randomUUID();
  let lastSent: number | "busy" | "gone" = heldLease ? subscription.lastSent : "busy";
  for (const deadline = Date.now() + leaseMs + RETRY_MS; lastSent === "busy" && Date.now() < deadline; ) {
    lastSent = await deps.connections.claim(subscription, leaseId, leaseMs);
    if (lastSent === "busy") await sleep(RETRY_MS);
  }
  if (lastSent === "gone") return;
  if (lastSent === "busy") throw new Error(`subscription ${subscription.subscriptionId} stayed leased for ${leaseMs} ms`);

  const progress = { sent: lastSent };
  let caughtUp = false;
  try {
    // A lease held by someone else may have ended after our timeline was read: re-read once.
    let timeline = await timelines.get(subscription.matchId, progress.sent);
    if (timeline.version < progress.sent) {
      timelines.refresh(subscription.matchId);
      timeline = await timelines.get(subscription.matchId, progress.sent);
    }
    if ((await sendUpdates(deps, payloadOf ?? render(deps), subscription, timeline.entries, progress)) === "ended") return;
    // Resumed after MatchFinished (afterVersion = the last version): nothing to send, but done.
    if (timeline.latest.status === "FINISHED") return await complete(deps, subscription);
    caughtUp = true;
  } finally {
    // Only a subscriber brought up to what the timeline held is handed over to the stream.
    await deps.connections.release(subscription, leaseId, progress.sent, caughtUp);
  }
}
