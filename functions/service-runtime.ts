import { randomBytes } from "node:crypto";
import { MatchCache } from "../src/service/match-cache.js";
import { createService } from "../src/api/service.js";
import { createDynamoClients } from "../src/store/dynamo/client.js";
import { tableStores } from "../src/store/dynamo/stores.js";
import type { FunctionConfig } from "./config.js";
import { invocationLogger } from "./invocation-logger.js";

/**
 * What every function that runs the service builds once per cold start, from its configuration;
 * the clients are reused by every invocation of the container.
 */
export function serviceRuntime(config: FunctionConfig) {
  const { doc } = createDynamoClients(config.dynamo);
  const { logger, run } = invocationLogger(config.logLevel);
  const stores = tableStores(doc, config.tableName, logger);
  // Matches a warm container keeps (CACHE_MATCHES): its next command on one of them skips the
  // read. Containers share the table, so the cache is never exclusive: nothing but a successful
  // conditional append is trusted to it. Without one, every command reads its match first.
  const cache = config.cacheMatches > 0 ? new MatchCache(config.cacheMatches, false) : undefined;
  return { doc, ...stores, logger, invocation: run, service: createService({ ...stores, cache, now: () => new Date(), randomBytes }) };
}
