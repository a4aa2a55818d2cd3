import { Session } from "node:inspector/promises";
import { createLogger } from "../../src/logger.js";
import { type RunningServer, startServer } from "../../src/server/app.js";
import { postJson } from "../player-operations.js";
import { type Measurement, percentile, type Suite } from "../report.js";

/** Commands measured per store, in rounds that take turns (after WARMUP commands each). */
const COMMANDS = Number(process.env.BENCH_STORES_COMMANDS ?? 2000);
const ROUNDS = 4;
const WARMUP = 1000;

type Store = "dynamodb" | "level";

/**
 * Where a profile's self time goes, by who runs it: the AWS SDK client the DynamoDB store calls
 * through (the same code that runs on AWS), dynalite and the LevelDB under it (the embedded
 * store's own work, which DynamoDB does on AWS), Node's core and native calls (both stores' HTTP
 * to this process's server, and the DynamoDB store's HTTP to dynalite, both ends), the garbage
 * collector, the load's own client (fetch), and Tabula's code.
 */
const BUCKETS = ["AWS SDK client", "dynalite and its LevelDB", "Node core and native calls", "garbage collector", "the load's client (fetch)", "Tabula (src/)", "other"] as const;
type Bucket = (typeof BUCKETS)[number];
const DYNALITE = /node_modules\/(dynalite|big\.js|lazy|levelup|level-[a-z-]+|memdown|abstract-leveldown|deferred-leveldown|encoding-down|functional-red-black-tree|ltgt|buffer-crc32|immediate|readable-stream|once|async|lock)\//;

function bucketOf(url: string, functionName: string): Bucket {
  if (/node_modules\/@(smithy|aws-sdk|aws-crypto)\//.test(url)) return "AWS SDK client";
  if (DYNALITE.test(url)) return "dynalite and its LevelDB";
  if (url.startsWith("node:internal/deps/undici")) return "the load's client (fetch)";
  if (functionName === "(garbage collector)") return "garbage collector";
  if (url.startsWith("node:") || (url === "" && !["(idle)", "(program)"].includes(functionName))) return "Node core and native calls";
  if (url.includes("/src/") && !url.includes("node_modules")) return "Tabula (src/)";
  return "other";
}

/** Self time per bucket, in ms, of a V8 CPU profile; idle time left out. */
function bucketed(profile: { nodes: { id: number; callFrame: { url: string; functionName: string } }[]; samples?: number[]; timeDeltas?: number[] }): Map<Bucket, number> {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n.callFrame] as const));
  const totals = new Map<Bucket, number>(BUCKETS.map((b) => [b, 0]));
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byNode.get(id)!;
    if (frame.functionName === "(idle)") return;
    const bucket = bucketOf(frame.url, frame.functionName);
    totals.set(bucket, totals.get(bucket)! + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  return totals;
}

/** One client playing backgammon over REST, rolling and moving as each answer says; each command timed. */
async function play(server: RunningServer, commands: number, times: number[] | null): Promise<void> {
  const post = (path: string, token?: string, body?: unknown) => postJson(server.url, path, token, body);
  let tokens: string[] = [];
  let view: any = { status: "FINISHED" };
  for (let played = 0; played < commands; played++) {
    if (view.status === "FINISHED") {
      const created = await post("/api/matches", undefined, { ruleset: "backgammon" });
      tokens = created.seats.map((s: { token: string }) => s.token);
      view = created.match;
    }
    const actor = view.toMove ?? 0;
    if (view.seat !== actor) view = await (await fetch(`${server.url}/api/matches/${view.id}`, { headers: { authorization: `Bearer ${tokens[actor]}` } })).json();
    const started = performance.now();
    view = view.legalMoves.length > 0 ? await post(`/api/matches/${view.id}/moves`, tokens[actor], { move: view.legalMoves[0] }) : await post(`/api/matches/${view.id}/dice`, tokens[actor]);
    times?.push(performance.now() - started);
  }
}

/**
 * A REST command on the local server over its DynamoDB store (the embedded dynalite, as
 * `--store dynamodb` runs it) next to the same over the Level store, in one process and one run,
 * the stores taking turns in rounds; and where the CPU goes on each (a V8 profile of the
 * measured commands, the load's client included as a bucket of its own), so that dynalite's own
 * cost and the SDK client's are told apart from Tabula's.
 */
export const suite: Suite = {
  name: "REST commands: the DynamoDB store (dynalite) next to the Level store, and where the CPU goes",
  async run() {
    const servers = Object.fromEntries(
      await Promise.all((["dynamodb", "level"] as const).map(async (store) => [store, await startServer({ port: 0, memory: true, store, logger: createLogger("silent") })] as const)),
    ) as Record<Store, RunningServer>;
    const times: Record<Store, number[]> = { dynamodb: [], level: [] };
    const cpu: Record<Store, Map<Bucket, number>> = { dynamodb: new Map(), level: new Map() };
    const session = new Session();
    session.connect();
    await session.post("Profiler.enable");
    try {
      for (const store of ["dynamodb", "level"] as const) await play(servers[store], WARMUP, null);
      for (let round = 0; round < ROUNDS; round++) {
        for (const store of ["dynamodb", "level"] as const) {
          await session.post("Profiler.start");
          await play(servers[store], COMMANDS / ROUNDS, times[store]);
          const { profile } = await session.post("Profiler.stop");
          for (const [bucket, ms] of bucketed(profile)) cpu[store].set(bucket, (cpu[store].get(bucket) ?? 0) + ms);
        }
      }
    } finally {
      session.disconnect();
      await Promise.all(Object.values(servers).map((s) => s.close()));
    }
    for (const store of ["dynamodb", "level"] as const) times[store].sort((a, b) => a - b);
    const perCommandUs = (store: Store, bucket: Bucket) => ((cpu[store].get(bucket) ?? 0) * 1000) / times[store].length;
    const total = (store: Store) => BUCKETS.reduce((sum, b) => sum + perCommandUs(store, b), 0);
    const results: Measurement[] = [];
    for (const q of [50, 99]) {
      results.push({ name: `DynamoDB store (dynalite): REST command p${q}`, unit: "ms", value: percentile(times.dynamodb, q), better: "lower", baseline: "Level store", baselineValue: percentile(times.level, q) });
    }
    results.push({ name: "DynamoDB store (dynalite): process CPU per command", unit: "µs", value: total("dynamodb"), better: "lower", baseline: "Level store", baselineValue: total("level"), note: "server and load in one process, idle left out; over the whole load: the reads of the next seat's view and the new matches too" });
    for (const bucket of BUCKETS) {
      results.push({ name: `DynamoDB store (dynalite): CPU per command in ${bucket}`, unit: "µs", value: perCommandUs("dynamodb", bucket), better: "lower", baseline: "Level store", baselineValue: perCommandUs("level", bucket) });
    }
    return results;
  },
};
