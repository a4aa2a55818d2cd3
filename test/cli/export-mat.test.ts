import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { exportMat } from "../../src/interop/backgammon-mat.js";
import { playRandomMatch } from "../support/playout.js";

const BIN = fileURLToPath(new URL("../../bin/tabula", import.meta.url));

const tabula = (args: string[], input?: string) =>
  spawnSync(process.execPath, [BIN, "export-mat", ...args], { input, encoding: "utf8", timeout: 60_000 });

describe("tabula export-mat", () => {
  const { log } = playRandomMatch(11, { ruleset: "backgammon", options: { matchLength: 3, cube: true } });
  const dir = mkdtempSync(join(tmpdir(), "tabula-export-mat-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, json: unknown): string => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(json));
    return path;
  };

  it("prints the .mat of a REST events file, with the names given", () => {
    const r = tabula([file("rest.json", { events: log }), "--names", "Alice, Bob"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(exportMat(log, ["Alice", "Bob"]));
    expect(r.stdout).toContain(" Alice : 0                      Bob : 0\n");
  });

  it("accepts a bare array, a GraphQL answer and stdin, with default names", () => {
    const expected = exportMat(log);
    expect(tabula([file("bare.json", log)]).stdout).toBe(expected);
    expect(tabula([file("graphql.json", { data: { match: { events: log } } })]).stdout).toBe(expected);
    expect(tabula(["-"], JSON.stringify(log)).stdout).toBe(expected);
    expect(expected).toContain(" Player1 : 0                    Player2 : 0\n");
  });

  it("refuses bad arguments and files with a usage error", () => {
    expect(tabula([]).status).toBe(2);
    expect(tabula([file("a.json", log), "--names", "OnlyOne"]).status).toBe(2);
    expect(tabula([file("b.json", log), "--colour", "red"]).status).toBe(2);
    expect(tabula([join(dir, "missing.json")]).status).toBe(2);
    expect(tabula([file("c.json", { nothing: true })]).status).toBe(2);
  });

  it("exits 1 when the log is not a backgammon match", () => {
    const other = [{ version: 1, type: "MatchCreated", at: "t", data: { matchId: "m", ruleset: "golnard-estafeta", options: {}, seats: 2, diceCommitment: "c" } }];
    const r = tabula([file("other.json", other)]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/only backgammon/);
  });
});
