import type { WebSocketEvent, WebSocketResult } from "../src/realtime/connection-routes.js";
import { liveHandlers } from "./live-runtime.js";

/** API Gateway WebSocket route `$default`: every graphql-transport-ws message. */
export const handler = (event: WebSocketEvent): Promise<WebSocketResult> => liveHandlers.message(event);
