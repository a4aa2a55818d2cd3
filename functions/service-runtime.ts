import { randomBytes } from "node:crypto";
import { MatchCache } from "../src/service/match-cache.js";
import { createService } from "../src/api/service.js";
import type { WebhookDeps } from "../src/service/deps.js";
import { createDynamoClients } from "../src/store/dynamo/client.js";
import { tableStores } from "../src/store/dynamo/stores.js";
import { DeliveryWorker } from "../src/webhooks/worker.js";
import type { FunctionConfig } from "./config.js";
import { invocationLogger } from "./invocation-logger.js";

/**
 * How long a test delivery from an HTTP function waits for the receiver: less than the
 * receiver's 10 s elsewhere, so the attempt, its log entry and the answer fit in the function's
 * 10 s timeout (infra/stack.ts).
 */
export const TEST_DELIVERY_TIMEOUT_MS = 7_000;

export interface ServiceRuntimeOptions {
  /** Serve the webhook operations (graphql, rest, ws-default); the other functions answer them NOT_FOUND. */
  readonly webhooks?: boolean;
}

/**
 * What every function that runs the service builds once per cold start, from its configuration;
 * the clients are reused by every invocation of the container.
 */
export function serviceRuntime(config: FunctionConfig, options: ServiceRuntimeOptions = {}) {
  const { doc } = createDynamoClients(config.dynamo);
  const { logger, run } = invocationLogger(config.logLevel);
  // A command's index entries (inboxes, deadlines) are written by `stream-index` from the
  // table's stream, not on the request path: a command is one read (or none, cached) and one
  // conditional write (test/functions/calls-per-command.test.ts).
  const stores = tableStores(doc, config.tableName, logger, "stream");
  // Matches a warm container keeps (CACHE_MATCHES): its next command on one of them skips the
  // read. Containers share the table, so the cache is never exclusive: nothing but a successful
  // conditional append is trusted to it. Without one, every command reads its match first.
  const cache = config.cacheMatches > 0 ? new MatchCache(config.cacheMatches, false) : undefined;
  const webhooks = options.webhooks ? lambdaWebhookDeps(stores, config, logger) : undefined;
  return { doc, ...stores, logger, invocation: run, service: createService({ ...stores, cache, now: () => new Date(), randomBytes, webhooks }) };
}

/**
 * The webhook operations on Lambda. A function's work ends with its answer (the container is
 * frozen until its next invocation), so nothing is left running in the background:
 * - `testWebhook` sends the test event from the function itself, with the worker's own send and
 *   sign code, and answers the attempt: the operation's answer is that attempt, so queueing it
 *   could not answer it; one attempt, never retried, fits in the request.
 * - `changed` (registered, changed, resumed) queues the webhook's catch-up in the table (a
 *   `CATCHUP` item indexed by when it is due) for the scheduled sweep of
 *   functions/webhook-deliver.ts, within a minute: a catch-up may send many events, each up to
 *   10 s, more than a request may take, and a resumed webhook's backlog is no reason to hold its
 *   `updateWebhook` answer. New commits are delivered from the table's stream meanwhile.
 */
function lambdaWebhookDeps(stores: ReturnType<typeof tableStores>, config: FunctionConfig, logger: ReturnType<typeof invocationLogger>["logger"]): WebhookDeps {
  const worker = new DeliveryWorker({
    events: stores.store,
    webhooks: stores.webhookStore,
    index: stores.index,
    policy: config.webhookPolicy,
    logger,
    timers: false,
    send: { timeoutMs: TEST_DELIVERY_TIMEOUT_MS },
  });
  return {
    store: stores.webhookStore,
    policy: config.webhookPolicy,
    sendTest: (webhook, requestId) => worker.sendTest(webhook, requestId),
    changed: (webhookId) => stores.webhookStore.markCatchUp(webhookId, new Date()),
  };
}
