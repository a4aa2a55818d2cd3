import { type RunningServer, type ServerOptions, startServer } from "../../src/server/app.js";
import { createLogger } from "../../src/logger.js";

/** A started local server (in memory unless `dataDir` is given; on the Level store unless told) with small HTTP clients. */
export interface TestServer {
  readonly url: string;
  readonly server: RunningServer;
  gql<T = any>(query: string, variables?: Record<string, unknown>, options?: RequestOptions): Promise<GraphqlReply<T>>;
  rest<T = any>(method: string, path: string, options?: RestOptions): Promise<RestReply<T>>;
  close(): Promise<void>;
}

export interface RequestOptions {
  readonly token?: string | undefined;
  readonly headers?: Record<string, string>;
}
export interface RestOptions extends RequestOptions {
  /** Sent as JSON with `content-type: application/json`. */
  readonly json?: unknown;
  /** Sent as is (set the content type yourself in `headers`). */
  readonly body?: string;
}

export interface GraphqlError {
  message: string;
  path?: (string | number)[];
  extensions: { code: string; [key: string]: unknown };
}
export interface GraphqlReply<T> {
  readonly status: number;
  readonly headers: Headers;
  readonly data: T | null | undefined;
  readonly errors: GraphqlError[] | undefined;
  readonly raw: string;
}
export interface RestReply<T> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
  readonly raw: string;
}

const authorization = (token: string | undefined): Record<string, string> => (token === undefined ? {} : { authorization: `Bearer ${token}` });

export async function startTestServer(options: ServerOptions = {}): Promise<TestServer> {
  const server = await startServer({ port: 0, memory: options.dataDir === undefined, logger: createLogger(process.env.TEST_LOG_LEVEL === "debug" ? "debug" : "silent"), ...options });
  const { url } = server;
  return {
    url,
    server,
    async gql(query, variables, opts = {}) {
      const response = await fetch(`${url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", ...authorization(opts.token), ...opts.headers },
        body: JSON.stringify({ query, ...(variables ? { variables } : {}) }),
      });
      const raw = await response.text();
      const json = JSON.parse(raw) as { data?: any; errors?: GraphqlError[] };
      return { status: response.status, headers: response.headers, data: json.data, errors: json.errors, raw };
    },
    async rest(method, path, opts = {}) {
      const headers: Record<string, string> = { ...authorization(opts.token), ...(opts.json !== undefined ? { "content-type": "application/json" } : {}), ...opts.headers };
      const body = opts.json !== undefined ? JSON.stringify(opts.json) : opts.body;
      const response = await fetch(`${url}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
      const raw = await response.text();
      let parsed: any = raw;
      try {
        parsed = JSON.parse(raw);
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, headers: response.headers, body: parsed, raw };
    },
    close: () => server.close(),
  };
}
