import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { createLogger } from "../../src/logger.js";
import { type FanOutDeps, handleStreamBatch, type StreamBatch } from "../../src/realtime/aws/fan-out.js";
import { type RunningServer, startServer } from "../../src/server/app.js";
import { ConnectionStore } from "../../src/store/dynamo/connection-store.js";
import { createDynamoClients } from "../../src/store/dynamo/client.js";
import { DynamoEventStore } from "../../src/store/dynamo/event-store.js";
import { handleStreamBatchV1, sdkPosterV1 } from "../baselines/fan-out-v1.js";
import { postJson } from "../player-operations.js";
import { type Measurement, percentile, type Suite } from "../report.js";

/** `lambda-v1`: lambda mode with the fan-out and poster before the current ones (bench/baselines/fan-out-v1.ts). */
type Mode = "direct" | "lambda" | "lambda-v1";
const SUBSCRIBERS = fileURLToPath(new URL("../live-subscribers.ts", import.meta.url));
const FLOOD = fileURLToPath(new URL("../live-flood.ts", import.meta.url));

/** The flood: as the probe that found it (20 connections), each asking past the cap of its connection and together past the address's. */
const FLOOD_CONNECTIONS = 20;
const FLOOD_PER_CONNECTION = 150;

/**
 * One client (bench/live-flood.ts, its own process, the same address as the measured subscriber)
 * subscribing to another match as much as the caps let it; resolves once every ask was answered.
 */
async function flood(url: string, matchId: string) {
  const child = spawn(process.execPath, ["--import", "tsx", FLOOD, url, matchId, String(FLOOD_CONNECTIONS), String(FLOOD_PER_CONNECTION)], { stdio: ["pipe", "pipe", "inherit"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const ready = await new Promise<{ admitted: number; refused: number }>((resolve, reject) => {
    child.once("exit", () => reject(new Error("the flood's process exited")));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const [word, admitted, refused] = line.split(" ");
      if (word === "ready") resolve({ admitted: Number(admitted), refused: Number(refused) });
    });
  });
  return { ...ready, close: () => (child.stdin!.end("close\n"), exited) };
}

/**
 * `count` subscribers of the match in a process of their own (bench/live-subscribers.ts), as a
 * site's viewers are: the server's process does only the server's work. Resolves once each has
 * the match's first update; `through(v)` waits until every one has every version through `v`
 * and answers each version's receipt times (ms since the epoch).
 */
async function subscribe(url: string, matchId: string, count: number) {
  const child = spawn(process.execPath, ["--import", "tsx", SUBSCRIBERS, url, matchId, String(count)], { stdio: ["pipe", "pipe", "inherit"] });
  const received: { version: number; times: number[] }[] = [];
  let wake: () => void = () => {};
  let exited = false;
  child.once("exit", () => ((exited = true), wake()));
  createInterface({ input: child.stdout! }).on("line", (line) => {
    const [version, ...times] = line === "ready" ? [1] : line.split(" ").map(Number);
    received.push({ version: version!, times });
    wake();
  });
  const until = async (done: () => boolean) => {
    while (!done()) {
      if (exited) throw new Error("the subscribers' process exited");
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  await until(() => received.some((r) => r.version === 1));
  received.length = 0;
  return {
    async through(version: number) {
      await until(() => received.some((r) => r.version >= version));
      return received.splice(0);
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once("exit", () => resolve());
        child.stdin!.end("close\n");
      }),
  };
}

/**
 * Commit-to-client latency: from the moment the store acknowledged a commit (observed at the
 * embedded store's boundary, where the stream records come from) to the moment a subscribed
 * WebSocket client has the event, for one and for 500 subscribers of one match (in a process of
 * their own), in both local modes. Baselines in the same run: one subscriber for 500, direct mode for lambda mode, and the
 * earlier lambda path for today's. In lambda mode the fan-out's DynamoDB calls are counted too
 * (every call of its stores, through a client of their own), per commit it handled.
 */
async function measure(
  mode: Mode,
  subscribers: number,
  moves: number,
  flooded = false,
): Promise<{ latencies: number[]; calls: number; commits: number; flood?: { admitted: number; refused: number } }> {
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
    const at = performance.timeOrigin + performance.now();
    for (const e of JSON.parse(events) as { version: number }[]) commitAt.set(e.version, at);
  });
  const post = (path: string, token?: string, body?: unknown) => postJson(server.url, path, token, body);
  const created = await post("/api/matches", undefined, { ruleset: "backgammon" });
  const id: string = created.match.id;
  const tokens: string[] = created.seats.map((s: { token: string }) => s.token);

  const latencies: number[] = [];
  const subscribed = await subscribe(`${server.url.replace("http", "ws")}/graphql`, id, subscribers);
  // Flooded: once the measured subscribers are in, one client fills its caps on another match.
  const flooding = flooded ? await flood(`${server.url.replace("http", "ws")}/graphql`, (await post("/api/matches", undefined, { ruleset: "backgammon" })).match.id) : null;

  let view = created.match;
  for (let played = 0; played < moves && view.status !== "FINISHED"; ) {
    const actor = view.toMove ?? 0;
    // A command answers with the caller's view; the next actor may be the other seat.
    if (view.seat !== actor) view = await (await fetch(`${server.url}/api/matches/${id}`, { headers: { authorization: `Bearer ${tokens[actor]}` } })).json();
    view = view.legalMoves.length > 0 ? await post(`/api/matches/${id}/moves`, tokens[actor], { move: view.legalMoves[0] }) : await post(`/api/matches/${id}/dice`, tokens[actor]);
    if (view.legalMoves.length === 0 || view.toMove !== actor) played++;
    // Every subscriber has the new events before the next command, so that the latency of one
    // commit is not inflated by the queue of the next.
    for (const { version, times } of await subscribed.through(view.version)) {
      const at = commitAt.get(version);
      if (at !== undefined) for (const t of times) latencies.push(t - at);
    }
  }
  stop();
  await subscribed.close();
  await flooding?.close();
  // Let every `$disconnect` finish before the store closes (500 of them outlast close()'s grace).
  const gateway = server.localGateway;
  for (const deadline = Date.now() + 60_000; gateway && gateway.connectionIds().length > 0 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 20));
  await gateway?.idle();
  await server.close();
  counted?.destroy();
  return { latencies: latencies.sort((a, b) => a - b), calls, commits, ...(flooding ? { flood: { admitted: flooding.admitted, refused: flooding.refused } } : {}) };
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
    // The flood and its baseline take turns, twice, warm as each other (the first run above is the
    // coldest), and each figure pools both of its runs: the machine's noise is shared alike.
    const calm: number[] = [];
    const floodedRuns: number[] = [];
    let flooded: Awaited<ReturnType<typeof measure>> | undefined;
    for (let round = 0; round < 2; round++) {
      calm.push(...(await measure("direct", 1, 60)).latencies);
      flooded = await measure("direct", 1, 60, true);
      floodedRuns.push(...flooded.latencies);
    }
    runs["direct-1-calm"] = calm.sort((a, b) => a - b);
    runs["direct-1-flooded"] = floodedRuns.sort((a, b) => a - b);
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
    for (const q of [50, 99]) {
      results.push({
        ...line("direct, 1 subscriber while one client floods another match to its caps", "direct-1-flooded", q, "direct, 1 subscriber, no flood (in turn with it)", "direct-1-calm"),
        note: `the flood: ${FLOOD_CONNECTIONS} connections x ${FLOOD_PER_CONNECTION} subscriptions asked, ${flooded!.flood!.admitted} admitted, ${flooded!.flood!.refused} refused TOO_MANY_SUBSCRIPTIONS; ${runs["direct-1-flooded"]!.length} and ${calm.length} deliveries over two turns each`,
      });
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
