import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { startServerProcess } from "../helpers/server-process.js";
import { type Receiver, startReceiver, verify } from "./receiver.js";

let child: ChildProcess | undefined;
let dataDir: string | undefined;
let receiver: Receiver | undefined;
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await receiver?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  child = undefined;
  dataDir = undefined;
  receiver = undefined;
});

async function call(url: string, method: string, path: string, token?: string, body?: unknown): Promise<any> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return response.json();
}

it("kill -9 between commit and delivery loses nothing: after the restart every event arrives, in order, signed, each id once", async () => {
  dataDir = await mkdtemp(join(tmpdir(), "tabula-hook-crash-"));
  receiver = await startReceiver();
  // The receiver takes the first delivery and never answers: the worker waits on it, and the commits after it queue.
  receiver.hold = true;
  const args = ["--port", "0", "--data-dir", dataDir, "--rate-limits", "off"];
  let server = await startServerProcess(args, { onSpawn: (p) => (child = p) });
  const created = await call(server.url, "POST", "/api/matches", undefined, { ruleset: "backgammon" });
  const id = created.match.id as string;
  const tokens = created.seats.map((s: { token: string }) => s.token) as string[];
  const hook = await call(server.url, "POST", "/api/webhooks", tokens[0], { url: receiver.url, matchId: id, events: ["match.updated"] });
  const from = created.match.version as number;
  let version = from;
  for (let i = 0; i < 8; i++) {
    const view = await call(server.url, "GET", `/api/matches/${id}?fields=toAct`);
    const token = tokens[view.toAct[0]]!;
    const mine = await call(server.url, "GET", `/api/matches/${id}?fields=phase,legalMoves,version`, token);
    const answer = mine.phase === "roll" ? await call(server.url, "POST", `/api/matches/${id}/dice`, token) : await call(server.url, "POST", `/api/matches/${id}/moves`, token, { move: mine.legalMoves[0], expectedVersion: mine.version });
    version = answer.version;
  }
  await receiver.waitFor(() => receiver!.received.length > 0);
  expect(receiver.accepted()).toEqual([]);
  child!.kill("SIGKILL");
  await server.exit;

  receiver.hold = false;
  server = await startServerProcess(args, { onSpawn: (p) => (child = p) });
  const versions = Array.from({ length: version - from }, (_, i) => from + 1 + i);
  await receiver.waitFor(() => receiver!.accepted().length >= versions.length, 20_000);
  const accepted = receiver.accepted();
  expect(accepted.map((r) => r.payload.data.version)).toEqual(versions);
  for (const r of accepted) expect(() => verify(hook.secret, r)).not.toThrow();
  child!.kill("SIGKILL");
});
