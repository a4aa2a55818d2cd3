import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startServerProcess } from "../helpers/server-process.js";

/**
 * kill -9 in the middle of a burst of moves: every answer the server gave before it died is in
 * the log after a restart on the same data directory, at its version, and the log has no gap and
 * nothing but the one command per match that was in flight.
 */
let child: ChildProcess | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  child = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

interface View {
  id: string;
  version: number;
  status: string;
  seat: number | null;
  toAct: number[];
  phase: string;
  legalMoves: string[];
}

/** One acknowledged command: the seat, what it did, the version it was decided at and the one it answered. */
interface Ack {
  readonly matchId: string;
  readonly seat: number;
  readonly move: string | null;
  readonly before: number;
  readonly after: number;
}

const MATCHES = 4;
/** Acknowledged commands before the kill, at least: enough to cross a snapshot (every 16 events) in each match. */
const ACKS_BEFORE_KILL = 4 * 24;

async function call(url: string, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: await response.json() };
}

async function logOf(url: string, id: string): Promise<{ version: number; type: string; data: any }[]> {
  const all: { version: number; type: string; data: any }[] = [];
  for (;;) {
    const page = await call(url, "GET", `/api/matches/${id}/events?after=${all.length}`);
    expect(page.status).toBe(200);
    all.push(...page.json.events);
    if (page.json.events.length < 500) return all;
  }
}

describe("a crash in the middle of a burst of moves", () => {
  it("loses nothing acknowledged: after kill -9 and a restart every answered command is in the log at its version, without gaps", async () => {
    dataDir = await mkdtemp(join(tmpdir(), "tabula-crash-"));
    const args = ["--data-dir", dataDir, "--port", "0"];
    const first = await startServerProcess(args, { onSpawn: (proc) => (child = proc) });
    const matches: { id: string; tokens: string[] }[] = [];
    for (let i = 0; i < MATCHES; i++) {
      const created = await call(first.url, "POST", "/api/matches", undefined, { ruleset: "backgammon", options: { matchLength: 25 } });
      expect(created.status).toBe(201);
      matches.push({ id: created.json.match.id, tokens: created.json.seats.map((s: { token: string }) => s.token) });
    }

    // One client per match plays it as fast as the server answers, recording every answer it gets.
    const acks: Ack[] = [];
    let inFlight = 0;
    let inFlightAtKill = -1;
    let killed!: () => void;
    const kill = new Promise<void>((resolve) => (killed = resolve));
    const play = async (match: { id: string; tokens: string[] }) => {
      let view: View = (await call(first.url, "GET", `/api/matches/${match.id}`)).json;
      for (;;) {
        const seat = view.toAct[0]!;
        if (view.seat !== seat) view = (await call(first.url, "GET", `/api/matches/${match.id}`, match.tokens[seat])).json;
        if (view.status === "FINISHED") return;
        const move = view.phase === "move" ? view.legalMoves[view.version % view.legalMoves.length]! : null;
        inFlight++;
        const answer =
          move === null
            ? await call(first.url, "POST", `/api/matches/${match.id}/dice`, match.tokens[seat])
            : await call(first.url, "POST", `/api/matches/${match.id}/moves`, match.tokens[seat], { move, expectedVersion: view.version });
        inFlight--;
        expect(answer.status, JSON.stringify(answer.json)).toBe(200);
        acks.push({ matchId: match.id, seat, move, before: view.version, after: answer.json.version });
        // Killed at the first answer past the mark that finds another command on its way.
        if (inFlightAtKill === -1 && acks.length >= ACKS_BEFORE_KILL && inFlight > 0) {
          inFlightAtKill = inFlight;
          first.proc.kill("SIGKILL");
          killed();
        }
        view = answer.json;
      }
    };
    // Each client stops at its first failed request: the server is gone.
    const clients = Promise.allSettled(matches.map(play));
    await Promise.race([kill, clients.then(() => Promise.reject(new Error("every client stopped before the server was killed")))]);
    expect(await first.exit).toEqual({ code: null, signal: "SIGKILL" });
    for (const result of await clients) {
      // A request the kill cut off fails to fetch; any other failure is the test's.
      if (result.status === "rejected" && !(result.reason instanceof TypeError)) throw result.reason;
    }
    expect(inFlightAtKill, "requests in flight when the server was killed").toBeGreaterThan(0);

    const second = await startServerProcess(args, { onSpawn: (proc) => (child = proc) });
    for (const match of matches) {
      const log = await logOf(second.url, match.id);
      expect(log.map((e) => e.version)).toEqual(log.map((_, i) => i + 1));
      const answered = acks.filter((a) => a.matchId === match.id);
      expect(answered.length).toBeGreaterThan(8);
      for (const ack of answered) {
        expect(log.length, `version ${ack.after} was acknowledged`).toBeGreaterThanOrEqual(ack.after);
        const event = log[ack.before]!;
        expect(event).toMatchObject(ack.move === null ? { type: "DiceRolled", data: { seat: ack.seat } } : { type: "MovePlayed", data: { seat: ack.seat, move: ack.move } });
        // The command's events end where its answer said, and the next one starts there.
        const next = log[ack.after];
        if (next) expect(["DiceRolled", "MovePlayed"]).toContain(next.type);
      }
      // Past the last answer: at most the one command that was in flight, whole or not at all.
      const last = answered.at(-1)!.after;
      if (log.length > last) expect(["DiceRolled", "MovePlayed"]).toContain(log[last]!.type);

      // The restarted server carries on from what is stored.
      let view: View = (await call(second.url, "GET", `/api/matches/${match.id}`)).json;
      expect(view.version).toBe(log.length);
      const seat = view.toAct[0]!;
      view = (await call(second.url, "GET", `/api/matches/${match.id}`, match.tokens[seat])).json;
      const next = view.phase === "move" ? await call(second.url, "POST", `/api/matches/${match.id}/moves`, match.tokens[seat], { move: view.legalMoves[0], expectedVersion: view.version }) : await call(second.url, "POST", `/api/matches/${match.id}/dice`, match.tokens[seat]);
      expect(next.status, JSON.stringify(next.json)).toBe(200);
      expect(next.json.version).toBeGreaterThan(log.length);
    }
  }, 120_000);
});
