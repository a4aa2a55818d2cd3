import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsUrl, fetchEvents } from "../../src/cli/fetch-events.js";
import { run } from "../../src/cli/verify-dice.js";
import { createViaRest, events, finishedMatch } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { playRandomMatch } from "../support/playout.js";
import { scratchFiles } from "../support/scratch-files.js";
import { runCommand } from "./run-command.js";

const tabula = (args: string[]) => runCommand(run, args);

describe("tabula verify-dice", () => {
  const { log } = playRandomMatch(5, { ruleset: "backgammon", options: { matchLength: 1 } });
  const rolls = log.filter((e) => e.type === "DiceRolled").length;
  const { write: file } = scratchFiles("tabula-verify-dice-");

  it("verifies a finished match's file, and fails a tampered roll", async () => {
    const ok = await tabula([file("ok.json", { events: log })]);
    expect(ok).toEqual({ status: 0, stderr: "", stdout: `ok: ${rolls} rolls verified against the revealed seed\n` });
    const index = log.findIndex((e) => e.type === "DiceRolled" && e.data.n === 3);
    const tampered = log.map((e, i) => (i === index && e.type === "DiceRolled" ? { ...e, data: { ...e.data, values: e.data.values.map((v) => (v % 6) + 1) } } : e));
    const failed = await tabula([file("tampered.json", tampered)]);
    expect(failed.status).toBe(1);
    expect(failed.stdout).toMatch(/^FAIL: event \d+: roll 3 is /);
  });

  it("refuses a log that is not the whole finished match (test/cli/complete-log.test.ts has every case)", async () => {
    const r = await tabula([file("unfinished.json", log.slice(0, -1))]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^cannot verify: the match is not finished: the log ends at version \d+ with \w+, and verify-dice needs a finished match \(the dice seed is revealed only at the end\)\n$/);
  });

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
      for (const args of [[`${t.url}/api/matches/${final.id}`], ["--url", t.url, "--match", final.id]]) {
        expect(await tabula(args), args.join(" ")).toEqual({ status: 0, stderr: "", stdout: expected });
      }
    });

    it("takes a match id that begins with a dash after --match (ids are base64url)", async () => {
      const r = await tabula(["--url", t.url, "--match", "-fHdN99M5w9gpQv8"]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/^cannot read the match from http:\/\/127\.0\.0\.1:\d+: .*404/);
    });

    it("refuses a match still running", async () => {
      const { match } = await createViaRest(t);
      const r = await tabula([`${t.url}/api/matches/${match.id}`]);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/^cannot verify: the match is not finished: the log ends at version 1 with MatchCreated/);
    });
  });
});
