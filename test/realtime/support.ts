import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { type Client, createClient } from "graphql-ws";
import WebSocket from "ws";
import { GATEWAY_MODES, type GatewayMode } from "../../src/server/gateway-mode.js";
import { createDynamoClients } from "../../src/store/dynamo/client.js";
import { type TestServer, startTestServer } from "../helpers/server.js";
import type { ServerOptions } from "../../src/server/app.js";

export const MODES = GATEWAY_MODES;
export const SUBPROTOCOL = "graphql-transport-ws";

/** Every field of Match that REST and GraphQL both return the same way. */
export const VIEW_FIELDS = ["id", "status", "version", "seat", "seats", "toMove", "dice", "legalMoves", "winner", "diceCommitment", "diceSeed"] as const;

export const UPDATE_QUERY = `subscription($id: ID!, $after: Int) {
  matchUpdated(matchId: $id, afterVersion: $after) {
    version
    event { version type at data }
    match { ${VIEW_FIELDS.join(" ")} }
  }
}`;

export const startLiveServer = (mode: GatewayMode, options: ServerOptions = {}): Promise<TestServer> => startTestServer({ gateway: mode, ...options });

export const wsUrl = (t: TestServer): string => `${t.url.replace(/^http/, "ws")}/graphql`;

export interface Watcher {
  readonly client: Client;
  /** Every `next` payload, in arrival order. */
  readonly results: any[];
  /** Every frame the server sent, as received. */
  readonly frames: string[];
  /** Resolves "complete" or the error the subscription ended with. */
  readonly ended: Promise<{ outcome: "complete" } | { outcome: "error"; error: unknown }>;
  /** Resolves once `count` results arrived. */
  results$(count: number, timeoutMs?: number): Promise<any[]>;
  dispose(): Promise<void>;
}

/** One real graphql-ws client (its own socket) running `matchUpdated`. */
export function watch(
  t: TestServer,
  matchId: string,
  options: { token?: string | undefined; afterVersion?: number; query?: string; /** Sent as they are, instead of `id` and `after`. */ variables?: Record<string, unknown> } = {},
): Watcher {
  const frames: string[] = [];
  const results: any[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const client = recordingClient(t, frames, options.token ? { authorization: `Bearer ${options.token}` } : {});
  const ended = new Promise<{ outcome: "complete" } | { outcome: "error"; error: unknown }>((resolve) => {
    client.subscribe(
      { query: options.query ?? UPDATE_QUERY, variables: options.variables ?? { id: matchId, ...(options.afterVersion !== undefined ? { after: options.afterVersion } : {}) } },
      {
        next: (value) => {
          results.push(value);
          for (const w of waiters.filter((w) => results.length >= w.count)) w.resolve();
        },
        error: (error) => resolve({ outcome: "error", error }),
        complete: () => resolve({ outcome: "complete" }),
      },
    );
  });
  return {
    client,
    results,
    frames,
    ended,
    results$(count, timeoutMs = 10_000) {
      if (results.length >= count) return Promise.resolve(results);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${results.length} of ${count} results after ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve(results)) });
      });
    },
    dispose: () => client.dispose() as Promise<void>,
  };
}

/** A graphql-ws client whose socket records every frame the server sends into `frames`. */
function recordingClient(t: TestServer, frames: string[], connectionParams: Record<string, unknown>): Client {
  class RecordingWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols);
      this.on("message", (data) => frames.push(String(data)));
    }
  }
  return createClient({ url: wsUrl(t), webSocketImpl: RecordingWebSocket, retryAttempts: 0, lazyCloseTimeout: 0, connectionParams });
}

/** The updates a watcher received (each `next` must have data and no errors). */
export function updatesOf(watcher: Watcher): any[] {
  return watcher.results.map((r) => {
    if (r.errors) throw new Error(`a next carried errors: ${JSON.stringify(r.errors)}`);
    return r.data.matchUpdated;
  });
}

/** Waits until `check` passes (or throws its last failure). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000, everyMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}

/** Every item of the server's table, sorted by key, for before/after comparisons. */
export async function scanTable(t: TestServer): Promise<Record<string, unknown>[]> {
  const embedded = t.server.embedded;
  if (!embedded) throw new Error("no embedded store");
  const { client, doc } = createDynamoClients({ endpoint: embedded.endpoint });
  try {
    const items: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await doc.send(new ScanCommand({ TableName: t.server.tableName, ConsistentRead: true, ExclusiveStartKey: startKey }));
      items.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    const key = (i: Record<string, unknown>) => `${i.PK} ${i.SK}`;
    return items.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  } finally {
    client.destroy();
  }
}

/** A raw WebSocket speaking graphql-transport-ws by hand (for what a well-behaved client never sends). */
export interface RawSocket {
  readonly socket: WebSocket;
  readonly received: any[];
  send(message: unknown): void;
  sendText(text: string): void;
  /** The next message not yet taken. */
  next(timeoutMs?: number): Promise<any>;
  /** Nothing more arrives within `ms`. */
  quiet(ms?: number): Promise<void>;
  close(): Promise<void>;
}

export async function rawSocket(t: TestServer, protocol: string | null = SUBPROTOCOL): Promise<RawSocket> {
  const socket = new WebSocket(wsUrl(t), protocol ? [protocol] : []);
  const received: any[] = [];
  let taken = 0;
  let wake: (() => void) | null = null;
  socket.on("message", (data) => {
    const text = String(data);
    try {
      received.push(JSON.parse(text));
    } catch {
      received.push(text);
    }
    wake?.();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
    socket.once("unexpected-response", (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
  });
  return {
    socket,
    received,
    send: (message) => socket.send(JSON.stringify(message)),
    sendText: (text) => socket.send(text),
    async next(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= taken) {
        if (Date.now() > deadline) throw new Error(`no message within ${timeoutMs} ms (got ${JSON.stringify(received)})`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 50);
        });
      }
      return received[taken++];
    },
    async quiet(ms = 200) {
      const before = received.length;
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (received.length !== before) throw new Error(`unexpected message(s): ${JSON.stringify(received.slice(before))}`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === socket.CLOSED) return resolve();
        socket.once("close", () => resolve());
        socket.close();
      }),
  };
}

/** What one query or mutation over a socket came to: the `next` it got, or the errors of an `error` message. */
export type SocketAnswer = { readonly result: any; readonly refused?: undefined } | { readonly refused: any[]; readonly result?: undefined };

/** A graphql-ws client (its own socket) that sends queries and mutations, and may watch too. */
export interface SocketClient {
  readonly client: Client;
  /** Every frame the server sent, as received. */
  readonly frames: string[];
  run(query: string, variables?: Record<string, unknown>, operationName?: string): Promise<SocketAnswer>;
  dispose(): Promise<void>;
}

export function socketClient(t: TestServer, token?: string): SocketClient {
  const frames: string[] = [];
  const client = recordingClient(t, frames, token ? { token } : {});
  return {
    client,
    frames,
    run: (query, variables, operationName) =>
      new Promise<SocketAnswer>((resolve, reject) => {
        const results: any[] = [];
        client.subscribe(
          { query, ...(variables ? { variables } : {}), ...(operationName ? { operationName } : {}) },
          {
            next: (value) => void results.push(value),
            error: (error) => (Array.isArray(error) ? resolve({ refused: error }) : reject(error)),
            complete: () => (results.length === 1 ? resolve({ result: results[0] }) : reject(new Error(`${results.length} results for one operation`))),
          },
        );
      }),
    dispose: () => client.dispose() as Promise<void>,
  };
}

/** The error codes of an answer, over a socket or over HTTP. */
export const codesOf = (answer: SocketAnswer | { errors?: { extensions: { code: string } }[] | undefined }): string[] =>
  ("refused" in answer && answer.refused ? answer.refused : "result" in answer && answer.result ? (answer.result.errors ?? []) : ((answer as { errors?: any[] }).errors ?? [])).map(
    (e: any) => e.extensions.code,
  );
