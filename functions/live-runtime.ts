import { randomBytes } from "node:crypto";
import { createLogger, type LogLevel } from "../src/api/logger.js";
import { createLiveHandlers } from "../src/realtime/live-handlers.js";
import { managementApiPoster } from "../src/realtime/management-api.js";
import { createService } from "../src/service/service.js";
import { ConnectionStore } from "../src/store/connection-store.js";
import { createDynamoClients, dynamoConfigFromEnv } from "../src/store/dynamo-client.js";
import { DynamoEventStore } from "../src/store/dynamo-event-store.js";

/**
 * Shared by the WebSocket and stream functions: configuration is read once per cold start and
 * the clients are reused by every invocation of the container.
 * - TABLE_NAME: the table; DYNAMODB_ENDPOINT: only to point at a local store.
 * - WEBSOCKET_MANAGEMENT_ENDPOINT: `https://{api-id}.execute-api.{region}.amazonaws.com/{stage}`.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set`);
  return value;
}

const tableName = required("TABLE_NAME");
const { doc } = createDynamoClients(dynamoConfigFromEnv());
const store = new DynamoEventStore(doc, tableName);
const { post } = managementApiPoster(required("WEBSOCKET_MANAGEMENT_ENDPOINT"));

export const liveHandlers = createLiveHandlers({
  service: createService({ store, now: () => new Date(), randomBytes }),
  store,
  connections: new ConnectionStore(doc, tableName),
  post,
  logger: createLogger((process.env.LOG_LEVEL as LogLevel | undefined) ?? "warn"),
});
