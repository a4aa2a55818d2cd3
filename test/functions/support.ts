import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { type DynamoProxy, dynamoProxy } from "../../infra/dynamo-proxy.js";
import { type LocalLambda, startLocalLambda } from "../../infra/local-lambda.js";
import { type BuiltFunction, buildFunctions } from "../../infra/build.js";
import { createDynamoClients } from "../../src/store/dynamo/client.js";
import { type EmbeddedStore, startEmbeddedStore } from "../../src/store/dynamo/embedded-store.js";
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
      const proxy = await dynamoProxy(store.endpoint, ({ action }) => used.add(`dynamodb:${action}`));
      proxies.push(proxy);
      const lambda = await startLocalLambda(fn.file, {
        functionName: name,
        env: { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: proxy.endpoint, LOG_LEVEL: "silent", ...env },
      });
      started.push(lambda);
      return lambda;
    },
    operations: (name) => [...(operations.get(name) ?? [])].sort(),
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
