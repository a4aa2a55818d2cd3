import { managementApiPoster } from "../src/realtime/aws/management-api.js";
import { ConnectionStore } from "../src/store/dynamo/connection-store.js";
import { liveFunctionConfig } from "./config.js";
import { serviceRuntime } from "./service-runtime.js";

/** What the WebSocket route and the stream fan-out share, made once per cold start. */
const config = liveFunctionConfig();
// The webhook operations too: sent over a connection, they run as over HTTP.
const { doc, store, service, logger, invocation } = serviceRuntime(config, { webhooks: true });

/** Runs one invocation with its Lambda request id on every line logged meanwhile. */
export { invocation };

export const liveDeps = {
  service,
  store,
  connections: new ConnectionStore(doc, config.tableName),
  post: managementApiPoster(config.managementEndpoint, config.dynamo.region).post,
  logger,
};
