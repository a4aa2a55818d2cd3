import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { type DynamoCall, type DynamoProxy, dynamoProxy } from "../../infra/dynamo-proxy.js";
import { type LocalLambda, startLocalLambda } from "../../infra/local-lambda.js";
import { type BuiltFunction, buildFunctions } from "../../infra/build.js";
import { createDynamoClients } from "../../src/store/dynamo/client.js";
import { type EmbeddedStore, type StoredItem, startEmbeddedStore } from "../../src/store/dynamo/embedded-store.js";
import { ensureTable } from "../../src/store/dynamo/table.js";

/** Building the bundles takes seconds (more on a busy machine). */
export const BUILD_TIMEOUT_MS = 180_000;

/**
 * Builds the named functions with the build `npm run build` runs, into a directory of its own
 * (so a test never races a build of dist/), and starts an embedded store with one table.
 */
export async function setUp(names: readonly string[]): Promise<Fixture> {
  const outDir = mkdtempSync(join(tmpdir(), "tabula-functions-"));
  const built = await buildFunctions({ outDir, names });
  const store = await startEmbeddedStore();
  const { client, doc } = createDynamoClients({ endpoint: store.endpoint });
  const tableName = "tabula-functions-test";
  await ensureTable(client, tableName);
  const started: LocalLambda[] = [];
  const proxies: DynamoProxy[] = [];
  const operations = new Map<string, Set<string>>();
  const calls = new Map<string, DynamoCall[]>();
  return {
    built: Object.fromEntries(built.map((b) => [b.name, b])),
    store,
    doc,
    tableName,
    async start(name, env = {}) {
      const fn = built.find((b) => b.name === name);
      if (!fn) throw new Error(`${name} was not built`);
      const used = operations.get(name) ?? new Set<string>();
      operations.set(name, used);
      // Every DynamoDB action the function calls, to hold against what the stack grants it.
      const log = calls.get(name) ?? [];
      calls.set(name, log);
      const proxy = await dynamoProxy(store.endpoint, (made) => {
        used.add(`dynamodb:${made.action}`);
        log.push(made);
      });
      proxies.push(proxy);
      const lambda = await startLocalLambda(fn.file, {
        functionName: name,
        env: { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: proxy.endpoint, LOG_LEVEL: "silent", ...env },
      });
      started.push(lambda);
      return lambda;
    },
    operations: (name) => [...(operations.get(name) ?? [])].sort(),
    calls: (name) => calls.get(name) ?? [],
    async close() {
      await Promise.all(started.map((l) => l.close()));
      await Promise.all(proxies.map((p) => p.close()));
      client.destroy();
      await store.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

export interface Fixture {
  readonly built: Record<string, BuiltFunction>;
  readonly store: EmbeddedStore;
  readonly doc: ReturnType<typeof createDynamoClients>["doc"];
  readonly tableName: string;
  /** Loads a built bundle in a fresh process, with the table's configuration in its environment. */
  start(name: string, env?: Record<string, string>): Promise<LocalLambda>;
  /** The DynamoDB actions a started function has called so far (`dynamodb:PutItem`, ...), sorted. */
  operations(name: string): string[];
  /** Every DynamoDB call a started function has made so far, in the order the store answered them. */
  calls(name: string): readonly DynamoCall[];
  close(): Promise<void>;
}

export interface HttpEventOptions {
  readonly body?: string;
  /** Header names as API Gateway passes them: lowercase. */
  readonly headers?: Record<string, string>;
  readonly query?: string;
  readonly base64?: boolean;
  /** `$default` unless given (a named stage prefixes rawPath). */
  readonly stage?: string;
  readonly token?: string;
  readonly json?: unknown;
}

let requestCount = 0;

/** An HTTP API payload 2.0 event, as API Gateway sends it to a Lambda integration. */
export function httpEvent(method: string, path: string, options: HttpEventOptions = {}): APIGatewayProxyEventV2 {
  const stage = options.stage ?? "$default";
  const rawPath = stage === "$default" ? path : `/${stage}${path}`;
  const raw = options.json !== undefined ? JSON.stringify(options.json) : options.body;
  const headers: Record<string, string> = {
    accept: "*/*",
    host: "abc123.execute-api.eu-west-1.amazonaws.com",
    "user-agent": "vitest",
    "x-forwarded-for": "127.0.0.1",
    ...(options.json !== undefined ? { "content-type": "application/json" } : {}),
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...options.headers,
  };
  if (raw !== undefined) headers["content-length"] = String(Buffer.byteLength(raw));
  const query = options.query ?? "";
  const queryStringParameters: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(query)) {
    queryStringParameters[name] = queryStringParameters[name] === undefined ? value : `${queryStringParameters[name]},${value}`;
  }
  const now = Date.now();
  return {
    version: "2.0",
    routeKey: path === "/graphql" ? "ANY /graphql" : "ANY /api/{proxy+}",
    rawPath,
    rawQueryString: query,
    headers,
    ...(query ? { queryStringParameters } : {}),
    ...(path.startsWith("/api/") ? { pathParameters: { proxy: path.slice("/api/".length) } } : {}),
    requestContext: {
      accountId: "000000000000",
      apiId: "abc123",
      domainName: "abc123.execute-api.eu-west-1.amazonaws.com",
      domainPrefix: "abc123",
      http: { method, path: rawPath, protocol: "HTTP/1.1", sourceIp: "127.0.0.1", userAgent: "vitest" },
      requestId: `req-${++requestCount}`,
      routeKey: path === "/graphql" ? "ANY /graphql" : "ANY /api/{proxy+}",
      stage,
      time: new Date(now).toISOString(),
      timeEpoch: now,
    },
    ...(raw !== undefined ? { body: options.base64 ? Buffer.from(raw).toString("base64") : raw } : {}),
    isBase64Encoded: options.base64 ?? false,
  };
}

export type HttpResult = APIGatewayProxyStructuredResultV2 & { statusCode: number; headers: Record<string, string>; body: string };

export interface Reply<T = any> {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: T;
  readonly raw: string;
}

/** Invokes an HTTP function and parses its JSON answer (the raw text stays in `raw`). */
export async function call<T = any>(fn: LocalLambda, event: APIGatewayProxyEventV2): Promise<Reply<T>> {
  const result = await fn.invoke<HttpResult>(event);
  let body: any = result.body;
  try {
    body = JSON.parse(result.body);
  } catch {
    // not JSON: keep the text
  }
  return { status: result.statusCode, headers: result.headers ?? {}, body, raw: result.body };
}

/** A GraphQL POST as a browser or graphql-request would send it. */
export const gqlEvent = (query: string, variables?: Record<string, unknown>, token?: string): APIGatewayProxyEventV2 =>
  httpEvent("POST", "/graphql", { json: { query, ...(variables ? { variables } : {}) }, ...(token ? { token } : {}) });

export interface ManagementStub {
  /** `http://127.0.0.1:<port>/<stage>`: the functions' WEBSOCKET_MANAGEMENT_ENDPOINT. */
  readonly endpoint: string;
  /** Every message posted, in order. */
  readonly posted: { connectionId: string; message: any }[];
  /** Connections answered 410 Gone (the client went away). */
  readonly gone: Set<string>;
  postedTo(connectionId: string): any[];
  close(): Promise<void>;
}

/** API Gateway's management API for the WebSocket bundles: a small HTTP server that records every `POST /@connections/{id}`. */
export async function managementStub(stage: string): Promise<ManagementStub> {
  const posted: { connectionId: string; message: any }[] = [];
  const gone = new Set<string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const match = /^\/([^/]+)\/@connections\/([^/?]+)$/.exec(decodeURIComponent(req.url ?? ""));
      if (req.method !== "POST" || !match || match[1] !== stage) {
        res.writeHead(404).end();
        return;
      }
      const connectionId = match[2]!;
      if (gone.has(connectionId)) {
        res.writeHead(410, { "content-type": "application/json" }).end(JSON.stringify({ message: "Gone" }));
        return;
      }
      posted.push({ connectionId, message: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/${stage}`,
    posted,
    gone,
    postedTo: (connectionId) => posted.filter((p) => p.connectionId === connectionId).map((p) => p.message),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An API Gateway WebSocket event for a route. */
export function wsEvent(routeKey: "$connect" | "$disconnect" | "$default", connectionId: string, extra: { body?: string; headers?: Record<string, string>; stage?: string } = {}) {
  const now = Date.now();
  const eventType = routeKey === "$connect" ? "CONNECT" : routeKey === "$disconnect" ? "DISCONNECT" : "MESSAGE";
  return {
    requestContext: {
      routeKey,
      eventType,
      connectionId,
      connectedAt: now,
      stage: extra.stage ?? "test",
      apiId: "ws123",
      domainName: "ws123.execute-api.eu-west-1.amazonaws.com",
      requestId: `r${now}`,
      extendedRequestId: `e${now}`,
      messageDirection: "IN",
      requestTime: new Date(now).toUTCString(),
      requestTimeEpoch: now,
      identity: { sourceIp: "127.0.0.1" },
      ...(routeKey === "$default" ? { messageId: `m${now}` } : {}),
      ...(routeKey === "$disconnect" ? { disconnectStatusCode: 1000, disconnectReason: "" } : {}),
    },
    ...(extra.headers ? { headers: extra.headers } : {}),
    ...(extra.body !== undefined ? { body: extra.body } : {}),
    isBase64Encoded: false,
  };
}

/** A DynamoDB Streams record of a committed item, as Lambda's event source mapping delivers it. */
export function streamRecord(written: StoredItem, sequence: number, writtenAt = Date.now()) {
  const item = written.item as Record<string, AttributeValue>;
  return {
    eventID: `ev${sequence}`,
    eventName: "INSERT",
    eventVersion: "1.1",
    eventSource: "aws:dynamodb",
    awsRegion: "eu-west-1",
    dynamodb: {
      ApproximateCreationDateTime: Math.floor(writtenAt / 1000),
      Keys: { PK: item.PK, SK: item.SK },
      NewImage: item,
      SequenceNumber: String(100000 + sequence),
      SizeBytes: JSON.stringify(item).length,
      StreamViewType: "NEW_IMAGE",
    },
    eventSourceARN: "arn:aws:dynamodb:eu-west-1:000000000000:table/tabula/stream/2026-01-01T00:00:00.000",
  };
}

/** Creates a backgammon match through the REST bundle; returns its id and seat tokens. */
export async function createMatchVia(rest: LocalLambda, extra: Record<string, unknown> = {}): Promise<{ id: string; tokens: string[] }> {
  const created = await call(rest, httpEvent("POST", "/api/matches", { json: { ruleset: "backgammon", ...extra } }));
  if (created.status !== 201) throw new Error(`createMatch: ${created.status} ${created.raw}`);
  return { id: created.body.match.id, tokens: created.body.seats.map((s: { token: string }) => s.token) };
}

/** Rolls through the REST bundle as the seat to act; returns the commit items the roll wrote (of those `commits` collects). */
export async function rollVia(rest: LocalLambda, commits: readonly StoredItem[], id: string, tokens: readonly string[]): Promise<StoredItem[]> {
  const before = commits.length;
  const spectator = await call(rest, httpEvent("GET", `/api/matches/${id}`));
  const rolled = await call(rest, httpEvent("POST", `/api/matches/${id}/dice`, { token: tokens[spectator.body.toMove ?? 0] }));
  if (rolled.status !== 200) throw new Error(`rollDice: ${rolled.status} ${rolled.raw}`);
  return commits.slice(before);
}
