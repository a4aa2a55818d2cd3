import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.js";
import { STORE_KINDS } from "../../src/server/store-kind.js";
import { createViaRest, events, getMatch, rollUntilMovable } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let dataDir: string;
beforeAll(async () => void (dataDir = await mkdtemp(join(tmpdir(), "tabula-data-"))));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe.each(STORE_KINDS)("a server with a data directory, on the %s store", (store) => {
  it("keeps matches across a restart, and their seat tokens keep working", async () => {
    const dir = join(dataDir, `restart-${store}`);
    const first = await startTestServer({ dataDir: dir, store });
    expect(first.server.store).toBe(store);
    const created = await createViaRest(first);
    const view = await rollUntilMovable(first, created);
    const before = await events(first, view.id);
    await first.close();

    const second = await startTestServer({ dataDir: dir, store });
    try {
      expect(await events(second, view.id)).toEqual(before);
      const again = await getMatch(second, view.id, created.tokens[view.seat as number]);
      expect(again).toEqual(view);
      const moved = await second.rest("POST", `/api/matches/${view.id}/moves`, {
        token: created.tokens[view.seat as number],
        json: { move: view.legalMoves[0], expectedVersion: view.version },
      });
      expect(moved.status).toBe(200);
    } finally {
      await second.close();
    }
    // Each store in its own files: the Level store in a directory of its own, dynalite in the data directory itself.
    expect(existsSync(join(dir, "tabula-level", "CURRENT"))).toBe(store === "level");
    expect(existsSync(join(dir, "CURRENT"))).toBe(store === "dynamodb");
  });

  it("refuses a second server on the same data directory with a clear message", async () => {
    const first = await startTestServer({ dataDir, store });
    try {
      await expect(startTestServer({ dataDir, store })).rejects.toThrow(/already used by a server in this process/);
      // Whichever store the second one asks for.
      await expect(startTestServer({ dataDir, store: store === "level" ? "dynamodb" : "level" })).rejects.toThrow(/already used by a server in this process/);
    } finally {
      await first.close();
    }
    // Other processes, crashes, zombies and reused pids: test/server/data-lock.test.ts. A pid file
    // alone holds nothing (it only names the owner): one left behind is no obstacle.
    const other = await mkdtemp(join(tmpdir(), "tabula-data-"));
    await writeFile(join(other, "tabula.pid"), String(process.ppid));
    const taken = await startTestServer({ dataDir: other, store });
    await taken.close();
    await rm(other, { recursive: true, force: true });
  });

  it("keeps nothing in memory mode", async () => {
    const first = await startTestServer({ store });
    const created = await createViaRest(first);
    await first.close();
    const second = await startTestServer({ store });
    try {
      expect((await second.rest("GET", `/api/matches/${created.match.id}`)).status).toBe(404);
    } finally {
      await second.close();
    }
  });

  it("answers /healthz from its store", async () => {
    const t = await startTestServer({ store });
    try {
      expect((await t.rest("GET", "/healthz")).body).toEqual({ ok: true });
    } finally {
      await t.close();
    }
  });
});

describe("a data directory the embedded DynamoDB store wrote, started on the Level store", () => {
  const player = async (t: TestServer, name: string) => {
    const reply = await t.rest("POST", "/api/players", { json: { name } });
    expect(reply.status, reply.raw).toBe(201);
    return { id: reply.body.player.id as string, token: reply.body.token as string };
  };
  const inbox = async (t: TestServer, token: string) => (await t.rest("GET", "/api/players/me/matches", { token })).body.entries.map((e: { matchId: string; toMove: boolean }) => [e.matchId, e.toMove]);

  it("brings every match, player and inbox along once, logging one line, and carries on from there", async () => {
    const dir = join(dataDir, "upgrade");
    const old = await startTestServer({ dataDir: dir, store: "dynamodb" });
    const ann = await player(old, "Ann");
    const bob = await player(old, "Bob");
    const challenge = await old.rest("POST", "/api/matches", { token: ann.token, json: { ruleset: "backgammon", timeControl: { daysPerMove: 2 }, openSeats: [{ seat: 1, player: bob.id }] } });
    expect(challenge.status, challenge.raw).toBe(201);
    const correspondence = challenge.body.match.id as string;
    expect((await old.rest("POST", `/api/matches/${correspondence}/join`, { token: bob.token })).status).toBe(200);
    const created = await createViaRest(old);
    const view = await rollUntilMovable(old, created);
    const before = { log: await events(old, view.id), correspondence: await events(old, correspondence), ann: await inbox(old, ann.token), bob: await inbox(old, bob.token) };
    expect(before.ann).toHaveLength(1);
    await old.close();

    const logged: string[] = [];
    const logger = createLogger("warn", (line) => logged.push(line));
    const upgraded = await startTestServer({ dataDir: dir, logger });
    try {
      expect(upgraded.server.store).toBe("level");
      expect(logged.map((line) => JSON.parse(line))).toEqual([
        expect.objectContaining({ level: "warn", msg: expect.stringMatching(/^imported 2 matches \(\d+ commits\), 2 players and \d+ inbox and deadline entries from the embedded DynamoDB store in .* into the Level store in .*tabula-level, once/) }),
      ]);
      expect(await events(upgraded, view.id)).toEqual(before.log);
      expect(await events(upgraded, correspondence)).toEqual(before.correspondence);
      expect(await inbox(upgraded, ann.token)).toEqual(before.ann);
      expect(await inbox(upgraded, bob.token)).toEqual(before.bob);
      const moved = await upgraded.rest("POST", `/api/matches/${view.id}/moves`, { token: created.tokens[view.seat as number], json: { move: view.legalMoves[0], expectedVersion: view.version } });
      expect(moved.status, moved.raw).toBe(200);
    } finally {
      await upgraded.close();
    }

    // Once: the next start logs nothing, and keeps the move made on the Level store.
    const again = await startTestServer({ dataDir: dir, logger });
    try {
      expect(logged).toHaveLength(1);
      expect((await getMatch(again, view.id)).version).toBe(view.version + 1);
    } finally {
      await again.close();
    }
  });
});
