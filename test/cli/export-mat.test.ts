import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/export-mat.js";
import { exportMat } from "../../src/interop/backgammon-mat.js";
import { createViaRest, events, finishedMatch } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { playRandomMatch } from "../support/playout.js";
import { scratchFiles } from "../support/scratch-files.js";
import { runCommand } from "./run-command.js";

const BIN = fileURLToPath(new URL("../../bin/tabula", import.meta.url));
const tabula = (args: string[]) => runCommand(run, args);

describe("tabula export-mat", () => {
  const { log } = playRandomMatch(11, { ruleset: "backgammon", options: { matchLength: 3, cube: true } });
  const { dir, write: file } = scratchFiles("tabula-export-mat-");

  it("prints the .mat of a REST events file, with the names given", async () => {
    const r = await tabula([file("rest.json", { events: log }), "--names", "Alice, Bob"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(exportMat(log, ["Alice", "Bob"]));
    expect(r.stdout).toContain(" Alice : 0                      Bob : 0\n");
  });

  it("accepts a bare array, a GraphQL answer and, through bin/tabula, stdin, with default names", async () => {
    const expected = exportMat(log);
    expect((await tabula([file("bare.json", log)])).stdout).toBe(expected);
    expect((await tabula([file("graphql.json", { data: { match: { events: log } } })])).stdout).toBe(expected);
    const piped = spawnSync(process.execPath, [BIN, "export-mat", "-"], { input: JSON.stringify(log), encoding: "utf8", timeout: 60_000 });
    expect(piped.stdout).toBe(expected);
    expect(expected).toContain(" Player1 : 0                    Player2 : 0\n");
  });

  it("refuses bad arguments and files with a usage error", async () => {
    const args = [
      [],
      [file("a.json", log), "--names", "OnlyOne"],
      [file("b.json", log), "--colour", "red"],
      [join(dir, "missing.json")],
      [file("c.json", { nothing: true })],
      [file("d.json", log), "--url", "http://127.0.0.1:1", "--match", "x"],
      ["--url", "http://127.0.0.1:1"],
    ];
    for (const a of args) expect((await tabula(a)).status, a.join(" ")).toBe(2);
  });

  it("exits 1 when the log is not a backgammon match", async () => {
    const other = [{ version: 1, type: "MatchCreated", at: "t", data: { matchId: "m", ruleset: "golnard-estafeta", options: {}, seats: 2, diceCommitment: "c" } }];
    const r = await tabula([file("other.json", other)]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/only backgammon/);
  });

  it("refuses a log that is not the whole match (test/cli/complete-log.test.ts has every case)", async () => {
    const r = await tabula([file("gap.json", { events: [...log.slice(0, 5), ...log.slice(7)] })]);
    expect(r).toEqual({ status: 1, stdout: "", stderr: "cannot export: the log is incomplete: version 5 is followed by 8 (2 events missing)\n" });
  });

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
    });

    it("refuses a match still running, and says what the server said of an unknown one", async () => {
      const { match } = await createViaRest(t);
      const running = await tabula([`${t.url}/api/matches/${match.id}`]);
      expect(running.status).toBe(1);
      expect(running.stderr).toMatch(/the match is not finished: the log ends at version 1 with MatchCreated/);
      const unknown = await tabula(["--url", t.url, "--match", "no-such-match"]);
      expect(unknown.status).toBe(2);
      expect(unknown.stderr).toMatch(/404 NOT_FOUND/);
      expect((await tabula([`${t.url}/api/rulesets`])).stderr).toMatch(/not a match's URL/);
    });
  });
});
