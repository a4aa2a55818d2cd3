import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { WebSocket } from "ws";
import type { Logger } from "../logger.js";
import { readBody } from "../api/node-http.js";

/**
 * A local stand-in for API Gateway's management API (`POST|GET|DELETE /@connections/{id}`), on
 * a loopback port of its own, never the public one: the only way answers reach the clients of
 * the local WebSocket API, as on AWS. The real `ApiGatewayManagementApiClient` talks to it.
 */

/** API Gateway's limits: a message (possibly several frames) is at most 128 KB. */
export const MAX_MESSAGE_BYTES = 128 * 1024;

/** What the management API knows of a connection of the WebSocket API. */
export interface ManagedConnection {
  readonly socket: WebSocket;
  readonly connectedAt: number;
  lastActiveAt: number;
  readonly sourceIp: string;
  readonly userAgent: string | undefined;
}

/** What the management API answered, by kind, since it started. */
export interface ManagementCounts {
  /** Every request to `/@connections/{id}`, whatever its answer. */
  requests: number;
  /** POSTs delivered to their connection (200). */
  sent: number;
  /** Requests for a connection that is not open (410). */
  gone: number;
  /** Requests refused over the throttle (429). */
  throttled: number;
}

/**
 * API Gateway's account-level throttle, a token bucket shared by every request of the account
 * and region (10,000 per second, bursts of 5,000, unless raised): beyond it a request is answered
 * 429 `LimitExceededException`, as the management API does.
 */
export interface ManagementThrottle {
  readonly rateLimit: number;
  readonly burstLimit: number;
}

export interface LocalManagementApi {
  /** `http://127.0.0.1:<port>/<stage>`: what `ApiGatewayManagementApiClient` takes as `endpoint`. */
  readonly endpoint: string;
  counts(): ManagementCounts;
  close(): Promise<void>;
}

export async function startLocalManagementApi(options: {
  /** The open connections, by id. */
  readonly connections: ReadonlyMap<string, ManagedConnection>;
  readonly stage: string;
  readonly logger: Logger;
  /** Off unless given: every request is answered. */
  readonly throttle?: ManagementThrottle;
  /**
   * How long each request waits before it is handled, in ms (default 0): the round trip from a
   * Lambda to API Gateway's endpoint, which loopback does not have (bench/suites/hot-match.ts).
   */
  readonly answerDelayMs?: number;
}): Promise<LocalManagementApi> {
  const { connections, logger, throttle } = options;
  const counts: ManagementCounts = { requests: 0, sent: 0, gone: 0, throttled: 0 };
  let tokens = throttle?.burstLimit ?? 0;
  let filledAt = performance.now();
  /** Takes a token from the bucket; false when it is empty. */
  const admit = (): boolean => {
    if (!throttle) return true;
    const now = performance.now();
    tokens = Math.min(throttle.burstLimit, tokens + ((now - filledAt) / 1000) * throttle.rateLimit);
    filledAt = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
  const server = createServer((req, res) => void manage(req, res));
  const manage = async (req: IncomingMessage, res: ServerResponse) => {
    try {
      if (options.answerDelayMs) await new Promise((resolve) => setTimeout(resolve, options.answerDelayMs));
      const read = await readBody(req, MAX_MESSAGE_BYTES);
      // A caller that went away mid-body is answered nothing.
      if ("aborted" in read) return;
      const body = read.ok ? read.body : null;
      // The path alone (this API takes no query), without parsing a URL for every push.
      const path = (req.url ?? "/").split("?", 1)[0]!;
      const match = /^(?:\/[^/]+)?\/@connections\/([^/]+)\/?$/.exec(path);
      if (!match) return awsError(res, 404, "NotFoundException", `no route ${req.method} ${path}`);
      counts.requests++;
      if (!admit()) {
        counts.throttled++;
        return awsError(res, 429, "LimitExceededException", "Rate exceeded");
      }
      let connectionId: string;
      try {
        connectionId = decodeURIComponent(match[1] as string);
      } catch {
        return awsError(res, 400, "BadRequestException", "invalid connection id");
      }
      const connection = connections.get(connectionId);
      const open = connection && connection.socket.readyState === connection.socket.OPEN;
      if (!connection || !open) {
        counts.gone++;
        return awsError(res, 410, "GoneException", null);
      }
      switch (req.method) {
        case "POST": {
          if (body === null) return awsError(res, 413, "PayloadTooLargeException", `Message too long. Max size is ${MAX_MESSAGE_BYTES} bytes`);
          await new Promise<void>((resolve, reject) => connection.socket.send(body, { binary: false }, (error) => (error ? reject(error) : resolve())));
          connection.lastActiveAt = Date.now();
          counts.sent++;
          return reply(res, 200, null);
        }
        case "GET":
          return reply(res, 200, {
            connectedAt: new Date(connection.connectedAt).toISOString(),
            identity: { sourceIp: connection.sourceIp, ...(connection.userAgent ? { userAgent: connection.userAgent } : {}) },
            lastActiveAt: new Date(connection.lastActiveAt).toISOString(),
          });
        case "DELETE":
          connection.socket.close(1000, "");
          return reply(res, 204, null);
        default:
          return awsError(res, 405, "MethodNotAllowedException", `use POST, GET or DELETE on /@connections/{id}`);
      }
    } catch (error) {
      // A socket that failed while being written to is gone, as far as the caller can tell.
      logger.debug(`local gateway: management API: ${(error as Error).message}`);
      if (!res.headersSent) {
        counts.gone++;
        awsError(res, 410, "GoneException", null);
      }
    }
  };
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/${options.stage}`,
    counts: () => ({ ...counts }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === null ? "" : JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), "x-amzn-requestid": randomUUID(), ...headers });
  res.end(text);
}

/** An error as API Gateway's management API sends it: the type in `x-amzn-ErrorType`. */
const awsError = (res: ServerResponse, status: number, type: string, message: string | null): void =>
  reply(res, status, { message }, { "x-amzn-errortype": type });
