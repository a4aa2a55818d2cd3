import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { createLogger } from "../../src/api/logger.js";
import { type FanOutDeps, handleStreamBatch, type StreamBatch } from "../../src/realtime/fan-out.js";
import { type RunningServer, startServer } from "../../src/server/app.js";
import { ConnectionStore } from "../../src/store/connection-store.js";
import { createDynamoClients } from "../../src/store/dynamo-client.js";
import { DynamoEventStore } from "../../src/store/dynamo-event-store.js";
import { handleStreamBatchV1, sdkPosterV1 } from "../baselines/fan-out-v1.js";
import { type Measurement, percentile, type Suite } from "../report.js";

/** `lambda-v1`: lambda mode with the fan-out and poster before the current ones (bench/baselines/fan-out-v1.ts). */
type Mode = "direct" | "lambda" | "lambda-v1";
const SUBSCRIPTION = `subscription($m: ID!) { matchUpdated(matchId: $m) { version event { type } } }`;

/**
 * Commit-to-client latency: from the moment the store acknowledged a commit (observed at the
 * embedded store's boundary, where the stream records come from) to the moment a subscribed
 * WebSocket client has the event, for one and for 500 subscribers of one match, in both local
 * modes. Baselines in the same run: one subscriber for 500, direct mode for lambda mode, and the
 * earlier lambda path for today's. In lambda mode the fan-out's DynamoDB calls are counted too
 * (every call of its stores, through a client of their own), per commit it handled.
 */
async function measure(mode: Mode, subscribers: number, moves: number): Promise<{ latencies: number[]; calls: number; commits: number }> {
  let calls = 0;
  let commits = 0;
  let counted: ReturnType<typeof countedStores> | undefined;
  const countedFanOut = (fanOut: (deps: FanOutDeps, batch: StreamBatch) => Promise<unknown>) => async (deps: FanOutDeps, batch: StreamBatch) => {
    counted ??= countedStores(server);
    const before = counted.calls;
    const response = await fanOut({ ...deps, connections: counted.connections, store: counted.store }, batch);
    calls += counted.calls - before;
    commits += batch.Records.length;
    return response as Awaited<ReturnType<typeof handleStreamBatch>>;
  };
  const server: RunningServer = await startServer({
    port: 0,
    memory: true,
    // Every mode on dynalite (lambda mode needs it): commits are timed at its acknowledgement.
    store: "dynamodb",
    gateway: mode === "direct" ? "direct" : "lambda",
    logger: createLogger("silent"),
    lambdaPath: mode === "lambda-v1" ? { fanOut: countedFanOut(handleStreamBatchV1), poster: sdkPosterV1 } : { fanOut: countedFanOut(handleStreamBatch) },
  });
  const commitAt = new Map<number, number>();
  const stop = server.embedded!.onPut(({ item }) => {
    const events = item.events?.S;
    if (!events) return;
    const at = performance.now();
    for (const e of JSON.parse(events) as { version: number }[]) commitAt.set(e.version, at);
  });
  const post = async (path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body ?? {}),
    });
    const json = (await response.json()) as any;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const created = await post("/api/matches", undefined, { ruleset: "backgammon" });
  const id: string = created.match.id;
  const tokens: string[] = created.seats.map((s: { token: string }) => s.token);

  const latencies: number[] = [];
  const clients: Client[] = [];
  let lastVersion = 1;
  const caughtUp: Promise<void>[] = [];
  for (let i = 0; i < subscribers; i++) {
    const client = createClient({ url: `${server.url.replace("http", "ws")}/graphql`, webSocketImpl: WebSocket, lazy: true, retryAttempts: 0 });
    clients.push(client);

    let resolveFirst: () => void;
    caughtUp.push(new Promise<void>((r) => (resolveFirst = r)));
    client.subscribe(
      { query: SUBSCRIPTION, variables: { m: id } },
      {
        next: (result: any) => {
          const version: number = result.data.matchUpdated.version;

          if (version === 1) resolveFirst();
          const at = commitAt.get(version);
          if (version > 1 && at !== undefined) latencies.push(performance.now() - at);
        },
        error: () => {},
        complete: () => {},
      },
    );
  }
  await Promise.all(caughtUp);

  let view = created.match;
  for (let played = 0; played < moves && view.status !== "FINISHED"; ) {
    const actor = view.toMove ?? 0;
    // A command answers with the caller's view; the next actor may be the other seat.
    if (view.seat !== actor) view = await (await fetch(`${server.url}/api/matches/${id}`, { headers: { authorization: `Bearer ${tokens[actor]}` } })).json();
    const before = latencies.length;
    view = view.legalMoves.length > 0 ? await post(`/api/matches/${id}/moves`, tokens[actor], { move: view.legalMoves[0] }) : await post(`/api/matches/${id}/dice`, tokens[actor]);
    if (view.legalMoves.length === 0 || view.toMove !== actor) played++;
    // Wait until every subscriber has the new events before the next command, so that the
    // latency of one commit is not inflated by the queue of the next.
    const expected = (view.version - lastVersion) * subscribers;
    lastVersion = view.version;
    for (let i = 0; i < 2000 && latencies.length - before < expected; i++) await new Promise((r) => setTimeout(r, 2));
  }
  stop();
  await Promise.all(clients.map((c) => c.dispose()));
  // Let every `$disconnect` finish before the store closes (500 of them outlast close()'s grace).
  const gateway = server.localGateway;
  for (const deadline = Date.now() + 60_000; gateway && gateway.connectionIds().length > 0 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 20));
  await gateway?.idle();
  await server.close();
  counted?.destroy();
  return { latencies: latencies.sort((a, b) => a - b), calls, commits };
}

/** The fan-out's stores over a client that counts every DynamoDB call. */
function countedStores(server: RunningServer) {
  const { client, doc } = createDynamoClients({ endpoint: server.embedded!.endpoint });
  const counted = { calls: 0, connections: new ConnectionStore(doc, server.tableName), store: new DynamoEventStore(doc, server.tableName), destroy: () => client.destroy() };
  client.middlewareStack.add((next) => (args) => (counted.calls++, next(args)), { step: "initialize", name: "countCalls" });
  return counted;
}

export const suite: Suite = {
  name: "live updates: commit-to-client latency (local server)",
  async run() {
    const results: Measurement[] = [];
    const p = (xs: number[], q: number) => percentile(xs, q);
    const runs: Record<string, number[]> = {};
    const perCommit: Record<string, { calls: number; commits: number }> = {};
    for (const [mode, n, moves] of [
      ["direct", 1, 60],
      ["direct", 500, 12],
      ["lambda", 1, 60],
      ["lambda", 500, 12],
      ["lambda-v1", 500, 6],
    ] as const) {
      const run = await measure(mode, n, moves);
      runs[`${mode}-${n}`] = run.latencies;
      perCommit[`${mode}-${n}`] = run;
    }
    const line = (name: string, run: string, q: number, baseline?: string, baselineRun?: string): Measurement => ({
      name: `${name}, p${q}${run.endsWith("-500") ? ` (${runs[run]!.length} deliveries)` : ""}`,
      unit: "ms",
      value: p(runs[run]!, q),
      better: "lower",
      ...(baseline && baselineRun ? { baseline, baselineValue: p(runs[baselineRun]!, q) } : {}),
    });
    for (const q of [50, 99]) {
      results.push(
        line("direct, 1 subscriber", "direct-1", q),
        line("direct, 500 subscribers", "direct-500", q, "direct, 1 subscriber", "direct-1"),
        line("lambda, 1 subscriber", "lambda-1", q, "direct, 1 subscriber", "direct-1"),
        line("lambda, 500 subscribers", "lambda-500", q, "direct, 500 subscribers", "direct-500"),
        line("lambda, 500 subscribers", "lambda-500", q, "previous lambda path, 500 subscribers", "lambda-v1-500"),
      );
    }
    const callsOf = (run: string) => perCommit[run]!.calls / Math.max(1, perCommit[run]!.commits);
    results.push({
      name: "lambda fan-out DynamoDB calls per commit, 500 subscribers",
      unit: "calls",
      value: callsOf("lambda-500"),
      better: "lower",
      baseline: "previous lambda path",
      baselineValue: callsOf("lambda-v1-500"),
      note: `over ${perCommit["lambda-500"]!.commits} and ${perCommit["lambda-v1-500"]!.commits} commits; posts are not DynamoDB calls`,
    });
    return results;
  },
};
