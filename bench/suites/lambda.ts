import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalLambda } from "../../infra/local-lambda.js";
import { buildFunctions } from "../../infra/build.js";
import { createDynamoClients } from "../../src/store/dynamo/client.js";
import { startEmbeddedStore } from "../../src/store/dynamo/embedded-store.js";
import { commitKey, ensureTable, matchKey } from "../../src/store/dynamo/table.js";
import { httpEvent, wsEvent } from "../lambda-events.js";
import { type Measurement, percentile, type Suite } from "../report.js";

/** Cold starts measured per handler (and for the baseline), interleaved; the median is reported. */
const RUNS = Number(process.env.BENCH_LAMBDA_RUNS ?? 9);
/** The goals of the deploy issue. */
const GOAL_BUNDLE_BYTES = 1_000_000;
const GOAL_COLD_START_OVER_NODE_MS = 150;
/**
 * The node that runs the functions and the baseline: BENCH_LAMBDA_NODE names a binary of the
 * Lambda runtime's major (LAMBDA_NODE_MAJOR, which the bundles target), the honest figure where
 * one is at hand; by default the node running the bench.
 */
const NODE = process.env.BENCH_LAMBDA_NODE || process.execPath;
const NODE_VERSION = execFileSync(NODE, ["--version"], { encoding: "utf8" }).trim();

/** A stream batch of one INSERT: a match's first commit, by its keys or as its (bare) image. */
const insertOfFirstCommit = (matchId: string, as: "Keys" | "NewImage") => ({
  Records: [{ eventID: "1", eventName: "INSERT", dynamodb: { [as]: { PK: { S: matchKey(matchId) }, SK: { S: commitKey(1) } }, SequenceNumber: "1" } }],
});

/** Each handler's first request: a typical one, touching the store (and the management API). */
function firstRequest(name: string, run: number, matchId: string): unknown {
  const connectionId = `bench-${name}-${run}`;
  switch (name) {
    case "graphql":
      return httpEvent("POST", "/graphql", { query: 'mutation { createMatch(input: { ruleset: "backgammon" }) { match { id version } seats { token } } }' });
    case "rest":
      return httpEvent("POST", "/api/matches", { ruleset: "backgammon" });
    case "ws-connect":
      return wsEvent("$connect", connectionId);
    case "ws-default":
      return wsEvent("$default", connectionId, { type: "connection_init" });
    case "ws-disconnect":
      return wsEvent("$disconnect", connectionId);
    case "stream-fanout":
      return insertOfFirstCommit(matchId, "Keys");
    case "stream-index":
      // A commit without inbox or deadline entries (a match without players or clock, the
      // common case): the handler reads the record and has nothing to write.
      return insertOfFirstCommit(matchId, "NewImage");
    case "sweep-deadlines":
      // The scheduled event carries nothing the sweep reads; it queries every deadline shard.
      return {};
    default:
      throw new Error(`no first request for ${name}`);
  }
}

const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);

/** `node -e 0`: wall time from spawn to exit, and the CPU time it used (reported at exit). */
function bareNode(): Promise<{ wall: number; cpu: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const code = "process.on('exit', () => { const u = process.cpuUsage(); process.stdout.write(String((u.user + u.system) / 1000)); })";
    const child = spawn(NODE, ["-e", code], { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    child.once("error", reject);
    child.once("close", () => resolve({ wall: performance.now() - started, cpu: Number(out) }));
  });
}

/**
 * Per function: the bundle's size, and its cold start = spawning a fresh `node`, loading the
 * bundle (its module-level configuration and clients included) and answering one typical first
 * request against an embedded store running in this process, next to `node -e 0` spawned in
 * the same run. Lambda adds its own runtime start and code download to both; what the bundle
 * controls is the difference. GraphQL is also measured with --enable-source-maps (the stack's
 * `sourceMaps` setting).
 */
export const suite: Suite = {
  name: "Lambda bundles: size, and cold start (spawn node, load the bundle, answer one request) next to node -e 0",
  async run() {
    const outDir = mkdtempSync(join(tmpdir(), "tabula-bench-lambda-"));
    const store = await startEmbeddedStore();
    const management = createServer((req, res) => req.resume().on("end", () => res.writeHead(200).end()));
    await new Promise<void>((resolve) => management.listen(0, "127.0.0.1", resolve));
    const { client } = createDynamoClients({ endpoint: store.endpoint });
    try {
      const built = await buildFunctions({ outDir });
      const tableName = "tabula-bench";
      await ensureTable(client, tableName);
      const env = {
        TABLE_NAME: tableName,
        DYNAMODB_ENDPOINT: store.endpoint,
        LOG_LEVEL: "silent",
        WEBSOCKET_MANAGEMENT_ENDPOINT: `http://127.0.0.1:${(management.address() as AddressInfo).port}/bench`,
      };

      // A match for the fan-out to look up (it has no subscribers: one Query).
      const seed = await startLocalLambda(built.find((b) => b.name === "rest")!.file, { env });
      const created = await seed.invoke<{ body: string }>(firstRequest("rest", 0, ""));
      await seed.close();
      const matchId = (JSON.parse(created.body) as { match: { id: string } }).match.id;

      const subjects = [
        ...built.map((b) => ({ label: b.name, name: b.name, file: b.file, nodeArgs: [] as string[] })),
        { label: "graphql --enable-source-maps", name: "graphql", file: built.find((b) => b.name === "graphql")!.file, nodeArgs: ["--enable-source-maps"] },
      ];
      const samples = new Map<string, { total: number[]; init: number[]; cpu: number[] }>(subjects.map((s) => [s.label, { total: [], init: [], cpu: [] }]));
      const baseline: { wall: number; cpu: number }[] = [];
      await bareNode(); // warm the file cache for node itself
      for (let run = 0; run < RUNS + 1; run++) {
        baseline.push(await bareNode());
        for (const s of subjects) {
          const started = performance.now();
          const fn = await startLocalLambda(s.file, { env, nodeArgs: s.nodeArgs, functionName: s.name, node: NODE });
          try {
            await fn.invoke(firstRequest(s.name, run, matchId));
            const total = performance.now() - started;
            // The first run of each warms the OS file cache: not a Lambda cold start either way.
            if (run > 0) {
              const sample = samples.get(s.label)!;
              sample.total.push(total);
              sample.init.push(fn.initMs);
              sample.cpu.push(fn.cpuMs());
            }
          } finally {
            await fn.close();
          }
        }
      }
      baseline.shift();

      const node = median(baseline.map((b) => b.wall));
      const nodeCpu = median(baseline.map((b) => b.cpu));
      const results: Measurement[] = [];
      for (const b of built) {
        results.push({
          name: `${b.name} bundle size`,
          unit: "bytes",
          value: b.bytes,
          better: "lower",
          note: `${(b.bytes / 1024).toFixed(0)} KiB minified, map ${(b.mapBytes / 1024).toFixed(0)} KiB${b.name === "graphql" ? `; goal <= ${GOAL_BUNDLE_BYTES}` : ""}`,
        });
      }
      for (const s of subjects) {
        const { total, init, cpu } = samples.get(s.label)!;
        const value = median(total);
        results.push({
          name: `${s.label} cold start, median of ${total.length}`,
          unit: "ms",
          value,
          better: "lower",
          baseline: "node -e 0",
          baselineValue: node,
          note: `+${(value - node).toFixed(0)} ms over bare node ${NODE_VERSION} (goal <= ${GOAL_COLD_START_OVER_NODE_MS}); the bundle had loaded ${median(init).toFixed(0)} ms after spawn`,
        });
        // CPU time is what a busy machine inflates least: the same start, as CPU the process used.
        const cpuValue = median(cpu);
        results.push({
          name: `${s.label} cold start CPU time, median of ${cpu.length}`,
          unit: "ms",
          value: cpuValue,
          better: "lower",
          baseline: "node -e 0",
          baselineValue: nodeCpu,
          note: `+${(cpuValue - nodeCpu).toFixed(0)} ms CPU over bare node`,
        });
      }
      return results;
    } finally {
      client.destroy();
      await store.close();
      await new Promise<void>((resolve) => management.close(() => resolve()));
      rmSync(outDir, { recursive: true, force: true });
    }
  },
};
