import { addressKey } from "../../api/address-key.js";
import { header } from "../../api/http.js";
import type { ConnectionStore } from "../../store/dynamo/connection-store.js";
import { SUBPROTOCOL } from "../subprotocol.js";

// `$connect` and `$disconnect` touch only the connection registry, so they live apart from the
// protocol handling: their Lambda bundles stay small and start fast, and every WebSocket
// connection waits for `$connect`.

/** The parts of an API Gateway WebSocket event the routes read. */
export interface WebSocketEvent {
  readonly requestContext: { readonly connectionId: string; readonly routeKey: string; readonly identity?: { readonly sourceIp?: string } };
  readonly headers?: Record<string, string | undefined> | null;
  readonly body?: string | null;
  readonly isBase64Encoded?: boolean;
}
export interface WebSocketResult {
  readonly statusCode: number;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

interface ConnectionDeps {
  readonly connections: ConnectionStore;
}

/**
 * `$connect`: accept only clients that speak graphql-transport-ws, and echo the subprotocol (API
 * Gateway completes the handshake with what this answer says).
 */
export async function onConnect(deps: ConnectionDeps, event: WebSocketEvent): Promise<WebSocketResult> {
  const offered = (header({ headers: event.headers ?? {} }, "sec-websocket-protocol") ?? "").split(",").map((p) => p.trim());
  if (!offered.includes(SUBPROTOCOL)) return { statusCode: 400, body: `use the ${SUBPROTOCOL} subprotocol` };
  // The address the caps on subscriptions count the connection under.
  await deps.connections.open(event.requestContext.connectionId, addressKey(event.requestContext.identity?.sourceIp));
  return { statusCode: 200, headers: { "Sec-WebSocket-Protocol": SUBPROTOCOL } };
}

/** `$disconnect`: the connection and all its subscriptions go. */
export async function onDisconnect(deps: ConnectionDeps, event: WebSocketEvent): Promise<WebSocketResult> {
  await deps.connections.close(event.requestContext.connectionId);
  return { statusCode: 200 };
}
