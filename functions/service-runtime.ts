import { randomBytes } from "node:crypto";
import { createLogger } from "../src/api/logger.js";
import { createService } from "../src/service/service.js";
import { createDynamoClients } from "../src/store/dynamo-client.js";
import { tableStores } from "../src/store/table-stores.js";
import type { FunctionConfig } from "./config.js";

/**
 * What every function that runs the service builds once per cold start, from its configuration;
 * the clients are reused by every invocation of the container.
 */
export function serviceRuntime(config: FunctionConfig) {
  const { doc } = createDynamoClients(config.dynamo);
  const stores = tableStores(doc, config.tableName);
  return { doc, ...stores, logger: createLogger(config.logLevel), service: createService({ ...stores, now: () => new Date(), randomBytes }) };
}
