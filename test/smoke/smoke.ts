import { type Client, createClient } from "graphql-ws";
import { pathToFileURL } from "node:url";
import WebSocket from "ws";
import { isRulesetId, RULESETS, type RulesetId } from "../../src/engine/registry.js";

/**
 * `npm run smoke -- <http(s) api url> <ws(s) url> [--commands N] [--ruleset id ...]`: checks a
 * running Tabula (a deployed stack's `HttpUrl` and `WebSocketUrl`, or `npm start -- --gateway
 * lambda`) end to end. For every ruleset it creates a match over GraphQL, watches it with a real
 * graphql-ws client, plays it over REST (a roll when one is due, else the first legal move) to its
 * end or for N commands, and checks that the watcher got every committed version once, in order,
 * the same events as the log, and, once the match is over, that its subscription completed. It
 * prints each step's latency per ruleset, and exits 0; 1 with the first failure; 2 on bad
 * arguments.
 */

/** Small options, so that a whole match is a few dozen commands (backgammon's 1-point match the most, about 80). */
export const SMOKE_OPTIONS: { readonly [K in RulesetId]: Record<string, unknown> } = {
  backgammon: { matchLength: 1 },
  "golnard-estafeta": { maxRounds: 3 },
  "golnard-football": { mode: "goals", goals: 1, maxTurns: 6 },
  gol: { minutesPerHalf: 1 },
};

/** Commands per ruleset at most: enough for every match with SMOKE_OPTIONS to end. */
export const DEFAULT_COMMANDS = 300;
/** How long one request, or one push after its command, may take before the smoke fails. */
const STEP_TIMEOUT_MS = 15_000;
/** After the last push: time for a duplicate or a stray version to show up before the check. */
const SETTLE_MS = 500;

export const STEPS = ["create", "subscribe", "roll", "move", "push"] as const;
export type Step = (typeof STEPS)[number];

export interface RulesetReport {
  readonly ruleset: RulesetId;
  readonly matchId: string;
  readonly version: number;
  readonly status: string;
  /** ms per step, in the order taken. */
  readonly latencies: { readonly [K in Step]: number[] };
}

export class SmokeFailure extends Error {}

export interface SmokeOptions {
  readonly api: string;
  readonly ws: string;
  readonly commands?: number;
  readonly rulesets?: readonly RulesetId[];
}

const USAGE = `usage: npm run smoke -- <http(s) api url> <ws(s) url> [--commands N] [--ruleset id ...]
  api url: the stack's HttpUrl (https://<id>.execute-api.<region>.amazonaws.com), or http://127.0.0.1:4000
  ws url:  the stack's WebSocketUrl (wss://<id>.execute-api.<region>.amazonaws.com/<stage>), or ws://127.0.0.1:4000/graphql
  --commands N: at most N commands per ruleset (default ${DEFAULT_COMMANDS}: each match is played to its end)
  --ruleset id: only this ruleset (repeatable; default all: ${RULESETS.join(", ")})`;

const SUBSCRIPTION = `subscription($m: ID!) { matchUpdated(matchId: $m) { version event { version type } } }`;
const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id version status } seats { seat token } } }`;

interface View {
  id: string;
  version: number;
  status: string;
  phase: string;
  toMove: number | null;
  toAct: number[];
  seat: number | null;
  legalMoves: unknown[];
}

const describeError = (error: unknown): string => {
  const e = error as { message?: string; cause?: { code?: string; message?: string } };
  const cause = e?.cause?.code ?? e?.cause?.message;
  return `${e?.message ?? String(error)}${cause ? ` (${cause})` : ""}`;
};

/** What graphql-ws hands a sink's `error`: an Error, the socket's error or close event, or GraphQL errors. */
function describeSinkError(error: unknown): string {
  if (error instanceof Error) return describeError(error);
  const e = error as { error?: unknown; message?: string; code?: number; reason?: string } | null;
  if (e?.error instanceof Error) return describeError(e.error);
  if (typeof e?.message === "string" && e.message) return e.message;
  if (typeof e?.code === "number") return `the socket closed with ${e.code}${e.reason ? ` ${e.reason}` : ""}`;
  return JSON.stringify(error);
}

/** One HTTP call, its answer as JSON; anything but `ok` fails the smoke with what was asked and answered. */
async function call<T>(what: string, url: string, init: RequestInit & { token?: string; json?: unknown } = {}): Promise<T> {
  const { token, json, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(url, {
      ...rest,
      headers: { ...(json !== undefined ? { "content-type": "application/json" } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
    });
  } catch (error) {
    throw new SmokeFailure(`${what}: cannot reach ${url}: ${describeError(error)}`);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new SmokeFailure(`${what}: ${url} answered ${response.status} with no JSON: ${text.slice(0, 200)}`);
  }
  if (!response.ok) throw new SmokeFailure(`${what}: ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return body as T;
}

/** A graphql-ws watcher of one match: every version in arrival order, and a wait for a version. */
function watch(ws: string, matchId: string) {
  const received: { version: number; type: string; at: number }[] = [];
  let failure: Error | null = null;
  let completed = false;
  let wake = () => {};
  const client: Client = createClient({ url: ws, webSocketImpl: WebSocket, lazy: true, retryAttempts: 0 });
  client.subscribe(
    { query: SUBSCRIPTION, variables: { m: matchId } },
    {
      next: (result) => {
        const update = (result.data as { matchUpdated?: { version: number; event: { type: string } } } | null | undefined)?.matchUpdated;
        if (!update) failure ??= new SmokeFailure(`subscription to ${matchId} sent no update: ${JSON.stringify(result)}`);
        else received.push({ version: update.version, type: update.event.type, at: performance.now() });
        wake();
      },
      error: (error) => {
        failure ??= new SmokeFailure(`subscription to ${matchId} over ${ws} failed: ${describeSinkError(error)}`);
        wake();
      },
      complete: () => {
        completed = true;
        wake();
      },
    },
  );
  /** Waits for `found` to give something, until the step's timeout or the subscription's failure. */
  const until = async <T>(found: () => T | undefined, timedOut: () => string): Promise<T> => {
    const deadline = performance.now() + STEP_TIMEOUT_MS;
    for (;;) {
      if (failure) throw failure;
      const value = found();
      if (value !== undefined) return value;
      const left = deadline - performance.now();
      if (left <= 0) throw new SmokeFailure(timedOut());
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => (clearTimeout(timer), resolve());
      });
    }
  };
  return {
    received,
    /** Resolves with the time the version arrived. */
    async version(version: number): Promise<number> {
      const got = await until(
        () => received.find((r) => r.version === version),
        () => `no push of version ${version} of match ${matchId} within ${STEP_TIMEOUT_MS} ms (got ${received.map((r) => r.version).join(",") || "none"})`,
      );
      return got.at;
    },
    /** Resolves once the server completed the subscription (after MatchFinished). */
    completed: () => until(() => completed || undefined, () => `the subscription to match ${matchId} did not complete within ${STEP_TIMEOUT_MS} ms of its end`),
    failure: () => failure,
    dispose: () => client.dispose(),
  };
}

/** One ruleset: create, watch, play up to `commands` commands, check what the watcher got against the log. */
async function smokeRuleset(api: string, ws: string, ruleset: RulesetId, commands: number): Promise<RulesetReport> {
  const latencies = Object.fromEntries(STEPS.map((s) => [s, [] as number[]])) as { [K in Step]: number[] };
  const timed = async <T>(step: Step, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await run();
    latencies[step].push(performance.now() - started);
    return result;
  };
  const created = await timed("create", () =>
    call<{ data?: { createMatch?: { match: View; seats: { seat: number; token: string }[] } }; errors?: unknown[] }>(`${ruleset}: createMatch`, `${api}/graphql`, {
      method: "POST",
      json: { query: CREATE, variables: { input: { ruleset, options: SMOKE_OPTIONS[ruleset] } } },
    }),
  );
  const payload = created.data?.createMatch;
  if (!payload) throw new SmokeFailure(`${ruleset}: createMatch answered no match: ${JSON.stringify(created.errors ?? created)}`);
  const id = payload.match.id;
  const tokens = new Map(payload.seats.map((s) => [s.seat, s.token]));
  const matchUrl = `${api}/api/matches/${id}`;

  const watcher = watch(ws, id);
  try {
    const subscribed = performance.now();
    latencies.subscribe.push((await watcher.version(payload.match.version)) - subscribed);

    let view = await call<View>(`${ruleset}: read the match`, matchUrl);
    for (let played = 0; played < commands && view.status !== "FINISHED"; played++) {
      const seat = view.toAct[0] ?? view.toMove ?? 0;
      const token = tokens.get(seat);
      if (!token) throw new SmokeFailure(`${ruleset}: seat ${seat} is to act but createMatch gave it no token`);
      // A command answers with the caller's view: read again only when another seat is to act.
      if (view.seat !== seat) view = await call<View>(`${ruleset}: read the match as seat ${seat}`, matchUrl, { token });
      const step: Step = view.phase === "roll" ? "roll" : "move";
      if (step === "move" && view.legalMoves.length === 0) throw new SmokeFailure(`${ruleset}: seat ${seat} is to move at version ${view.version} but has no legal move`);
      const sent = performance.now();
      view = await timed(step, () =>
        step === "roll"
          ? call<View>(`${ruleset}: roll (seat ${seat}, version ${view.version})`, `${matchUrl}/dice`, { method: "POST", token })
          : call<View>(`${ruleset}: move (seat ${seat}, version ${view.version})`, `${matchUrl}/moves`, { method: "POST", token, json: { move: view.legalMoves[0], expectedVersion: view.version } }),
      );
      latencies.push.push((await watcher.version(view.version)) - sent);
    }
    if (view.status === "FINISHED") await watcher.completed();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    if (watcher.failure()) throw watcher.failure();

    const problem = deliveryProblem(watcher.received, await readLog(api, ruleset, id));
    if (problem) throw new SmokeFailure(`${ruleset}: match ${id}: ${problem}`);
    return { ruleset, matchId: id, version: view.version, status: view.status, latencies };
  } finally {
    await watcher.dispose();
  }
}

/**
 * What is wrong with what a watcher received against the match's log, or null: it must be the
 * log itself, every version once and in order, each with its event's type.
 */
export function deliveryProblem(received: readonly { version: number; type: string }[], log: readonly { version: number; type: string }[]): string | null {
  const versions = received.map((r) => r.version);
  const repeated = versions.filter((v, i) => versions.indexOf(v) !== i);
  if (repeated.length > 0) return `the watcher got version ${repeated[0]} more than once (got ${versions.join(",")})`;
  const disordered = versions.findIndex((v, i) => i > 0 && v < versions[i - 1]!);
  if (disordered > 0) return `the watcher got version ${versions[disordered]} after ${versions[disordered - 1]} (got ${versions.join(",")})`;
  const missing = log.filter((e) => !versions.includes(e.version)).map((e) => e.version);
  if (missing.length > 0) return `the watcher never got version${missing.length > 1 ? "s" : ""} ${missing.join(",")} of the log's ${log.length}`;
  const stray = versions.filter((v) => !log.some((e) => e.version === v));
  if (stray.length > 0) return `the watcher got version ${stray.join(",")}, which the log does not have (its last is ${log.at(-1)?.version ?? 0})`;
  const differs = received.find((r, i) => r.type !== log[i]!.type);
  if (differs) return `version ${differs.version} came as ${differs.type}, the log has ${log.find((e) => e.version === differs.version)!.type}`;
  return null;
}

async function readLog(api: string, ruleset: RulesetId, id: string): Promise<{ version: number; type: string }[]> {
  const log: { version: number; type: string }[] = [];
  for (let after = 0; ; ) {
    const page = await call<{ events: { version: number; type: string }[]; hasMore: boolean; next: number }>(`${ruleset}: read the log`, `${api}/api/matches/${id}/events?after=${after}`);
    log.push(...page.events);
    if (!page.hasMore) return log;
    after = page.next;
  }
}

/** Runs every ruleset (or those named) one after another; throws SmokeFailure on the first failure. */
export async function smoke(options: SmokeOptions): Promise<RulesetReport[]> {
  const api = options.api.replace(/\/+$/, "");
  const reports: RulesetReport[] = [];
  for (const ruleset of options.rulesets ?? RULESETS) reports.push(await smokeRuleset(api, options.ws, ruleset, options.commands ?? DEFAULT_COMMANDS));
  return reports;
}

const nearest = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** The latency table: one row per ruleset and step taken, with its count, p50, p90 and max in ms. */
export function formatReports(reports: readonly RulesetReport[]): string {
  const rows = [["ruleset", "step", "n", "p50 ms", "p90 ms", "max ms"]];
  for (const report of reports) {
    for (const step of STEPS) {
      const sorted = [...report.latencies[step]].sort((a, b) => a - b);
      if (sorted.length === 0) continue;
      rows.push([report.ruleset, step, String(sorted.length), ...[nearest(sorted, 50), nearest(sorted, 90), sorted.at(-1)!].map((ms) => ms.toFixed(1))]);
    }
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ")).join("\n");
}

/** The command line: the exit status (0 ok, 1 a failure, 2 bad arguments). */
export async function main(argv: readonly string[], out: (line: string) => void = console.log, err: (line: string) => void = console.error): Promise<number> {
  const positional: string[] = [];
  let commands = DEFAULT_COMMANDS;
  const rulesets: RulesetId[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--commands") {
      commands = Number(argv[++i]);
      if (!Number.isInteger(commands) || commands < 1) return (err(`--commands takes a whole number, at least 1\n${USAGE}`), 2);
    } else if (arg === "--ruleset") {
      const id = argv[++i];
      if (!id || !isRulesetId(id)) return (err(`--ruleset takes one of ${RULESETS.join(", ")}\n${USAGE}`), 2);
      rulesets.push(id);
    } else if (arg === "-h" || arg === "--help") return (out(USAGE), 0);
    else if (arg.startsWith("-")) return (err(`unknown option ${arg}\n${USAGE}`), 2);
    else positional.push(arg);
  }
  const [api, ws] = positional;
  const valid = (url: string | undefined, protocols: string[]) => {
    try {
      return url !== undefined && protocols.includes(new URL(url).protocol);
    } catch {
      return false;
    }
  };
  if (positional.length !== 2 || !valid(api, ["http:", "https:"]) || !valid(ws, ["ws:", "wss:"])) {
    err(`${positional.length !== 2 ? "give the API's URL and the WebSocket URL" : `not an http(s) and a ws(s) URL: ${positional.join(" ")}`}\n${USAGE}`);
    return 2;
  }
  const started = performance.now();
  try {
    const reports = await smoke({ api: api!, ws: ws!, commands, ...(rulesets.length > 0 ? { rulesets } : {}) });
    out(formatReports(reports));
    const pushes = reports.reduce((n, r) => n + r.latencies.push.length, 0);
    out(
      `ok: ${reports.length} ruleset${reports.length === 1 ? "" : "s"} (${reports.map((r) => `${r.ruleset} v${r.version} ${r.status}`).join(", ")}), ${pushes} commands, ` +
        `every version pushed once and in order${reports.some((r) => r.status === "FINISHED") ? ", each finished match's subscription completed" : ""}, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return 0;
  } catch (error) {
    err(`smoke FAILED: ${error instanceof SmokeFailure ? error.message : describeError(error)}`);
    return 1;
  }
}

// Exits at once: kept-alive HTTP sockets would hold the process open for a few seconds more.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exit(await main(process.argv.slice(2)));
