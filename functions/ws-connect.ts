import { onConnect, type WebSocketEvent, type WebSocketResult } from "../src/realtime/aws/connection-routes.js";
import { connections } from "./connection-runtime.js";

/** API Gateway WebSocket route `$connect`. */
export const handler = (event: WebSocketEvent): Promise<WebSocketResult> => onConnect({ connections }, event);
