import { BotDriver } from "../src/bots/driver.js";
import type { BatchResponse, StreamBatch } from "../src/realtime/aws/fan-out.js";
import { botFunctionConfig } from "./config.js";
import type { InvocationContext } from "./invocation-logger.js";
import { forEachMatch } from "./per-match.js";
import { serviceRuntime } from "./service-runtime.js";

/**
 * The bot seats on AWS (docs/bots.md), fed by the table's stream (new commits only,
 * infra/stack.ts): for each match of the batch, the bot due next, if any, thinks and sends its
 * command through the service, as the local server's driver does. One command per match and
 * invocation: its commit comes back through the stream and brings the next, so no invocation
 * holds a bot-against-bot match for its whole length. A retried or bisected batch, or two
 * containers on one, cannot make a bot act twice: each command carries the version it was
 * decided on (the second is a VERSION_CONFLICT) and an idempotency key of it. A match whose
 * command fails for another reason (the table) reports its first record, so the stream tries
 * again from there; after the retries the batch goes to the stream failure queue.
 */
const config = botFunctionConfig();
const { service, logger, invocation } = serviceRuntime(config);
const driver = new BotDriver({ deps: service.deps, logger, thinkMs: config.botThinkMs });

export const handler = (batch: StreamBatch, context?: InvocationContext): Promise<BatchResponse> =>
  invocation(context, () => forEachMatch(batch, logger, "bot", (matchId) => driver.actOnce(matchId)));
