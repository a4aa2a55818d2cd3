import { BatchWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { WebSocket } from "ws";
import { type LocalManagementApi, type ManagedConnection, type ManagementCounts, type ManagementThrottle, startLocalManagementApi } from "../../src/local-aws/management-api.js";
import { createLogger } from "../../src/logger.js";
import { type BatchResponse, type FanOutDeps, handleStreamBatch, type StreamBatch } from "../../src/realtime/aws/fan-out.js";
import { managementApiPoster } from "../../src/realtime/aws/management-api.js";
import { type RunningServer, startServer } from "../../src/server/app.js";
import { createDynamoClients } from "../../src/store/dynamo/client.js";
import { CONNECTION_TTL_SECONDS, ConnectionStore } from "../../src/store/dynamo/connection-store.js";
import { DynamoEventStore } from "../../src/store/dynamo/event-store.js";
import { matchKey, TABLE_KEYS, TTL_ATTRIBUTE } from "../../src/store/dynamo/table.js";
import { type Measurement, percentile, type Suite } from "../report.js";

/**
 * A hot match: one backgammon match watched by N spectators (100, 1,000, 10,000), pushed to by
 * the deployed fan-out (src/realtime/aws/fan-out.ts, run by the local stream from the table's
 * writes, as `npm start -- --gateway lambda` runs it) through the real poster, to a local
 * management API on loopback that answers as API Gateway's: 200, 410 Gone for a connection that
 * died without a `$disconnect` (a share of the spectators each move), and 429
 * LimitExceededException beyond the account's throttle. The spectators are subscriptions stored
 * as ws-default stores them (followed by the stream), on connections whose sockets only note when
 * each version reached them: no real socket per spectator, so that 10,000 fit on one machine.
 *
 * Measured, per N: the time from the commit (the store's acknowledgement) until each spectator
 * has the commit's first version (p50, p99, and the max: the last spectator), the fan-out's time
 * per commit (its Lambda duration), the posts answered per commit by kind, and the fan-out's
 * DynamoDB calls per commit. Each scenario's growth is its ratio to N = 100 in the same run.
 *
 * `HOT_MATCH_SIZES=100,1000` and `HOT_MATCH_COMMITS=4` make it shorter.
 */

const SIZES = (process.env.HOT_MATCH_SIZES ?? "100,1000,10000").split(",").map(Number);
const COMMITS = Number(process.env.HOT_MATCH_COMMITS ?? 6);
/** Spectators whose connection dies (no `$disconnect`) before each commit: API Gateway answers 410 for them. */
const DEAD_SHARE_PER_COMMIT = 0.01;
/** How long the last spectator may take before the run is reported as not delivered. */
const DELIVERY_TIMEOUT_MS = 180_000;
/** API Gateway's default account-level throttle (per account and region, every API and @connections call). */
const ACCOUNT_THROTTLE: ManagementThrottle = { rateLimit: 10_000, burstLimit: 5_000 };
/**
 * A round trip from a Lambda to the execute-api endpoint of its region: an assumption (loopback
 * has none); AWS publishes no figure. With the fan-out's 64 posts in flight per match, it bounds
 * the posts per second of one match to 64 / RTT.
 */
const ASSUMED_RTT_MS = 10;

const SUBSCRIPTION = `subscription($m: ID!) { matchUpdated(matchId: $m) { version event { type data } match { toMove dice status } } }`;

interface Scenario {
  readonly name: string;
  readonly answerDelayMs: number;
  readonly throttle?: ManagementThrottle;
}

const SCENARIOS: readonly Scenario[] = [
  { name: "loopback, no throttle", answerDelayMs: 0 },
  { name: `${ASSUMED_RTT_MS} ms round trip, account throttle 10,000/s burst 5,000`, answerDelayMs: ASSUMED_RTT_MS, throttle: ACCOUNT_THROTTLE },
];
/** The same at 10,000 spectators, with an account whose throttle other traffic leaves 2,000/s of. */
const SQUEEZED: Scenario = { name: `${ASSUMED_RTT_MS} ms round trip, throttle 2,000/s burst 1,000`, answerDelayMs: ASSUMED_RTT_MS, throttle: { rateLimit: 2_000, burstLimit: 1_000 } };

interface Run {
  /** Per spectator and commit: ms from the commit to the spectator having its first version. */
  readonly latencies: number[];
  /** The slowest spectator of each commit, ms. */
  readonly last: number[];
  /** The fan-out's time per stream batch, ms. */
  readonly batchMs: number[];
  readonly counts: ManagementCounts;
  readonly dynamoCalls: number;
  readonly commits: number;
  readonly failedBatches: number;
  readonly undelivered: number;
  /** Pushes that repeated a version a spectator had, or skipped one. */
  readonly misdelivered: number;
}

/** A socket that only notes when each version reached it. */
function spectatorSocket(onVersion: (version: number) => void): WebSocket {
  const socket = {
    OPEN: 1,
    readyState: 1,
    send(data: Buffer, _options: unknown, done: (error?: Error) => void) {
      const message = JSON.parse(data.toString("utf8")) as { type: string; payload?: { data?: { matchUpdated?: { version: number } } } };
      const version = message.payload?.data?.matchUpdated?.version;
      if (message.type === "next" && version !== undefined) onVersion(version);
      done();
    },
  };
  return socket as unknown as WebSocket;
}

/** Stores `count` spectators of the match as ws-default stores a subscription the stream follows. */
async function seedSpectators(server: RunningServer, matchId: string, version: number, count: number): Promise<string[]> {
  const { client, doc } = createDynamoClients({ endpoint: server.embedded!.endpoint });
  const expiresAt = Math.floor(Date.now() / 1000) + CONNECTION_TTL_SECONDS;
  const ids = Array.from({ length: count }, (_, i) => `spectator-${i}`);
  const items = ids.flatMap((connectionId) => [
    { [TABLE_KEYS.partition]: `CONN#${connectionId}`, [TABLE_KEYS.sort]: "CONN", initialized: true, subs: new Set([`${matchId}#1`]), subIds: new Set(["1"]), [TTL_ATTRIBUTE]: expiresAt },
    {
      [TABLE_KEYS.partition]: matchKey(matchId),
      [TABLE_KEYS.sort]: `SUB#${connectionId}#1`,
      connectionId,
      subscriptionId: "1",
      matchId,
      query: SUBSCRIPTION,
      variables: { m: matchId },
      operationName: null,
      seat: null,
      lastSent: version,
      following: true,
      [TTL_ATTRIBUTE]: expiresAt,
    },
  ]);
  const chunks = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => items.slice(i * 25, i * 25 + 25));
  for (let i = 0; i < chunks.length; i += 8) {
    await Promise.all(
      chunks.slice(i, i + 8).map(async (chunk) => {
        let pending: Record<string, unknown>[] | undefined = chunk.map((Item) => ({ PutRequest: { Item } }));
        while (pending && pending.length > 0) {
          const { UnprocessedItems } = await doc.send(new BatchWriteCommand({ RequestItems: { [server.tableName]: pending as never } }));
          pending = UnprocessedItems?.[server.tableName] as Record<string, unknown>[] | undefined;
        }
      }),
    );
  }
  client.destroy();
  return ids;
}

async function measure(scenario: Scenario, spectators: number): Promise<Run> {
  const receipts = new Map<number, Map<string, number>>();
  const connections = new Map<string, ManagedConnection>();
  const management: LocalManagementApi = await startLocalManagementApi({ connections, stage: "local", logger: createLogger("silent"), answerDelayMs: scenario.answerDelayMs, ...(scenario.throttle ? { throttle: scenario.throttle } : {}) });

  const batchMs: number[] = [];
  let failedBatches = 0;
  let dynamoCalls = 0;
  let batchesDone = 0;
  let wakeBatch = () => {};
  let counted: ReturnType<typeof countingClient> | undefined;
  const fanOut = async (deps: FanOutDeps, batch: StreamBatch): Promise<BatchResponse> => {
    counted ??= countingClient(server);
    const before = counted.calls();
    const started = performance.now();
    const response = await handleStreamBatch({ ...deps, connections: counted.connections, store: counted.store }, batch);
    if (batch.Records.some((r) => r.dynamodb?.Keys && JSON.stringify(r.dynamodb.Keys).includes('"EV#'))) {
      batchMs.push(performance.now() - started);
      dynamoCalls += counted.calls() - before;
      if (response.batchItemFailures.length > 0) failedBatches++;
      batchesDone++;
      wakeBatch();
    }
    return response;
  };
  const server: RunningServer = await startServer({
    port: 0,
    memory: true,
    gateway: "lambda",
    logger: createLogger("silent"),
    lambdaPath: { fanOut, poster: (_endpoint, region) => managementApiPoster(management.endpoint, region) },
  });
  const commitAt = new Map<number, number>();
  const stop = server.embedded!.onPut(({ item }) => {
    const events = item.events?.S;
    if (!events) return;
    const at = performance.now();
    for (const e of JSON.parse(events) as { version: number }[]) commitAt.set(e.version, at);
  });
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await response.json()) as any;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const created = await call("POST", "/api/matches", undefined, { ruleset: "backgammon", options: { matchLength: 7 } });
  const id: string = created.match.id;
  const tokens: string[] = created.seats.map((s: { token: string }) => s.token);
  const ids = await seedSpectators(server, id, created.match.version, spectators);
  // Each spectator must get every version once, in order: anything else is counted.
  let misdelivered = 0;
  for (const connectionId of ids) {
    let has = created.match.version as number;
    connections.set(connectionId, { socket: spectatorSocket((version) => {
      if (version !== has + 1) misdelivered++;
      has = Math.max(has, version);
      let got = receipts.get(version);
      if (!got) receipts.set(version, (got = new Map()));
      if (!got.has(connectionId)) got.set(connectionId, performance.now());
    }), connectedAt: Date.now(), lastActiveAt: Date.now(), sourceIp: "127.0.0.1", userAgent: undefined });
  }

  const latencies: number[] = [];
  const last: number[] = [];
  let undelivered = 0;
  let commits = 0;
  let view = created.match;
  let cut = 0;
  for (; commits < COMMITS && view.status !== "FINISHED"; commits++) {
    // Spectators leave without a `$disconnect` reaching the stack: their next push answers 410.
    const dying = Math.round(spectators * DEAD_SHARE_PER_COMMIT);
    for (const connectionId of ids.slice(cut, cut + dying)) connections.delete(connectionId);
    cut += dying;
    const live = [...connections.keys()];
    const batchesBefore = batchesDone;
    const actor: number = view.toMove ?? 0;
    if (view.seat !== actor) view = await call("GET", `/api/matches/${id}`, tokens[actor]);
    const first = view.version + 1;
    view = view.phase === "roll" ? await call("POST", `/api/matches/${id}/dice`, tokens[actor]) : await call("POST", `/api/matches/${id}/moves`, tokens[actor], { move: view.legalMoves[0] });
    // Every live spectator has the commit's first version, and the fan-out is done with it, before the next command.
    const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
    while (((receipts.get(first)?.size ?? 0) < live.length || batchesDone === batchesBefore) && performance.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 20);
        wakeBatch = () => (clearTimeout(timer), resolve());
      });
    }
    const at = commitAt.get(first)!;
    const got = receipts.get(first) ?? new Map<string, number>();
    undelivered += live.filter((c) => !got.has(c)).length;
    const times = live.flatMap((c) => (got.has(c) ? [got.get(c)! - at] : []));
    latencies.push(...times);
    last.push(Math.max(...times));
  }
  stop();
  await server.close();
  counted?.destroy();
  const counts = management.counts();
  await management.close();
  return { latencies: latencies.sort((a, b) => a - b), last, batchMs, counts, dynamoCalls, commits, failedBatches, undelivered, misdelivered };
}

/** The fan-out's stores over a client that counts every DynamoDB call. */
function countingClient(server: RunningServer) {
  const { client, doc } = createDynamoClients({ endpoint: server.embedded!.endpoint });
  let calls = 0;
  client.middlewareStack.add((next) => (args) => (calls++, next(args)), { step: "initialize", name: "countCalls" });
  return { connections: new ConnectionStore(doc, server.tableName), store: new DynamoEventStore(doc, server.tableName), calls: () => calls, destroy: () => client.destroy() };
}

const median = (xs: readonly number[]) => percentile([...xs].sort((a, b) => a - b), 50);

function lines(scenario: Scenario, n: number, run: Run, base: Run | undefined): Measurement[] {
  const label = `${scenario.name}, ${n.toLocaleString("en-US")} spectators`;
  const baseline = base ? { baseline: `${SIZES[0]!.toLocaleString("en-US")} spectators`, ratioOf: base } : undefined;
  const figure = (name: string, value: (r: Run) => number, unit: string, note?: string): Measurement => ({
    name: `${label}: ${name}`,
    unit,
    value: value(run),
    better: "lower",
    ...(baseline ? { baseline: baseline.baseline, baselineValue: value(baseline.ratioOf) } : {}),
    ...(note ? { note } : {}),
  });
  const sentPerSecond = run.counts.sent / (run.batchMs.reduce((a, b) => a + b, 0) / 1000);
  return [
    figure("commit to spectator, p50", (r) => percentile(r.latencies, 50), "ms"),
    figure("commit to spectator, p99", (r) => percentile(r.latencies, 99), "ms"),
    figure("commit to the last spectator (max over commits)", (r) => Math.max(...r.last), "ms", `median over ${run.commits} commits ${median(run.last).toFixed(0)} ms`),
    figure("fan-out time per commit (its Lambda duration), median", (r) => median(r.batchMs), "ms", `${sentPerSecond.toFixed(0)} posts/s while it ran`),
    figure("management API requests per commit", (r) => r.counts.requests / r.commits, "posts", `over ${run.commits} commits: ${run.counts.sent} sent (200), ${run.counts.gone} gone (410), ${run.counts.throttled} throttled (429)`),
    figure("fan-out DynamoDB calls per commit", (r) => r.dynamoCalls / r.commits, "calls", `${run.failedBatches} batches failed and were retried by the stream; ${run.undelivered} spectator-commits not delivered within ${DELIVERY_TIMEOUT_MS / 1000} s, ${run.misdelivered} pushes repeated or out of order`),
  ];
}

export const suite: Suite = {
  name: `hot match: one match, ${SIZES.join(" / ")} spectators, ${COMMITS} commits each, the deployed fan-out against a local management API`,
  async run() {
    const results: Measurement[] = [];
    for (const scenario of SCENARIOS) {
      let base: Run | undefined;
      for (const n of SIZES) {
        const run = await measure(scenario, n);
        results.push(...lines(scenario, n, run, n === SIZES[0] ? undefined : base));
        base ??= run;
      }
    }
    const top = SIZES.at(-1)!;
    results.push(...lines(SQUEEZED, top, await measure(SQUEEZED, top), undefined));
    return results;
  },
};
