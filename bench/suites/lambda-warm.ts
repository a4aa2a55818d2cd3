import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildFunctions } from "../../infra/build.js";
import { type DynamoCall, dynamoProxy } from "../../infra/dynamo-proxy.js";
import { type LocalLambda, startLocalLambda } from "../../infra/local-lambda.js";
import { createDynamoClients } from "../../src/store/dynamo/client.js";
import { startEmbeddedStore } from "../../src/store/dynamo/embedded-store.js";
import { ensureTable } from "../../src/store/dynamo/table.js";
import { httpEvent, wsEvent } from "../lambda-events.js";
import { MOVE, READ, ROLL } from "../player-operations.js";
import { type Measurement, percentile, type Suite } from "../report.js";

/** Commands measured per variant (after WARMUP_COMMANDS each, which warm the container's JIT). */
const COMMANDS = Number(process.env.BENCH_LAMBDA_WARM_COMMANDS ?? 600);
const WARMUP_COMMANDS = 100;
/** The variants take turns in rounds of this many commands, so a change in the machine's load hits each alike. */
const ROUND = 50;

interface View {
  id: string;
  toAct: number[];
  phase: string;
  legalMoves: unknown[];
  status: string;
}

/** One measured command: its invocation's wall time, the CPU its container spent, the DynamoDB calls it made. */
interface Sample {
  wallMs: number;
  cpuUs: number;
  calls: Map<string, number>;
}

/**
 * Every DynamoDB call the containers make, counted by operation; a refused one is also counted
 * under `<operation> refused (<error>)` (a failed conditional put still costs a write).
 */
class CallCounter {
  readonly totals = new Map<string, number>();
  record = ({ action, error }: DynamoCall) => {
    this.add(action);
    if (error) this.add(`${action} refused (${error})`);
  };
  private add(key: string) {
    this.totals.set(key, (this.totals.get(key) ?? 0) + 1);
  }
  /** The calls made since `before` (a copy of `totals`). */
  since(before: ReadonlyMap<string, number>): Map<string, number> {
    return new Map([...this.totals].map(([key, n]) => [key, n - (before.get(key) ?? 0)] as const).filter(([, n]) => n > 0));
  }
}

/**
 * How a player reaches the containers: `create` starts a match (on `fn`, or wherever the
 * transport creates them) and answers its first view; the others act or read as a seat through
 * `fn` and answer that seat's view.
 */
interface Transport {
  /** The container that takes the next command. */
  next(): LocalLambda;
  create(fn: LocalLambda): Promise<View>;
  roll(fn: LocalLambda, seat: number): Promise<View>;
  move(fn: LocalLambda, seat: number, move: unknown): Promise<View>;
  read(fn: LocalLambda, seat: number): Promise<View>;
}

/**
 * Plays backgammon (roll, then the first legal play, for whichever seat must act; a new match
 * once one is finished) through a transport. Only the commands are measured: creating a match,
 * and the read that fetches the winner's plays after an opening roll it did not make (once a
 * game), are not.
 */
function player(transport: Transport, counter: CallCounter) {
  let view: View | undefined;
  return async function command(): Promise<Sample> {
    const fn = transport.next();
    if (!view || view.status === "FINISHED") view = await transport.create(fn);
    const seat = view.toAct[0]!;
    const cpuBefore = fn.cpuMs();
    const callsBefore = new Map(counter.totals);
    const started = performance.now();
    // The answer is the acting seat's view: after a roll it lists that seat's plays.
    view = view.phase === "roll" ? await transport.roll(fn, seat) : await transport.move(fn, seat, view.legalMoves[0]);
    const sample = { wallMs: performance.now() - started, cpuUs: (fn.cpuMs() - cpuBefore) * 1000, calls: counter.since(callsBefore) };
    if (view.phase === "move" && view.legalMoves.length === 0) view = await transport.read(fn, view.toAct[0]!);
    return sample;
  };
}

/** REST through the given containers, command i on container i mod n. */
function overRest(containers: readonly LocalLambda[]): Transport {
  let id = "";
  let tokens: string[] = [];
  let turn = 0;
  const send = async (fn: LocalLambda, method: string, path: string, token?: string, body?: unknown) => {
    const answer = await fn.invoke<{ statusCode: number; body: string }>(httpEvent(method, path, body, token));
    if (answer.statusCode >= 300) throw new Error(`${method} ${path}: ${answer.statusCode} ${answer.body}`);
    return JSON.parse(answer.body) as View & { match?: View; seats?: { token: string }[] };
  };
  return {
    next: () => containers[turn++ % containers.length]!,
    async create(fn) {
      const created = await send(fn, "POST", "/api/matches", undefined, { ruleset: "backgammon" });
      id = created.match!.id;
      tokens = created.seats!.map((s) => s.token);
      return created.match!;
    },
    roll: (fn, seat) => send(fn, "POST", `/api/matches/${id}/dice`, tokens[seat]),
    move: (fn, seat, move) => send(fn, "POST", `/api/matches/${id}/moves`, tokens[seat], { move }),
    read: (fn, seat) => send(fn, "GET", `/api/matches/${id}`, tokens[seat]),
  };
}

/**
 * API Gateway's management API as the ws-default container sees it: every message posted to a
 * connection is kept, in order, for the player to read its answer from (the route's return value
 * never reaches a client on AWS either).
 */
async function managementStandIn() {
  const posted = new Map<string, string[]>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const connectionId = decodeURIComponent(/\/@connections\/([^/?]+)/.exec(req.url ?? "")?.[1] ?? "");
      const messages = posted.get(connectionId) ?? [];
      messages.push(Buffer.concat(chunks).toString("utf8"));
      posted.set(connectionId, messages);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bench`,
    /** The messages posted to `connectionId` since the last call. */
    take(connectionId: string): unknown[] {
      const messages = posted.get(connectionId) ?? [];
      posted.delete(connectionId);
      return messages.map((text) => JSON.parse(text) as unknown);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The WebSocket route: each seat is a connection (opened by the ws-connect container, its token
 * given in `connection_init`), and every roll and move is a mutation sent to the ws-default
 * container as a `subscribe` message, answered with `next` and `complete` through the management
 * API, as a bot that watches and plays on one socket does. Matches are created over REST. The
 * posts go to a local http endpoint, unsigned, as the local gateway's do; on AWS each is also
 * signed (SigV4), which this leaves out.
 */
function overWebSocket(containers: { rest: LocalLambda; connect: LocalLambda; ws: LocalLambda }, management: Awaited<ReturnType<typeof managementStandIn>>): Transport {
  let id = "";
  let seats: string[] = [];
  let operation = 0;
  let matches = 0;
  const run = async (connectionId: string, query: string, variables: Record<string, unknown>) => {
    const answer = await containers.ws.invoke<{ statusCode: number }>(wsEvent("$default", connectionId, { type: "subscribe", id: String(++operation), payload: { query, variables } }));
    const [next, complete] = management.take(connectionId) as [{ type: string; payload?: { data?: Record<string, View>; errors?: unknown } }, { type: string }];
    if (answer.statusCode !== 200 || next?.type !== "next" || complete?.type !== "complete" || !next.payload?.data) {
      throw new Error(`${query}: ${answer.statusCode} ${JSON.stringify([next, complete])}`);
    }
    return Object.values(next.payload.data)[0]!;
  };
  return {
    next: () => containers.ws,
    async create() {
      const created = await containers.rest.invoke<{ body: string }>(httpEvent("POST", "/api/matches", { ruleset: "backgammon" }));
      const { match, seats: tokens } = JSON.parse(created.body) as { match: View; seats: { token: string }[] };
      id = match.id;
      matches++;
      seats = tokens.map((_, seat) => `bench-${matches}-${seat}`);
      for (const [seat, { token }] of tokens.entries()) {
        await containers.connect.invoke(wsEvent("$connect", seats[seat]!));
        await containers.ws.invoke(wsEvent("$default", seats[seat]!, { type: "connection_init", payload: { token } }));
        const [ack] = management.take(seats[seat]!) as { type: string }[];
        if (ack?.type !== "connection_ack") throw new Error(`connection_init: ${JSON.stringify(ack)}`);
      }
      return match;
    },
    roll: (_fn, seat) => run(seats[seat]!, ROLL, { id }),
    move: (_fn, seat, move) => run(seats[seat]!, MOVE, { id, move }),
    read: (_fn, seat) => run(seats[seat]!, READ, { id }),
  };
}

interface Figures {
  cpuP50: number;
  cpuMean: number;
  wallP50: number;
  wallP99: number;
  /** DynamoDB calls per command, by operation (and refusals). */
  calls: Map<string, number>;
}

function figures(samples: readonly Sample[]): Figures {
  const sorted = (xs: number[]) => xs.sort((a, b) => a - b);
  const cpu = sorted(samples.map((s) => s.cpuUs));
  const wall = sorted(samples.map((s) => s.wallMs));
  const calls = new Map<string, number>();
  for (const s of samples) for (const [key, n] of s.calls) calls.set(key, (calls.get(key) ?? 0) + n);
  for (const [key, n] of calls) calls.set(key, n / samples.length);
  return {
    cpuP50: percentile(cpu, 50),
    cpuMean: cpu.reduce((a, b) => a + b, 0) / cpu.length,
    wallP50: percentile(wall, 50),
    wallP99: percentile(wall, 99),
    calls,
  };
}

const totalCalls = (calls: ReadonlyMap<string, number>) => [...calls].filter(([key]) => !key.includes(" refused")).reduce((sum, [, n]) => sum + n, 0);

/** Calls per command, per operation seen in either, and in all, of `subject` next to `baseline`. */
function callMeasurements(label: string, subject: Figures, baselineLabel: string, baseline: Figures): Measurement[] {
  const keys = [...new Set([...subject.calls.keys(), ...baseline.calls.keys()])].sort();
  const line = (what: string, value: number, baselineValue: number): Measurement => ({
    name: `${label}: ${what} per command`,
    unit: "calls",
    value,
    better: "lower",
    baseline: baselineLabel,
    baselineValue,
  });
  return [
    line("DynamoDB calls", totalCalls(subject.calls), totalCalls(baseline.calls)),
    ...keys.map((key) => line(key, subject.calls.get(key) ?? 0, baseline.calls.get(key) ?? 0)),
  ];
}

function timeMeasurements(label: string, subject: Figures, baselineLabel: string, baseline: Figures): Measurement[] {
  const line = (what: string, unit: string, pick: (f: Figures) => number, note?: string): Measurement => ({
    name: `${label}: ${what}`,
    unit,
    value: pick(subject),
    better: "lower",
    baseline: baselineLabel,
    baselineValue: pick(baseline),
    note,
  });
  return [
    line("container CPU per command, p50", "µs", (f) => f.cpuP50, "user + system of the container's process, per invocation"),
    line("container CPU per command, mean", "µs", (f) => f.cpuMean),
    line("invocation wall time, p50", "ms", (f) => f.wallP50, "IPC to the container and dynalite on loopback included"),
    line("invocation wall time, p99", "ms", (f) => f.wallP99),
  ];
}

/**
 * The rest bundle's warm path: backgammon commands through one warm local container
 * (infra/local-lambda.ts) against dynalite, with the container's match cache (CACHE_MATCHES,
 * default 500) next to the same bundle with it off (CACHE_MATCHES=0), and two warm containers
 * taking turns on each match (a shared table: each one's cache is behind the other's last
 * command) next to the single container, and next to two containers taking turns with no cache
 * (taking turns costs each container CPU of its own, cache or not: this separates what the stale
 * cache adds); and the ws-default bundle playing the same way over the WebSocket route, next to
 * the single rest container (what a move sent on a connection costs beyond REST's). The
 * DynamoDB calls are counted by a proxy in front of the store (infra/dynamo-proxy.ts), the CPU
 * from the container's own process.cpuUsage().
 */
export const suite: Suite = {
  name: `Lambda warm path: the rest bundle's commands on a warm container, cache on vs off, two containers on one match, and the ws-default bundle's (${COMMANDS} commands each)`,
  async run() {
    const outDir = mkdtempSync(join(tmpdir(), "tabula-bench-lambda-warm-"));
    const store = await startEmbeddedStore();
    const { client } = createDynamoClients({ endpoint: store.endpoint });
    const counter = new CallCounter();
    const proxy = await dynamoProxy(store.endpoint, counter.record);
    const management = await managementStandIn();
    const started: LocalLambda[] = [];
    try {
      const [rest, wsConnect, wsDefault] = await buildFunctions({ outDir, names: ["rest", "ws-connect", "ws-default"] });
      const tableName = "tabula-bench";
      await ensureTable(client, tableName);
      const container = async (cacheMatches: number, built = rest!) => {
        const env = { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: proxy.endpoint, LOG_LEVEL: "silent", CACHE_MATCHES: String(cacheMatches), WEBSOCKET_MANAGEMENT_ENDPOINT: management.endpoint };
        const fn = await startLocalLambda(built.file, { env, functionName: built.name });
        started.push(fn);
        return fn;
      };
      const variants = {
        on: player(overRest([await container(500)]), counter),
        off: player(overRest([await container(0)]), counter),
        shared: player(overRest([await container(500), await container(500)]), counter),
        sharedOff: player(overRest([await container(0), await container(0)]), counter),
        ws: player(overWebSocket({ rest: await container(500), connect: await container(500, wsConnect!), ws: await container(500, wsDefault!) }, management), counter),
      };
      const samples = { on: [] as Sample[], off: [] as Sample[], shared: [] as Sample[], sharedOff: [] as Sample[], ws: [] as Sample[] };
      for (const next of Object.values(variants)) for (let i = 0; i < WARMUP_COMMANDS; i++) await next();
      for (let done = 0; done < COMMANDS; done += ROUND) {
        for (const [name, next] of Object.entries(variants) as [keyof typeof variants, () => Promise<Sample>][]) {
          for (let i = 0; i < Math.min(ROUND, COMMANDS - done); i++) samples[name].push(await next());
        }
      }
      const on = figures(samples.on);
      const off = figures(samples.off);
      const shared = figures(samples.shared);
      const sharedOff = figures(samples.sharedOff);
      const ws = figures(samples.ws);
      const ON = "one container, cache on (CACHE_MATCHES=500)";
      const OFF = "the same, cache off (CACHE_MATCHES=0)";
      const SHARED = "two containers taking turns on each match, cache on";
      const WS = "the ws-default bundle, a mutation on the seat's connection, cache on";
      return [
        ...timeMeasurements(ON, on, OFF, off),
        ...callMeasurements(ON, on, OFF, off),
        ...timeMeasurements(SHARED, shared, "one container, cache on", on),
        ...callMeasurements(SHARED, shared, "one container, cache on", on),
        // The same two-container play without a cache: what the stale cache adds to taking turns.
        ...timeMeasurements(SHARED, shared, "two containers, cache off", sharedOff),
        ...callMeasurements(SHARED, shared, "two containers, cache off", sharedOff),
        // A move over the WebSocket route (a mutation on the seat's connection) next to the same move over REST.
        ...timeMeasurements(WS, ws, ON, on),
        ...callMeasurements(WS, ws, ON, on),
      ];
    } finally {
      await Promise.all(started.map((fn) => fn.close()));
      await proxy.close();
      await management.close();
      client.destroy();
      await store.close();
      rmSync(outDir, { recursive: true, force: true });
    }
  },
};
