import { type ChildProcess, spawn } from "node:child_process";
import { Agent, request as httpRequest } from "node:http";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "boardgame.io/client";
import { type Client as WsClient, createClient } from "graphql-ws";
import WebSocket from "ws";
import { SocketIO } from "boardgame.io/multiplayer";
import { DiceGame } from "../baselines/bgio/game.js";
import { MOVE, READ, ROLL, VIEW_FIELDS } from "../player-operations.js";
import { type Measurement, percentile, type Suite } from "../report.js";

/**
 * A persisted Tabula command next to boardgame.io 0.50's in-memory one, measured in one run with
 * the same load shape for both: every server in its own process, the load in this one; first one
 * match played command after command (latency percentiles, server CPU per command), each Tabula
 * server's commands in turn with boardgame.io's, then closed-loop clients on 1 and 10 matches at
 * once (commands per second).
 *
 * boardgame.io plays a tiny dice game (roll two dice on the server, bank them, next seat:
 * bench/baselines/bgio/game.ts) with its own client over socket.io, both seats connected as its
 * clients must be; Tabula plays backgammon (roll, then the first legal play) over REST, which
 * asks more of Tabula's rules than the dice game asks of boardgame.io's, and every Tabula command
 * is written to the embedded store before it is answered. One Tabula subject sends its commands
 * as GraphQL mutations over graphql-ws instead, one connection per seat as boardgame.io has a
 * client per seat, and selects the fields a player reads; two ask REST for those fields alone
 * (`?fields=`), one with node:http's client and one with a client that is HTTP/1.1 and nothing
 * more (what the server's side of a REST command costs), the others for the whole match.
 */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SEQUENTIAL_COMMANDS = Number(process.env.BENCH_VS_COMMANDS ?? 4000);
const CLOSED_LOOP_MS = Number(process.env.BENCH_VS_MS ?? 4000);
/**
 * Commands every server answers before anything is measured, from 10 players at once: until V8
 * has compiled what a command runs, its optimizing compiler costs a third of a command's CPU
 * (measured on Tabula's server: 340 µs per command after 1,000 commands, 237 µs after 20,000),
 * and the figures would be those of a server that has just started rather than of one that runs.
 */
const WARMUP_COMMANDS = Number(process.env.BENCH_VS_WARMUP ?? 10_000);
/** The measurements are split into this many rounds, every subject taking its turn in each. */
const ROUNDS = Number(process.env.BENCH_VS_ROUNDS ?? 10);
const BASELINE = "boardgame.io, in memory";
/** Only the Tabula subjects whose names hold one of these words (comma-separated, e.g. `graphql-ws`); unset, every one. */
const ONLY = (process.env.BENCH_VS_ONLY ?? "").split(",");
const LISTENING = /listening on (http:\/\/\S+)/;
const CLOCK_TICKS_PER_SECOND = 100;

interface Server {
  readonly process: ChildProcess;
  readonly url: string;
  stop(): Promise<void>;
}

/** Starts `args` under tsx and waits for the line that names its address. */
async function start(args: string[], address: RegExp): Promise<Server> {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, LOG_LEVEL: "silent" } });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk) => {
      out += String(chunk);
      const found = address.exec(out);
      if (found) resolve(found[1]!);
    });
    child.on("exit", (code) => reject(new Error(`${args.join(" ")} exited with ${code}`)));
  });
  return {
    process: child,
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/**
 * CPU seconds a process has used, all its threads: from each thread's schedstat (nanoseconds,
 * brought up to date whenever the thread sleeps, as a server does between rounds), else from
 * /proc/<pid>/stat, whose clock ticks (10 ms) are coarse next to a round's 200 commands.
 */
function cpuSeconds(pid: number): number {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    if (ns > 0) return ns / 1e9;
  } catch {
    // A kernel without schedstat: the ticks below.
  }
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /, "").split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** A client that plays one match command after command; `next()` sends one command and resolves with its latency. */
interface Player {
  next(): Promise<number>;
  close(): void;
}

/**
 * boardgame.io's InMemory storage copies a match's whole log on every move (`[...log, ...deltalog]`
 * in its setState), so its cost per move grows with the match: 20,000 moves into one, a move took
 * almost five times as long as in its first 1,000 (p50 0.80 ms against 0.17 on Node 24). Its
 * matches start afresh after this many commands (outside the timing), fewer than
 * any Tabula match here plays (a 25-point match of first listed plays runs past 2,000), so that
 * growth never counts in Tabula's favour.
 */
const BASELINE_MATCH_COMMANDS = 1000;

async function bgioPlayer(base: string): Promise<Player> {
  const post = async (path: string, body: unknown) =>
    (await (await fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json()) as Record<string, string>;
  type BgioClient = ReturnType<typeof Client>;
  const stateId = (c: BgioClient) => c.getState()?._stateID ?? -1;
  const reach = (c: BgioClient, id: number) =>
    stateId(c) >= id
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const stop = c.subscribe((s) => {
            if (s && s._stateID >= id) {
              stop();
              resolve();
            }
          });
        });
  const open = async (): Promise<BgioClient[]> => {
    const { matchID } = await post("/games/dice/create", { numPlayers: 2 });
    const joined = await Promise.all(
      ["0", "1"].map(async (playerID) => {
        const { playerCredentials } = await post(`/games/dice/${matchID}/join`, { playerID, playerName: `p${playerID}` });
        const client = Client({ game: DiceGame, multiplayer: SocketIO({ server: base }), matchID, playerID, credentials: playerCredentials, debug: false });
        client.start();
        return client;
      }),
    );
    await Promise.all(joined.map((c) => reach(c, 0)));
    return joined;
  };
  const close = () => clients.forEach((c) => c.stop());
  let clients = await open();
  let step = 0;
  return {
    async next() {
      if (step === BASELINE_MATCH_COMMANDS) {
        close();
        clients = await open();
        step = 0;
      }
      const state = clients[0]!.getState()!;
      const mover = clients[Number(state.ctx.currentPlayer)]!;
      const target = state._stateID + 1;
      const started = performance.now();
      // Every client of the match gets the update; the next command waits for both, as players do.
      const answered = reach(mover, target);
      const synced = Promise.all(clients.map((c) => reach(c, target)));
      if (step++ % 2 === 0) mover.moves.roll!();
      else mover.moves.play!();
      await answered;
      const ms = performance.now() - started;
      await synced;
      return ms;
    },
    close,
  };
}

interface View {
  toAct: number[];
  phase: string;
  legalMoves: unknown[];
  status: string;
}

/** How a REST player sends a request and reads its JSON answer, over one kept-alive connection. */
interface HttpClient {
  send(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; json: unknown }>;
  close(): void;
}

const requestHeaders = (method: string, data: string | undefined, token?: string): Record<string, string> => ({
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  ...(data ? { "content-type": "application/json" } : {}),
  ...(method === "POST" ? { "content-length": String(Buffer.byteLength(data ?? "")) } : {}),
});

/**
 * An idle connection is closed by the client after this long, before the server's keep-alive
 * timeout (5 s) closes it: a player waits longer than that between rounds, and a command sent
 * just as the server closed its connection failed the run with ECONNRESET.
 */
const IDLE_CLOSE_MS = 2000;

/**
 * node:http's client: the plainest one a Node program has, and a light one (fetch spends about
 * three times its CPU per request, which on two cores the server feels).
 */
function nodeHttpClient(base: URL): HttpClient {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, timeout: IDLE_CLOSE_MS });
  return {
    send: (method, path, token, body) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const req = httpRequest({ host: base.hostname, port: base.port, path, method, agent, headers: requestHeaders(method, data, token) }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString("utf8")) }));
          res.on("error", reject);
        });
        req.on("error", reject);
        req.end(data);
      });
    },
    close: () => agent.destroy(),
  };
}

/**
 * A client with nothing in it but HTTP/1.1 itself: each request leaves as one string on a
 * kept-alive socket, and the answer is read by its Content-Length (which the server always
 * states). On two cores the client's CPU counts in every command's latency, and node:http's
 * request and response objects, parser and stream events cost about twice this client's (the
 * suite's "client CPU per command"). What a REST command costs beyond this subject's is the
 * client's, not the server's.
 */
function minimalHttpClient(base: URL): HttpClient {
  let socket: Socket | undefined;
  let waiting: { resolve: (answer: { status: number; json: unknown }) => void; reject: (error: Error) => void } | undefined;
  let received: Buffer = Buffer.alloc(0);
  const settle = (error?: Error, answer?: { status: number; json: unknown }) => {
    const w = waiting;
    waiting = undefined;
    if (error) w?.reject(error);
    else w?.resolve(answer!);
  };
  const onData = (chunk: Buffer) => {
    received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
    const headEnd = received.indexOf("\r\n\r\n");
    if (headEnd === -1) return;
    const head = received.toString("latin1", 0, headEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    if (length === undefined) return settle(new Error(`an answer without Content-Length: ${head}`));
    const bodyEnd = headEnd + 4 + Number(length);
    if (received.length < bodyEnd) return;
    const json = JSON.parse(received.toString("utf8", headEnd + 4, bodyEnd)) as unknown;
    received = received.subarray(bodyEnd);
    settle(undefined, { status: Number(head.slice(9, 12)), json });
  };
  const open = (): Socket => {
    const s = connect(Number(base.port), base.hostname);
    s.setNoDelay(true);
    s.setTimeout(IDLE_CLOSE_MS, () => s.destroy());
    s.on("data", onData);
    s.on("error", (error) => settle(error));
    s.on("close", () => {
      if (socket === s) socket = undefined;
      received = Buffer.alloc(0);
      settle(new Error("the server closed the connection"));
    });
    return s;
  };
  return {
    send(method, path, token, body) {
      const data = body === undefined ? "" : JSON.stringify(body);
      const headers = Object.entries({ host: base.host, ...requestHeaders(method, data || undefined, token) }).map(([name, value]) => `${name}: ${value}\r\n`);
      socket ??= open();
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        socket!.write(`${method} ${path} HTTP/1.1\r\n${headers.join("")}\r\n${data}`);
      });
    },
    close: () => socket?.destroy(),
  };
}

/**
 * How a Tabula player reaches the server: `create` starts a match (untimed) and answers its
 * view; the others act or read as a seat and answer that seat's view.
 */
interface TabulaTransport {
  create(): Promise<View>;
  roll(seat: number): Promise<View>;
  move(seat: number, move: unknown): Promise<View>;
  read(seat: number): Promise<View>;
  close(): void;
}

/** Tabula's side of the load, over any transport: whoever must act rolls or plays the first legal move. */
async function tabulaTurns(transport: TabulaTransport): Promise<Player> {
  let view = await transport.create();
  return {
    async next() {
      if (view.status === "FINISHED") view = await transport.create();
      const seat = view.toAct[0]!;
      const started = performance.now();
      // The answer is the acting seat's view: after a roll it lists that seat's plays.
      view = view.phase === "roll" ? await transport.roll(seat) : await transport.move(seat, view.legalMoves[0]);
      const ms = performance.now() - started;
      // An opening roll won by the other seat answers the roller's view, without the winner's
      // plays: read the winner's (once a game, outside the timing).
      if (view.phase === "move" && view.legalMoves.length === 0) view = await transport.read(view.toAct[0]!);
      return ms;
    },
    close: () => transport.close(),
  };
}

const NEW_MATCH = { ruleset: "backgammon", options: { matchLength: 25 } };
/** The `?fields=` of the REST players that read what the graphql-ws player selects. */
const REST_FIELDS = VIEW_FIELDS.replaceAll(" ", ",");

/** `fields`: the `?fields=` of every roll, move and read (the whole match without it). */
function tabulaPlayer(base: string, fields?: string, client: (base: URL) => HttpClient = nodeHttpClient): Promise<Player> {
  const query = fields === undefined ? "" : `?fields=${fields}`;
  const http = client(new URL(base));
  const send = async (method: string, path: string, token?: string, body?: unknown): Promise<unknown> => {
    const { status, json } = await http.send(method, path, token, body);
    if (status >= 300) throw new Error(`${path}: ${status} ${JSON.stringify(json)}`);
    return json;
  };
  let id = "";
  let tokens: string[] = [];
  return tabulaTurns({
    async create() {
      const created = (await send("POST", "/api/matches", undefined, NEW_MATCH)) as { match: View & { id: string }; seats: { token: string }[] };
      id = created.match.id;
      tokens = created.seats.map((s) => s.token);
      return created.match;
    },
    roll: async (seat) => (await send("POST", `/api/matches/${id}/dice${query}`, tokens[seat])) as View,
    move: async (seat, move) => (await send("POST", `/api/matches/${id}/moves${query}`, tokens[seat], { move })) as View,
    read: async (seat) => (await send("GET", `/api/matches/${id}${query}`, tokens[seat])) as View,
    close: () => http.close(),
  });
}

/** One operation on a graphql-ws connection: its single result's data (errors throw). */
function run(client: WsClient, query: string, variables: Record<string, unknown>): Promise<Record<string, View>> {
  return new Promise((resolve, reject) => {
    let data: Record<string, View> | undefined;
    client.subscribe(
      { query, variables },
      {
        next: (result) => (result.errors ? reject(new Error(JSON.stringify(result.errors))) : (data = result.data as Record<string, View>)),
        error: reject,
        complete: () => (data ? resolve(data) : reject(new Error("no result"))),
      },
    );
  });
}

/**
 * The REST player's load over graphql-ws: the match is created over REST (outside the timing),
 * then each seat opens its own connection with its token in `connection_init`, and every roll
 * and move is a mutation on the mover's connection whose answer is the mover's view.
 */
function tabulaWsPlayer(base: string): Promise<Player> {
  const url = `${base.replace(/^http/, "ws")}/graphql`;
  let id = "";
  let sockets: WsClient[] = [];
  return tabulaTurns({
    async create() {
      for (const s of sockets) void s.dispose();
      const response = await fetch(`${base}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(NEW_MATCH) });
      const created = (await response.json()) as { match: View & { id: string }; seats: { token: string }[] };
      id = created.match.id;
      sockets = created.seats.map(({ token }) => createClient({ url, webSocketImpl: WebSocket, connectionParams: { token }, lazy: false, retryAttempts: 0 }));
      // Connected and acknowledged before the first timed command.
      await Promise.all(sockets.map((s) => run(s, READ, { id })));
      return created.match;
    },
    roll: async (seat) => (await run(sockets[seat]!, ROLL, { id })).rollDice!,
    move: async (seat, move) => (await run(sockets[seat]!, MOVE, { id, move })).submitMove!,
    read: async (seat) => (await run(sockets[seat]!, READ, { id })).match!,
    close: () => sockets.forEach((s) => void s.dispose()),
  });
}

interface Figures {
  p50: number;
  p99: number;
  cpuUs: number;
  clientCpuUs: number;
}

/** One server's sequential commands: every latency, its CPU over them, and each round's own figures. */
interface Sequential {
  readonly latencies: number[];
  cpuSeconds: number;
  /** The load process's CPU over this server's player's turns (boardgame.io's: until both its clients have the move): what its client spent. */
  clientCpuSeconds: number;
  readonly rounds: { p50: number; cpuUs: number }[];
}

const sequential = (): Sequential => ({ latencies: [], cpuSeconds: 0, clientCpuSeconds: 0, rounds: [] });

/** One server under test and its players: one match played in turn, and the closed loops' matches. */
interface Subject {
  readonly name: string;
  readonly server: Server;
  readonly one: Player;
  readonly loops: { readonly 1: Player[]; readonly 10: Player[] };
  readonly loopCommands: { 1: number; 10: number };
  /** Commands per second at 10 matches, round by round, for the spread of the ratios. */
  readonly perSecond10: number[];
}

async function subject(name: string, server: Server, player: (base: string) => Promise<Player>): Promise<Subject> {
  const players = (n: number) => Promise.all(Array.from({ length: n }, () => player(server.url)));
  const warm = await players(10);
  await Promise.all(
    warm.map(async (p) => {
      for (let i = 0; i < WARMUP_COMMANDS / warm.length; i++) await p.next();
    }),
  );
  for (const p of warm) p.close();
  return {
    name,
    server,
    one: await player(server.url),
    loops: { 1: await players(1), 10: await players(10) },
    loopCommands: { 1: 0, 10: 0 },
    perSecond10: [],
  };
}

/**
 * A round's share of a Tabula server's sequential commands: each `[server, figures]` of `pair`
 * (the baseline and that server) takes one command in turn, so a machine that gets busier or
 * quieter from one millisecond to the next weighs on both alike (in rounds of one server at a
 * time, graphql-ws's p50 ratio ranged from 0.86 to 2.09 between the rounds of one run on Node
 * 24; paired, from 1.05 to 1.30).
 * Pairs rather than all servers in turn: a server waits for one other command between its own,
 * not for five, as a server does between a player's commands. Each server's CPU is read over the
 * whole round, what it did between its own commands included (a write made later, a collection).
 */
async function sequentialRound(pair: readonly (readonly [Subject, Sequential])[], commands: number): Promise<void> {
  const cpu0 = pair.map(([subject]) => cpuSeconds(subject.server.process.pid!));
  const latencies = pair.map((): number[] => []);
  const clientCpu = pair.map(() => 0);
  for (let i = 0; i < commands; i++) {
    for (const [k, [subject]] of pair.entries()) {
      const before = process.cpuUsage();
      latencies[k]!.push(await subject.one.next());
      const { user, system } = process.cpuUsage(before);
      clientCpu[k]! += (user + system) / 1e6;
    }
  }
  for (const [k, [subject, into]] of pair.entries()) {
    const cpu = cpuSeconds(subject.server.process.pid!) - cpu0[k]!;
    into.latencies.push(...latencies[k]!);
    into.cpuSeconds += cpu;
    into.clientCpuSeconds += clientCpu[k]!;
    into.rounds.push({ p50: percentile(latencies[k]!.sort((x, y) => x - y), 50), cpuUs: (cpu * 1e6) / commands });
  }
}

/** A round's share of a closed loop: every player sends its next command as soon as the last is answered. */
async function loopRound(s: Subject, matches: 1 | 10, ms: number): Promise<void> {
  const until = performance.now() + ms;
  const before = s.loopCommands[matches];
  await Promise.all(
    s.loops[matches].map(async (p) => {
      while (performance.now() < until) {
        await p.next();
        s.loopCommands[matches]++;
      }
    }),
  );
  if (matches === 10) s.perSecond10.push(((s.loopCommands[10] - before) * 1000) / ms);
}

function figures(q: Sequential): Figures {
  const sorted = [...q.latencies].sort((x, y) => x - y);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), cpuUs: (q.cpuSeconds * 1e6) / q.latencies.length, clientCpuUs: (q.clientCpuSeconds * 1e6) / q.latencies.length };
}

/** Every round gives each closed loop its share of CLOSED_LOOP_MS. */
const perSecond = (commands: number) => commands / (CLOSED_LOOP_MS / 1000);

/** How far one round's ratio strays from another's: a ratio near 1 within that spread is a draw. */
function spread(subjectRounds: readonly number[], baselineRounds: readonly number[]): string {
  const ratios = subjectRounds.map((value, i) => value / baselineRounds[i]!).sort((x, y) => x - y);
  return `ratio per round ${ratios[0]!.toFixed(2)}-${ratios.at(-1)!.toFixed(2)}`;
}

export const suite: Suite = {
  // Every server runs on the node that runs the bench, and the ratios change with it: name it.
  name: `a persisted Tabula command vs boardgame.io 0.50's in-memory one (Node ${process.version}; servers in their own processes; sequential commands in turn with the baseline's, closed loops in alternating rounds)`,
  async run(): Promise<Measurement[]> {
    const dataDir = mkdtempSync(join(tmpdir(), "tabula-bench-vs-"));
    // Rate limits off: one client sends every command here, which the default limits would refuse.
    const tabula = ["src/server/main.ts", "--port", "0", "--rate-limits", "off"];
    const specs: [string, string[], RegExp, (base: string) => Promise<Player>][] = [
      [BASELINE, ["bench/baselines/bgio/server.ts"], /listening (\d+)/, bgioPlayer],
      ["Tabula --memory (REST)", [...tabula, "--memory"], LISTENING, tabulaPlayer],
      ["Tabula on disk, Level store (REST)", [...tabula, "--data-dir", join(dataDir, "level")], LISTENING, tabulaPlayer],
      ["Tabula on disk, Level store (REST, ?fields= as graphql-ws selects)", [...tabula, "--data-dir", join(dataDir, "level-fields")], LISTENING, (base) => tabulaPlayer(base, REST_FIELDS)],
      ["Tabula on disk, Level store (REST, ?fields=, minimal HTTP client)", [...tabula, "--data-dir", join(dataDir, "level-minimal")], LISTENING, (base) => tabulaPlayer(base, REST_FIELDS, minimalHttpClient)],
      ["Tabula on disk, Level store (graphql-ws)", [...tabula, "--data-dir", join(dataDir, "level-ws")], LISTENING, tabulaWsPlayer],
      ["Tabula on disk, --store dynamodb (REST)", [...tabula, "--data-dir", join(dataDir, "dynamodb"), "--store", "dynamodb"], LISTENING, tabulaPlayer],
    ];
    const subjects: Subject[] = [];
    const servers: Server[] = [];
    try {
      for (const [name, args, address, player] of specs.filter(([name], i) => i === 0 || ONLY.some((part) => name.includes(part)))) {
        const server = await start(args, address);
        servers.push(server);
        const url = /^\d+$/.test(server.url) ? `http://127.0.0.1:${server.url}` : server.url;
        subjects.push(await subject(name, { ...server, url }, player));
      }
      // Every server stays up (an idle one costs nothing) and they take turns, in a rotating
      // order, round after round: a machine that gets busier or quieter meanwhile weighs on all.
      // Each Tabula server's sequential commands, and the baseline's played in turn with them.
      const [baseline, ...rest] = subjects as [Subject, ...Subject[]];
      const pairs = rest.map((s) => ({ s, own: sequential(), baseline: sequential() }));
      for (let round = 0; round < ROUNDS; round++) {
        const order = subjects.map((_, i) => subjects[(i + round) % subjects.length]!);
        for (const { s, own, baseline: beside } of pairs.map((_, i) => pairs[(i + round) % pairs.length]!)) {
          await sequentialRound([[baseline, beside], [s, own]], Math.ceil(SEQUENTIAL_COMMANDS / ROUNDS));
        }
        for (const s of order) await loopRound(s, 1, CLOSED_LOOP_MS / ROUNDS);
        for (const s of order) await loopRound(s, 10, CLOSED_LOOP_MS / ROUNDS);
      }
      return pairs.flatMap(({ s, own, baseline: beside }) => {
        const f = figures(own);
        const b = figures(beside);
        const rounds = (q: Sequential, figure: "p50" | "cpuUs") => q.rounds.map((r) => r[figure]);
        return [
          { name: `${s.name}: p50 per command`, unit: "ms", value: f.p50, better: "lower", baseline: BASELINE, baselineValue: b.p50, note: spread(rounds(own, "p50"), rounds(beside, "p50")) },
          { name: `${s.name}: p99 per command`, unit: "ms", value: f.p99, better: "lower", baseline: BASELINE, baselineValue: b.p99 },
          { name: `${s.name}: server CPU per command`, unit: "µs", value: f.cpuUs, better: "lower", baseline: BASELINE, baselineValue: b.cpuUs, note: spread(rounds(own, "cpuUs"), rounds(beside, "cpuUs")) },
          { name: `${s.name}: client CPU per command`, unit: "µs", value: f.clientCpuUs, better: "lower", baseline: BASELINE, baselineValue: b.clientCpuUs, note: "the load process's, over each turn of its player" },
          { name: `${s.name}: commands/s, 1 match`, unit: "commands/s", value: perSecond(s.loopCommands[1]), better: "higher", baseline: BASELINE, baselineValue: perSecond(baseline.loopCommands[1]) },
          {
            name: `${s.name}: commands/s, 10 matches`,
            unit: "commands/s",
            value: perSecond(s.loopCommands[10]),
            better: "higher",
            baseline: BASELINE,
            baselineValue: perSecond(baseline.loopCommands[10]),
            note: spread(s.perSecond10, baseline.perSecond10),
          },
        ] satisfies Measurement[];
      });
    } finally {
      for (const s of subjects) [s.one, ...s.loops[1], ...s.loops[10]].forEach((p) => p.close());
      for (const server of servers) await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
