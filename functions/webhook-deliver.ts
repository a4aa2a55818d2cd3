import type { BatchResponse, StreamBatch } from "../src/realtime/aws/fan-out.js";
import { createDynamoClients } from "../src/store/dynamo/client.js";
import { tableStores } from "../src/store/dynamo/stores.js";
import { DeliveryWorker } from "../src/webhooks/worker.js";
import type { DueWebhookWork } from "../src/store/webhook-store.js";
import { functionConfig } from "./config.js";
import { forEachMatch } from "./per-match.js";
import { type InvocationContext, invocationLogger } from "./invocation-logger.js";

/**
 * Webhook delivery on AWS (docs/webhooks.md), one function with two callers (infra/stack.ts):
 * - the table's stream (commits only): the worker's `deliverCommits` for the matches of the
 *   batch, waited for before answering. A match whose delivery throws (the store failing, not a
 *   receiver: a receiver's failure is a stored retry) reports its first record, so the stream
 *   tries again from there; after the retries the batch goes to the webhook failure queue.
 * - an EventBridge schedule, every minute: `deliverDue`, the retries whose time has come and the
 *   catch-ups the HTTP functions queued. The worker sets no timers here (a frozen container's
 *   timers are no schedule): what is due later is in the table, indexed by when.
 * Containers may run the same (webhook, match) at once (a stream batch and a sweep): an event
 * can then come twice, with the same `webhook-id`, as after any retry: delivery is at least once.
 */
const config = functionConfig();
const { doc } = createDynamoClients(config.dynamo);
const { logger, run } = invocationLogger(config.logLevel);
const stores = tableStores(doc, config.tableName, logger);
const worker = new DeliveryWorker({ events: stores.store, webhooks: stores.webhookStore, index: stores.index, policy: config.webhookPolicy, logger, timers: false });

export interface SweepReport {
  /** The due work run: its kind, `webhookId` and `matchId` (null: a catch-up). */
  readonly due: Pick<DueWebhookWork, "kind" | "webhookId" | "matchId">[];
}

const isStreamBatch = (event: unknown): event is StreamBatch => typeof event === "object" && event !== null && Array.isArray((event as StreamBatch).Records);

async function deliverBatch(batch: StreamBatch): Promise<BatchResponse> {
  const answer = await forEachMatch(batch, logger, "webhook delivery", (matchId) => worker.deliverCommits([matchId]));
  await worker.idle();
  return answer;
}

export const handler = (event: unknown, context?: InvocationContext): Promise<BatchResponse | SweepReport> =>
  run(context, async () => {
    if (isStreamBatch(event)) return deliverBatch(event);
    const due = await worker.deliverDue(stores.webhookStore);
    await worker.idle();
    if (due.length > 0) logger.info(`webhook sweep: ran ${due.length} due`, { due: due.length });
    return { due: due.map(({ kind, webhookId, matchId }) => ({ kind, webhookId, matchId })) };
  });
