import { randomBytes } from "node:crypto";
import { createLogger } from "../src/api/logger.js";
import { createService } from "../src/service/service.js";
import { createDynamoClients } from "../src/store/dynamo-client.js";
import { DynamoEventStore } from "../src/store/dynamo-event-store.js";
import type { FunctionConfig } from "./config.js";

/**
 * What every function that runs the service builds once per cold start, from its configuration;
 * the clients are reused by every invocation of the container.
 */
export function serviceRuntime(config: FunctionConfig) {
  const { doc } = createDynamoClients(config.dynamo);
  const store = new DynamoEventStore(doc, config.tableName);
  return { doc, store, logger: createLogger(config.logLevel), service: createService({ store, now: () => new Date(), randomBytes }) };
}
