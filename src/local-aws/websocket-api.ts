import { randomBytes, randomUUID } from "node:crypto";
import { type IncomingMessage, type Server, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { type RawData, type WebSocket, WebSocketServer } from "ws";
import { header } from "../api/http.js";
import type { Logger } from "../logger.js";
import type { WebSocketEvent, WebSocketResult } from "../realtime/aws/connection-routes.js";
import { type ManagedConnection, MAX_MESSAGE_BYTES, startLocalManagementApi } from "./management-api.js";

/**
 * A local stand-in for API Gateway's WebSocket API, so that the route handlers deployed as
 * Lambdas (`$connect`, `$disconnect`, `$default`) run locally exactly as they will on AWS:
 * - WebSocket upgrades on the app's HTTP server (path `/graphql`) become `$connect` events; the
 *   handshake completes only if the handler answers 200, with the subprotocol it echoed.
 * - Every text frame becomes a `$default` event, one at a time per connection, in order; a
 *   closed socket becomes `$disconnect`.
 * - Answers reach clients only through the management API (management-api.ts), which
 *   starts with it (`managementEndpoint`).
 * What it does not model: API Gateway's idle (10 min) and maximum (2 h) connection durations,
 * throttling, authorizers, and the possible concurrency of `$default` invocations on AWS.
 */

/** The event API Gateway hands a WebSocket route's Lambda (the fields it sets locally). */
export interface GatewayEvent extends WebSocketEvent {
  readonly requestContext: {
    readonly routeKey: "$connect" | "$disconnect" | "$default";
    readonly eventType: "CONNECT" | "DISCONNECT" | "MESSAGE";
    readonly connectionId: string;
    readonly connectedAt: number;
    readonly domainName: string;
    readonly stage: string;
    readonly apiId: string;
    readonly requestId: string;
    readonly extendedRequestId: string;
    readonly messageDirection: "IN";
    readonly requestTime: string;
    readonly requestTimeEpoch: number;
    readonly identity: { readonly sourceIp: string; readonly userAgent?: string };
    readonly messageId?: string;
    readonly disconnectStatusCode?: number;
    readonly disconnectReason?: string;
  };
  readonly headers?: Record<string, string>;
  readonly multiValueHeaders?: Record<string, string[]>;
  readonly queryStringParameters?: Record<string, string>;
  readonly body?: string;
  readonly isBase64Encoded: boolean;
}

/** The three route functions (`createLiveHandlers` provides them). */
export interface GatewayRoutes {
  connect(event: GatewayEvent): Promise<WebSocketResult>;
  disconnect(event: GatewayEvent): Promise<WebSocketResult>;
  message(event: GatewayEvent): Promise<WebSocketResult>;
}

export interface LocalWebSocketApiOptions {
  readonly httpServer: Server;
  /** The WebSocket path on the app's server, e.g. `/graphql`. */
  readonly path: string;
  readonly routes: GatewayRoutes;
  readonly logger: Logger;
  /** Default `local`: the management endpoint is `http://127.0.0.1:<port>/<stage>`. */
  readonly stage?: string;
  /** Test seam: how connection ids are made (default: 11 random bytes, base64, as API Gateway's look). */
  readonly newConnectionId?: () => string;
}

export interface LocalWebSocketApi {
  /** What `managementApiPoster` / `ApiGatewayManagementApiClient` takes as `endpoint`. */
  readonly managementEndpoint: string;
  /** Ids of the open connections. */
  connectionIds(): string[];
  /**
   * Test seam: the socket dies and the gateway forgets it without invoking `$disconnect` (which
   * API Gateway only delivers on a best-effort basis); pushes to it answer 410 from now on.
   */
  vanish(connectionId: string): boolean;
  /** Resolves when every connection has handled all the frames it received so far. */
  idle(): Promise<void>;
  /** Closes every socket (each gets its `$disconnect`), then the management API. */
  close(): Promise<void>;
}

/** How long close() waits for sockets and their `$disconnect` before cutting them. */
const CLOSE_GRACE_MS = 2_000;

interface Connection extends ManagedConnection {
  readonly id: string;
  /** The frames (then the `$disconnect`) of this connection, handled strictly one after another. */
  queue: Promise<void>;
  /** Set by `vanish`: no `$disconnect` will follow. */
  vanished: boolean;
}

const defaultConnectionId = () => randomBytes(11).toString("base64");

export async function startLocalWebSocketApi(options: LocalWebSocketApiOptions): Promise<LocalWebSocketApi> {
  const { logger, routes } = options;
  const stage = options.stage ?? "local";
  const apiId = randomBytes(5).toString("hex");
  const newConnectionId = options.newConnectionId ?? defaultConnectionId;
  const connections = new Map<string, Connection>();
  /** Every connection ever accepted whose queue may still be running (for idle/close). */
  const running = new Set<Promise<void>>();
  /** The subprotocol `$connect` echoed, for ws's handleProtocols. */
  const chosenProtocol = new WeakMap<IncomingMessage, string>();
  let closing = false;

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    clientTracking: false,
    perMessageDeflate: false,
    handleProtocols: (_offered, req) => chosenProtocol.get(req) ?? false,
  });

  const context = (connection: Pick<Connection, "id" | "connectedAt" | "sourceIp" | "userAgent">, host: string) => {
    const now = Date.now();
    const requestId = randomUUID();
    return {
      connectionId: connection.id,
      connectedAt: connection.connectedAt,
      domainName: host,
      stage,
      apiId,
      requestId,
      extendedRequestId: requestId,
      messageDirection: "IN" as const,
      requestTime: requestTime(new Date(now)),
      requestTimeEpoch: now,
      identity: { sourceIp: connection.sourceIp, ...(connection.userAgent ? { userAgent: connection.userAgent } : {}) },
    };
  };

  const invoke = async (route: keyof GatewayRoutes, event: GatewayEvent): Promise<WebSocketResult | null> => {
    try {
      return await routes[route](event);
    } catch (error) {
      logger.error(`local gateway: ${event.requestContext.routeKey} of ${event.requestContext.connectionId} failed`, error);
      return null;
    }
  };

  // --- $connect: the upgrade completes only if the route says 200 -------------------------------
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    void upgrade(req, socket, head);
  };
  const upgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", (error) => logger.debug(`local gateway: socket error before the handshake: ${error.message}`));
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (path !== options.path) return refuse(socket, 404, `no WebSocket API at ${path}; use ${options.path}`);
    if (closing) return refuse(socket, 503, "shutting down");
    if (!isWebSocketUpgrade(req)) return refuse(socket, 400, "not a valid WebSocket upgrade request");

    let socketClosed = false;
    socket.once("close", () => (socketClosed = true));
    const connection = {
      id: newConnectionId(),
      connectedAt: Date.now(),
      sourceIp: req.socket.remoteAddress ?? "127.0.0.1",
      userAgent: req.headers["user-agent"],
    };
    const host = req.headers.host ?? "localhost";
    const { headers, multiValueHeaders } = gatewayHeaders(req);
    const query = new URL(req.url ?? "/", "http://localhost").searchParams;
    const event: GatewayEvent = {
      requestContext: { ...context(connection, host), routeKey: "$connect", eventType: "CONNECT" },
      headers,
      multiValueHeaders,
      ...(query.size > 0 ? { queryStringParameters: Object.fromEntries(query) } : {}),
      isBase64Encoded: false,
    };
    const result = await invoke("connect", event);
    if (!result || result.statusCode !== 200) {
      const status = result?.statusCode ?? 500;
      return refuse(socket, status >= 200 && status < 600 && status !== 101 ? status : 500, result?.body ?? (result ? "" : "Internal server error"));
    }
    if (socketClosed || closing) {
      // The client gave up while `$connect` ran: what it stored must go, as on AWS.
      await invoke("disconnect", disconnectEvent(connection, host, 1006, "Connection closed before the handshake completed"));
      if (!socketClosed) refuse(socket, 503, "shutting down");
      return;
    }
    const protocol = header({ headers: result.headers ?? {} }, "sec-websocket-protocol");
    if (protocol) chosenProtocol.set(req, protocol);
    let accepted = false;
    wss.handleUpgrade(req, socket, head, (ws) => {
      accepted = true;
      accept(ws, connection, host);
    });
    // ws completes (or drops) the handshake synchronously: a socket that died meanwhile is
    // destroyed without a connection, and what `$connect` stored must go.
    if (!accepted) await invoke("disconnect", disconnectEvent(connection, host, 1006, "Connection closed before the handshake completed"));
  };

  const disconnectEvent = (
    connection: Pick<Connection, "id" | "connectedAt" | "sourceIp" | "userAgent">,
    host: string,
    code: number,
    reason: string,
  ): GatewayEvent => ({
    requestContext: {
      ...context(connection, host),
      routeKey: "$disconnect",
      eventType: "DISCONNECT",
      disconnectStatusCode: code,
      disconnectReason: reason,
    },
    headers: { Host: host },
    isBase64Encoded: false,
  });

  // --- $default and $disconnect: one at a time per connection, in order --------------------------
  const accept = (socket: WebSocket, base: Pick<Connection, "id" | "connectedAt" | "sourceIp" | "userAgent">, host: string) => {
    const connection: Connection = { ...base, socket, lastActiveAt: Date.now(), queue: Promise.resolve(), vanished: false };
    connections.set(connection.id, connection);
    const enqueue = (work: () => Promise<void>) => {
      const next = connection.queue.then(work);
      connection.queue = next;
      running.add(next);
      void next.finally(() => running.delete(next));
    };

    socket.on("message", (data: RawData, isBinary: boolean) => {
      connection.lastActiveAt = Date.now();
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      const event: GatewayEvent = {
        requestContext: { ...context(connection, host), routeKey: "$default", eventType: "MESSAGE", messageId: randomBytes(9).toString("base64") },
        body: isBinary ? bytes.toString("base64") : bytes.toString("utf8"),
        isBase64Encoded: isBinary,
      };
      enqueue(async () => {
        const result = await invoke("message", event);
        // On AWS a failed integration is reported to the client in this shape.
        if (!result && socket.readyState === socket.OPEN) {
          socket.send(JSON.stringify({ message: "Internal server error", connectionId: connection.id, requestId: event.requestContext.requestId }));
        }
      });
    });
    socket.on("error", (error) => logger.debug(`local gateway: connection ${connection.id}: ${error.message}`));
    socket.once("close", (code: number, reason: Buffer) => {
      if (connections.get(connection.id) === connection) connections.delete(connection.id);
      if (connection.vanished) return;
      const event = disconnectEvent(connection, host, code, reason.toString("utf8") || closeReason(code));
      enqueue(async () => void (await invoke("disconnect", event)));
    });
  };

  const management = await startLocalManagementApi({ connections, stage, logger });
  // Only now: a `$connect` may post as soon as it is accepted.
  options.httpServer.on("upgrade", onUpgrade);

  const idle = async () => {
    while (running.size > 0) await Promise.allSettled([...running]);
  };

  return {
    managementEndpoint: management.endpoint,
    connectionIds: () => [...connections.keys()],
    vanish(connectionId) {
      const connection = connections.get(connectionId);
      if (!connection) return false;
      connection.vanished = true;
      connections.delete(connectionId);
      connection.socket.terminate();
      return true;
    },
    idle,
    async close() {
      if (closing) return;
      closing = true;
      options.httpServer.off("upgrade", onUpgrade);
      const sockets = [...connections.values()].map((c) => c.socket);
      const closed = Promise.all(sockets.map((s) => (s.readyState === s.CLOSED ? null : new Promise((resolve) => s.once("close", resolve)))));
      for (const socket of sockets) socket.close(1001, "Going away");
      const timer = setTimeout(() => sockets.forEach((s) => s.terminate()), CLOSE_GRACE_MS);
      await closed;
      clearTimeout(timer);
      await Promise.race([idle(), new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())]);
      wss.close();
      await management.close();
    },
  };
}

/** What ws itself requires of an upgrade; checked before `$connect`, as API Gateway does. */
function isWebSocketUpgrade(req: IncomingMessage): boolean {
  const key = req.headers["sec-websocket-key"];
  const version = req.headers["sec-websocket-version"];
  return (
    req.method === "GET" &&
    (req.headers.upgrade ?? "").toLowerCase() === "websocket" &&
    typeof key === "string" &&
    /^[+/0-9A-Za-z]{22}==$/.test(key.trim()) &&
    (version === "13" || version === "8")
  );
}

/** Headers as API Gateway passes them: the client's own spelling, repeated ones joined. */
function gatewayHeaders(req: IncomingMessage): { headers: Record<string, string>; multiValueHeaders: Record<string, string[]> } {
  const multiValueHeaders: Record<string, string[]> = {};
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] as string;
    const existing = Object.keys(multiValueHeaders).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
    (multiValueHeaders[existing] ??= []).push(req.rawHeaders[i + 1] as string);
  }
  const headers = Object.fromEntries(Object.entries(multiValueHeaders).map(([k, v]) => [k, v.join(",")]));
  return { headers, multiValueHeaders };
}

function refuse(socket: Duplex, status: number, body: string): void {
  if (socket.destroyed) return;
  const text = Buffer.from(body, "utf8");
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${text.length}\r\n\r\n${body}`,
  );
  socket.once("finish", () => socket.destroy());
}

/** API Gateway's access-log time format, e.g. `09/Feb/2026:12:00:00 +0000`. */
function requestTime(date: Date): string {
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} +0000`;
}

function closeReason(code: number): string {
  if (code === 1005) return "Client-side close frame status not set";
  if (code === 1006) return "Connection closed abnormally";
  return "";
}
