import { Agent as HttpAgent, type IncomingMessage, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { Post } from "./delivery-deps.js";
import { payloadJson } from "./payload-json.js";
import type { ServerMessage } from "../protocol.js";
import { type Credentials, escapeUri, signRequest } from "./sigv4.js";

/** Pushes in flight at once per function; the fan-out keeps to fewer (see fan-out.ts). */
const MAX_SOCKETS = 128;
const ATTEMPTS = 3;
const TIMEOUT_MS = 10_000;

/**
 * Posts protocol messages to WebSocket clients through API Gateway's management API
 * (`POST https://{api-id}.execute-api.{region}.amazonaws.com/{stage}/@connections/{id}`, or the
 * local gateway's URL), signed with the function's credentials (Lambda's environment; the local
 * gateway wants none) on kept-alive connections: a plain signed request, not the SDK client, whose own work per call was most
 * of a push's cost. A client that is gone answers 410: reported, so the caller can forget the
 * connection. Throttling, server errors and dropped connections are retried, as the SDK would.
 */
export function managementApiPoster(endpoint: string, region?: string, env: NodeJS.ProcessEnv = process.env): { post: Post; destroy(): void } {
  const url = new URL(endpoint);
  const local = url.protocol === "http:";
  const agent = local ? new HttpAgent({ keepAlive: true, maxSockets: MAX_SOCKETS }) : new HttpsAgent({ keepAlive: true, maxSockets: MAX_SOCKETS });
  const send = local ? httpRequest : httpsRequest;
  const stage = url.pathname.replace(/\/$/, "");
  const scope = { region: region ?? env.AWS_REGION ?? "us-east-1", service: "execute-api" };

  const attempt = async (path: string, chunks: readonly Buffer[]): Promise<{ status: number; text: string }> => {
    const length = chunks.reduce((n, c) => n + c.length, 0);
    // The local gateway checks no signature (test/realtime/sigv4.test.ts checks the signer).
    const headers = local ? {} : await signRequest({ method: "POST", host: url.host, path, headers: {}, body: Buffer.concat(chunks, length) }, scope, credentialsOf(env), new Date());
    return new Promise((resolve, reject) => {
      const req = send({ protocol: url.protocol, hostname: url.hostname, port: url.port, method: "POST", path, agent, timeout: TIMEOUT_MS, headers: { ...headers, "content-length": String(length) } }, (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      });
      req.on("timeout", () => req.destroy(new Error(`no answer in ${TIMEOUT_MS} ms`)));
      req.on("error", reject);
      for (const chunk of chunks.slice(0, -1)) req.write(chunk);
      req.end(chunks.at(-1));
    });
  };

  const post: Post = async (connectionId, message) => {
    const path = `${stage}/@connections/${escapeUri(connectionId)}`;
    const body = serialize(message);
    for (let n = 1; ; n++) {
      let outcome: { status: number; text: string } | Error;
      try {
        outcome = await attempt(path, body);
      } catch (error) {
        outcome = error as Error;
      }
      if (!(outcome instanceof Error)) {
        if (outcome.status >= 200 && outcome.status < 300) return "sent";
        if (outcome.status === 410) return "gone";
      }
      const retryable = outcome instanceof Error || outcome.status === 429 || outcome.status >= 500;
      if (!retryable || n === ATTEMPTS) {
        throw outcome instanceof Error ? outcome : new Error(`PostToConnection ${connectionId}: HTTP ${outcome.status} ${outcome.text}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25 * 4 ** (n - 1) * (0.5 + Math.random())));
    }
  };
  return { post, destroy: () => agent.destroy() };
}

/**
 * A message as JSON, in pieces: a `next`'s payload is shared by the subscribers running one
 * document, so only its id differs, and the payload's bytes are encoded once for all of them
 * (payload-json.ts).
 */
function serialize(message: ServerMessage): Buffer[] {
  if (message.type !== "next" || typeof message.payload !== "object" || message.payload === null) return [Buffer.from(JSON.stringify(message))];
  return [Buffer.from(`{"type":"next","id":${JSON.stringify(message.id)},"payload":`), payloadJson(message.payload).utf8, CLOSE];
}
const CLOSE = Buffer.from("}");

/** Lambda's credentials, from its environment, read at each push (they are never cached here). */
function credentialsOf(env: NodeJS.ProcessEnv): Credentials {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = env;
  if (!accessKeyId || !secretAccessKey) throw new Error("no AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) to sign management API requests");
  return { accessKeyId, secretAccessKey, sessionToken };
}
