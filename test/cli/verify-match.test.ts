import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveUrl } from "../../src/cli/read-record.js";
import { run } from "../../src/cli/verify-match.js";
import type { MatchEvent } from "../../src/match/events.js";
import { createViaRest, finishedMatch } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { goldenArchive, goldenLog } from "../support/golden.js";
import { scratchFiles } from "../support/scratch-files.js";
import { runCommand } from "./run-command.js";

const tabula = (args: string[]) => runCommand(run, args);

describe("tabula verify-match", () => {
  const { dir, write: file } = scratchFiles("tabula-verify-match-");

  it("checks an archive of any ruleset, and says so in one line", async () => {
    const archive = goldenArchive("golnard-football.set-pieces");
    const r = await tabula([file("football.json", archive)]);
    expect(r).toEqual({
      status: 0,
      stderr: "",
      stdout: `ok: golnard-football match ${archive.matchId} (rules version 1): 120 events re-run, 39 rolls re-derived from the revealed seed, 0 automatic passes; no winner (played)\n`,
    });
    const gol = await tabula([file("gol.json", goldenArchive("gol.resigned"))]);
    expect(gol.status).toBe(0);
    expect(gol.stdout).toMatch(/^ok: gol match \S+ \(rules version 1\): 19 events re-run, 0 rolls .*; (home|away) won \(resignation\)\n$/);
  });

  it("checks a bare log too (REST's page shape, or an array)", async () => {
    const events = goldenLog("backgammon.one-point");
    expect((await tabula([file("log.json", { events })])).stdout).toMatch(/^ok: backgammon match \S+ \(rules version 1\): 134 events re-run, 66 rolls re-derived from the revealed seed, 2 automatic passes; (white|black|\w+) won \(played\)\n$/);
    expect((await tabula([file("array.json", events)])).status).toBe(0);
  });

  it("prints the first event that does not check and why, and exits 1", async () => {
    const archive = goldenArchive("golnard-estafeta.two-teams");
    const events = structuredClone(archive.events) as MatchEvent[];
    const i = events.findIndex((e) => e.type === "DiceRolled" && e.data.n === 2);
    const roll = events[i] as Extract<MatchEvent, { type: "DiceRolled" }>;
    const honest = roll.data.values.join("-");
    roll.data.values = roll.data.values.map((v) => (v % 6) + 1);
    const r = await tabula([file("tampered.json", { ...archive, events })]);
    expect(r).toEqual({ status: 1, stderr: "", stdout: `FAIL: event ${i + 1} (DiceRolled): roll 2 is ${roll.data.values.join("-")}, the revealed seed gives ${honest}\n` });
  });

  it("refuses what is not a match record, with usage errors exiting 2", async () => {
    expect((await tabula([])).status).toBe(2);
    expect((await tabula(["a", "b"])).status).toBe(2);
    const missing = await tabula([join(dir, "missing.json")]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^cannot read .*missing\.json: /);
    const other = await tabula([file("other.json", { hello: "world" })]);
    expect(other).toMatchObject({ status: 2, stderr: expect.stringContaining("neither a match archive nor a list of events") });
    writeFileSync(join(dir, "empty.json"), "[]");
    expect((await tabula([join(dir, "empty.json")])).stdout).toBe("FAIL: the log is empty\n");
  });

  it("answers a hand-edited file of any shape with a verdict, never a crash", async () => {
    const archive = goldenArchive("gol.resigned");
    const created = archive.events[0]!;
    const shapes: unknown[] = [
      { ...archive, formatVersion: 7 },
      { ...archive, events: [null, 1, "x"] },
      { ...archive, events: [{}, archive.events[archive.events.length - 1]] },
      { ...archive, events: [{ ...created, data: { ...created.data, options: { minutesPerHalf: "many" } } }, ...archive.events.slice(1)] },
      { ...archive, events: [{ ...created, data: null }, ...archive.events.slice(1)] },
      { ...archive, events: archive.events.map((e, i) => (i === 3 ? { ...e, data: { seat: "zero" } } : e)) },
    ];
    for (const [i, shape] of shapes.entries()) {
      const r = await tabula([file(`shape${i}.json`, shape)]);
      expect(r.stderr).toBe("");
      expect(r.status).toBe(1);
      expect(r.stdout).toMatch(/^FAIL: .+\n$/);
    }
  });

  describe("from a server", () => {
    let t: TestServer;
    beforeAll(async () => void (t = await startTestServer()));
    afterAll(() => t?.close());

    it("reads a finished match's archive from its URL (the match's, its /events or its /archive)", async () => {
      const { created } = await finishedMatch(t);
      for (const url of [`${t.url}/api/matches/${created.match.id}`, `${t.url}/api/matches/${created.match.id}/events`, `${t.url}/api/matches/${created.match.id}/archive`]) {
        const r = await tabula([url]);
        expect(r.status).toBe(0);
        expect(r.stdout).toMatch(new RegExp(`^ok: backgammon match ${created.match.id} \\(rules version 1\\): \\d+ events re-run, \\d+ rolls re-derived from the revealed seed, \\d+ automatic passes; \\w+ won \\(played\\)\\n$`));
      }
    });

    it("says why it cannot read a match still in play: the server's own code", async () => {
      const { match } = await createViaRest(t, { ruleset: "gol" });
      const r = await tabula([`${t.url}/api/matches/${match.id}`]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/answered 409 MATCH_NOT_FINISHED: /);
    });
  });

  it("knows a match's archive URL from what a user pastes", () => {
    expect(String(archiveUrl("http://h:1/api/matches/m1"))).toBe("http://h:1/api/matches/m1/archive");
    expect(String(archiveUrl("http://h:1/api/matches/m1/events?after=3"))).toBe("http://h:1/api/matches/m1/archive");
    expect(String(archiveUrl("http://h:1/api/matches/m1/archive"))).toBe("http://h:1/api/matches/m1/archive");
    expect(() => archiveUrl("http://h:1/nothing")).toThrow(/is not a match's URL/);
  });
});
