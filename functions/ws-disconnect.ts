import { onDisconnect, type WebSocketEvent, type WebSocketResult } from "../src/realtime/aws/connection-routes.js";
import { connections } from "./connection-runtime.js";

/** API Gateway WebSocket route `$disconnect`. */
export const handler = (event: WebSocketEvent): Promise<WebSocketResult> => onDisconnect({ connections }, event);
