import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsUrl, fetchEvents } from "../../src/cli/fetch-events.js";
import { createViaRest, events, finishedMatch } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { playRandomMatch } from "../support/playout.js";
import { tabula as run } from "./tabula.js";

const tabula = (args: string[], input?: string) => run(["verify-dice", ...args], input);

describe("tabula verify-dice", () => {
  const { log } = playRandomMatch(5, { ruleset: "backgammon", options: { matchLength: 1 } });
  const rolls = log.filter((e) => e.type === "DiceRolled").length;
  const dir = mkdtempSync(join(tmpdir(), "tabula-verify-dice-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, json: unknown): string => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(json));
    return path;
  };

  it("verifies a finished match's file, and fails a tampered roll", async () => {
    const ok = await tabula([file("ok.json", { events: log })]);
    expect(ok).toMatchObject({ status: 0, stderr: "", stdout: `ok: ${rolls} rolls verified against the revealed seed\n` });
    const index = log.findIndex((e) => e.type === "DiceRolled" && e.data.n === 3);
    const tampered = log.map((e, i) => (i === index && e.type === "DiceRolled" ? { ...e, data: { ...e.data, values: e.data.values.map((v) => (v % 6) + 1) } } : e));
    const failed = await tabula([file("tampered.json", tampered)]);
    expect(failed.status).toBe(1);
    expect(failed.stdout).toMatch(/^FAIL: event \d+: roll 3 is /);
  });

  it("refuses a log that is not the whole finished match, saying why", async () => {
    const cases: [string, unknown[], RegExp][] = [
      ["unfinished", log.slice(0, -1), /^cannot verify: the match is not finished: the log ends at version \d+ with \w+, and verify-dice needs a finished match \(the dice seed is revealed only at the end\)/],
      ["gap", [...log.slice(0, 2), ...log.slice(3)], /^cannot verify: the log is incomplete: version 2 is followed by 4 \(1 event missing\)/],
      ["later page", log.slice(1), /^cannot verify: the log is incomplete: it starts at version 2, not 1/],
      ["out of order", [log[0], log[2], log[1], ...log.slice(3)], /^cannot verify: the log is incomplete: version 1 is followed by 3/],
    ];
    const runs = await Promise.all(cases.map(([name, events]) => tabula([file(`${name}.json`, events)])));
    runs.forEach((r, i) => {
      const [name, , message] = cases[i]!;
      expect(r.status, name).toBe(1);
      expect(r.stderr, name).toMatch(message);
      expect(r.stdout, name).toBe("");
    });
  }, 120_000);

  describe("from a server", () => {
    let t: TestServer;
    beforeAll(async () => void (t = await startTestServer()));
    afterAll(() => t?.close());

    it("reads a finished match from its URL or from --url and --match, page after page", async () => {
      const { final } = await finishedMatch(t);
      const log = await events(t, final.id);
      // Pages of two events: every `next` is followed to the end.
      expect(await fetchEvents(eventsUrl({ url: `${t.url}/api/matches/${final.id}` }), { limit: 2 })).toEqual(log);
      const expected = `ok: ${log.filter((e) => e.type === "DiceRolled").length} rolls verified against the revealed seed\n`;
      const runs = await Promise.all([tabula([`${t.url}/api/matches/${final.id}`]), tabula(["--url", t.url, "--match", final.id])]);
      for (const r of runs) expect(r).toMatchObject({ status: 0, stderr: "", stdout: expected });
    }, 120_000);

    it("refuses a match still running", async () => {
      const { match } = await createViaRest(t);
      const r = await tabula([`${t.url}/api/matches/${match.id}`]);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/^cannot verify: the match is not finished: the log ends at version 1 with MatchCreated/);
    });
  });
});
