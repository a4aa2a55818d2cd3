import { randomBytes } from "node:crypto";
import { createLogger } from "../src/api/logger.js";
import { MatchCache } from "../src/service/match-cache.js";
import { createService } from "../src/service/service.js";
import { createDynamoClients } from "../src/store/dynamo-client.js";
import { tableStores } from "../src/store/table-stores.js";
import type { FunctionConfig } from "./config.js";

/**
 * Matches a warm container keeps: its next command on one of them skips the read. Containers
 * share the table, so the cache is never trusted beyond the append's own condition.
 */
const CONTAINER_CACHE_MATCHES = 500;

/**
 * What every function that runs the service builds once per cold start, from its configuration;
 * the clients are reused by every invocation of the container.
 */
export function serviceRuntime(config: FunctionConfig) {
  const { doc } = createDynamoClients(config.dynamo);
  const stores = tableStores(doc, config.tableName);
  const cache = new MatchCache(CONTAINER_CACHE_MATCHES, false);
  return { doc, ...stores, logger: createLogger(config.logLevel), service: createService({ ...stores, cache, now: () => new Date(), randomBytes }) };
}
