import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run as exportRun } from "../../src/cli/export.js";
import { run as verifyRun } from "../../src/cli/verify-match.js";
import { exportMat } from "../../src/interop/backgammon-mat.js";
import { makeMatchRecord } from "../../src/interop/match-record.js";
import { finishedMatch } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { goldenArchive, goldenLog } from "../support/golden.js";
import { scratchFiles } from "../support/scratch-files.js";
import { runCommand } from "./run-command.js";

const tabulaExport = (args: string[]) => runCommand(exportRun, args);
const verify = (args: string[]) => runCommand(verifyRun, args);

describe("tabula export", () => {
  const { dir, write: file } = scratchFiles("tabula-export-");
  const text = (name: string, content: string): string => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  it("prints the match record of a relay, football or Gol match (from its archive or its log), which verify-match reads back", async () => {
    for (const name of ["golnard-estafeta.three-teams", "golnard-football.draw-agreed", "gol.timeout"]) {
      const fromArchive = await tabulaExport([file(`${name}.archive.json`, goldenArchive(name))]);
      expect(fromArchive).toEqual({ status: 0, stderr: "", stdout: makeMatchRecord(goldenLog(name)) });
      expect((await tabulaExport([file(`${name}.log.json`, { events: goldenLog(name) })])).stdout).toBe(fromArchive.stdout);
      const verified = await verify([text(`${name}.txt`, fromArchive.stdout)]);
      expect(verified.status).toBe(0);
      expect(verified.stdout).toMatch(new RegExp(`^ok: ${name.split(".")[0]} match `));
    }
  });

  it("prints .mat for backgammon unless asked for the match record", async () => {
    const path = file("bg.json", goldenArchive("backgammon.three-points-cube"));
    expect((await tabulaExport([path])).stdout).toBe(exportMat(goldenLog("backgammon.three-points-cube")));
    expect((await tabulaExport([path, "--format", "record"])).stdout).toBe(makeMatchRecord(goldenLog("backgammon.three-points-cube")));
    const gol = await tabulaExport([file("gol.json", goldenArchive("gol.resigned")), "--format", "mat"]);
    expect(gol).toMatchObject({ status: 1, stderr: expect.stringMatching(/^cannot export: \.mat files hold backgammon matches/) });
  });

  it("a match record with a changed move or roll does not verify: the first event that does not check, and why", async () => {
    const record = makeMatchRecord(goldenLog("golnard-football.set-pieces"));
    const rolled = record.replace(/(\n\d+\. \w+ \+20 s\d roll )(\d)-(\d)/, (_m, head: string, a: string, b: string) => `${head}${(Number(a) % 6) + 1}-${b}`);
    expect(rolled).not.toBe(record);
    const r = await verify([text("rolled.txt", rolled)]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^FAIL: event \d+ \(DiceRolled\): roll 0 is \d-\d, the revealed seed gives \d-\d\n$/);
    // A turn of another side's tokens: the move is its JSON (its notation then says another move, and is refused before that).
    const lines = record.split("\n");
    const i = lines.findIndex((l) => /s\d play \{"type":"walk"/.test(l));
    lines[i] = lines[i]!.replace(/(s\d) play \{"type":"walk","token":(\d+)/, (_m, seat: string, token: string) => `${seat} play {"type":"walk","token":${token === "11" ? 10 : Number(token) + 1}`).replace(/ \d+: walk [^;]*/, "");
    const moved = await verify([text("moved.txt", lines.join("\n"))]);
    expect(moved.status).toBe(1);
    expect(moved.stdout).toMatch(/^FAIL: event \d+ \(MovePlayed\): SubmitMove was not legal then: /);
  });

  it("refuses an unfinished log and usage errors", async () => {
    expect((await tabulaExport([])).status).toBe(2);
    expect((await tabulaExport([file("x.json", goldenArchive("gol.resigned")), "--format", "pgn"])).status).toBe(2);
    const r = await tabulaExport([file("cut.json", goldenLog("gol.resigned").slice(0, -2))]);
    expect(r).toMatchObject({ status: 1, stderr: expect.stringMatching(/^cannot export: the match is not finished/) });
  });

  describe("from a server", () => {
    let t: TestServer;
    beforeAll(async () => void (t = await startTestServer()));
    afterAll(() => t?.close());

    it("reads the match's archive from its URL", async () => {
      const { created } = await finishedMatch(t);
      const r = await tabulaExport([`${t.url}/api/matches/${created.match.id}`, "--format", "record"]);
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/^; Tabula match record \(docs\/records\.md\)\n\[Ruleset "backgammon"\]\n/);
      expect((await verify([text("server.txt", r.stdout)])).status).toBe(0);
    });
  });
});
