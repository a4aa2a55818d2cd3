import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportMat } from "../../src/interop/backgammon-mat.js";
import { createViaRest, events, finishedMatch } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { playRandomMatch } from "../support/playout.js";
import { tabula as run } from "./tabula.js";

const tabula = (args: string[], input?: string) => run(["export-mat", ...args], input);

describe("tabula export-mat", () => {
  const { log } = playRandomMatch(11, { ruleset: "backgammon", options: { matchLength: 3, cube: true } });
  const dir = mkdtempSync(join(tmpdir(), "tabula-export-mat-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, json: unknown): string => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(json));
    return path;
  };

  it("prints the .mat of a REST events file, with the names given", async () => {
    const r = await tabula([file("rest.json", { events: log }), "--names", "Alice, Bob"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(exportMat(log, ["Alice", "Bob"]));
    expect(r.stdout).toContain(" Alice : 0                      Bob : 0\n");
  });

  it("accepts a bare array, a GraphQL answer and stdin, with default names", async () => {
    const expected = exportMat(log);
    expect((await tabula([file("bare.json", log)])).stdout).toBe(expected);
    expect((await tabula([file("graphql.json", { data: { match: { events: log } } })])).stdout).toBe(expected);
    expect((await tabula(["-"], JSON.stringify(log))).stdout).toBe(expected);
    expect(expected).toContain(" Player1 : 0                    Player2 : 0\n");
  });

  it("refuses bad arguments and files with a usage error", async () => {
    const runs = await Promise.all([
      tabula([]),
      tabula([file("a.json", log), "--names", "OnlyOne"]),
      tabula([file("b.json", log), "--colour", "red"]),
      tabula([join(dir, "missing.json")]),
      tabula([file("c.json", { nothing: true })]),
      tabula([file("d.json", log), "--url", "http://127.0.0.1:1", "--match", "x"]),
      tabula(["--url", "http://127.0.0.1:1"]),
    ]);
    expect(runs.map((r) => r.status)).toEqual(runs.map(() => 2));
  }, 120_000);

  it("exits 1 when the log is not a backgammon match", async () => {
    const other = [{ version: 1, type: "MatchCreated", at: "t", data: { matchId: "m", ruleset: "golnard-estafeta", options: {}, seats: 2, diceCommitment: "c" } }];
    const r = await tabula([file("other.json", other)]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/only backgammon/);
  });

  it("refuses a log that is not the whole match: cut short, with a gap, or not from version 1", async () => {
    const cases: [string, unknown[], RegExp][] = [
      ["unfinished", log.slice(0, -1), /^cannot export: the match is not finished: the log ends at version \d+ with \w+, and export-mat needs a finished match/],
      ["gap", [...log.slice(0, 5), ...log.slice(7)], /^cannot export: the log is incomplete: version 5 is followed by 8 \(2 events missing\)/],
      ["later page", log.slice(3), /^cannot export: the log is incomplete: it starts at version 4, not 1/],
      ["empty", [], /^cannot export: the log is empty/],
    ];
    for (const [name, events, message] of cases) {
      const r = await tabula([file(`${name}.json`, { events })]);
      expect(r.status, name).toBe(1);
      expect(r.stderr, name).toMatch(message);
      expect(r.stdout, name).toBe("");
    }
  }, 120_000);

  describe("from a server", () => {
    let t: TestServer;
    beforeAll(async () => void (t = await startTestServer()));
    afterAll(() => t?.close());

    it("reads a finished match from its URL, or from --url and --match, as from its events file", async () => {
      const { final } = await finishedMatch(t);
      const expected = exportMat((await events(t, final.id)) as never);
      for (const args of [[`${t.url}/api/matches/${final.id}`], [`${t.url}/api/matches/${final.id}/events?after=3`], ["--url", `${t.url}/`, "--match", final.id]]) {
        const r = await tabula(args);
        expect(r.stderr, args.join(" ")).toBe("");
        expect(r.status).toBe(0);
        expect(r.stdout).toBe(expected);
      }
    }, 120_000);

    it("refuses a match still running, and says what the server said of an unknown one", async () => {
      const { match } = await createViaRest(t);
      const running = await tabula([`${t.url}/api/matches/${match.id}`]);
      expect(running.status).toBe(1);
      expect(running.stderr).toMatch(/the match is not finished: the log ends at version 1 with MatchCreated/);
      const unknown = await tabula(["--url", t.url, "--match", "no-such-match"]);
      expect(unknown.status).toBe(2);
      expect(unknown.stderr).toMatch(/404 NOT_FOUND/);
      expect((await tabula([`${t.url}/api/rulesets`])).stderr).toMatch(/not a match's URL/);
    }, 120_000);
  });
});
