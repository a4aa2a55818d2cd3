import type { WebSocketEvent, WebSocketResult } from "../src/realtime/aws/connection-routes.js";
import { createLiveHandlers } from "../src/realtime/aws/live-handlers.js";
import type { InvocationContext } from "./invocation-logger.js";
import { invocation, liveDeps } from "./live-runtime.js";

/** Queries and mutations sent over a connection run as over HTTP (src/api/graphql/execute-operation.ts). */
const handlers = createLiveHandlers(liveDeps);

/** API Gateway WebSocket route `$default`: every graphql-transport-ws message. */
export const handler = (event: WebSocketEvent, context?: InvocationContext): Promise<WebSocketResult> => invocation(context, () => handlers.message(event));
