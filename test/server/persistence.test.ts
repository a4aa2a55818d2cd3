import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createViaRest, events, getMatch, rollUntilMovable } from "../helpers/matches.js";
import { startTestServer } from "../helpers/server.js";

let dataDir: string;
beforeAll(async () => void (dataDir = await mkdtemp(join(tmpdir(), "tabula-data-"))));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe("a server with a data directory", () => {
  it("keeps matches across a restart, and their seat tokens keep working", async () => {
    const first = await startTestServer({ dataDir, memory: false });
    const created = await createViaRest(first);
    const view = await rollUntilMovable(first, created);
    const before = await events(first, view.id);
    await first.close();

    const second = await startTestServer({ dataDir, memory: false });
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
  });

  it("refuses a second server on the same data directory with a clear message", async () => {
    const first = await startTestServer({ dataDir, memory: false });
    try {
      await expect(startTestServer({ dataDir, memory: false })).rejects.toThrow(/already used by a server in this process/);
    } finally {
      await first.close();
    }
    // Other processes, crashes, zombies and reused pids: test/server/data-lock.test.ts. A pid file
    // alone holds nothing (it only names the owner): one left behind is no obstacle.
    const other = await mkdtemp(join(tmpdir(), "tabula-data-"));
    await writeFile(join(other, "tabula.pid"), String(process.ppid));
    const taken = await startTestServer({ dataDir: other, memory: false });
    await taken.close();
    await rm(other, { recursive: true, force: true });
  });

  it("keeps nothing in memory mode", async () => {
    const first = await startTestServer();
    const created = await createViaRest(first);
    await first.close();
    const second = await startTestServer();
    try {
      expect((await second.rest("GET", `/api/matches/${created.match.id}`)).status).toBe(404);
    } finally {
      await second.close();
    }
  });
});
