import { createGraphqlServer } from "../src/api/graphql/server.js";
import type { WebSocketEvent, WebSocketResult } from "../src/realtime/connection-routes.js";
import { createLiveHandlers } from "../src/realtime/live-handlers.js";
import { liveDeps } from "./live-runtime.js";

/** Queries and mutations sent over a connection run through the same GraphQL server as HTTP's. */
const handlers = createLiveHandlers({ ...liveDeps, graphql: () => createGraphqlServer({ logger: liveDeps.logger }) });

/** API Gateway WebSocket route `$default`: every graphql-transport-ws message. */
export const handler = (event: WebSocketEvent): Promise<WebSocketResult> => handlers.message(event);
