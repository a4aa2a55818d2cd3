import type { WebSocketEvent, WebSocketResult } from "../src/realtime/gateway-routes.js";
import { liveHandlers } from "./live-runtime.js";

/** API Gateway WebSocket route `$disconnect`. */
export const handler = (event: WebSocketEvent): Promise<WebSocketResult> => liveHandlers.disconnect(event);
