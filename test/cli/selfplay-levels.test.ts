import { afterEach, describe, expect, it, vi } from "vitest";
import { capture } from "../support/capture.js";
import { run } from "../../src/cli/selfplay.js";

afterEach(() => vi.restoreAllMocks());

const wonBy = (line: string, level: string): number => Number(new RegExp(`won by level: .*?${level} ([\\d.]+)%`).exec(line)![1]);

describe("tabula selfplay --levels", () => {
  it("pits two backgammon levels against each other and reports each level's wins", async () => {
    const { out } = capture();
    expect(await run(["backgammon", "--games", "6", "--seed", "3", "--levels", "pubeval,random"])).toBe(0);
    expect(out[0]).toMatch(/^backgammon matchLength=1 levels=pubeval,random seed=3: 6 matches, .*won by level: pubeval [\d.]+%, random [\d.]+%, by no single side [\d.]+%, invariants and replay ok/);
    // Seats swap every other game, so the strong level wins from both seats.
    expect(out[0]).toContain("matches won by seat 0/1: 3/3");
    expect(wonBy(out[0]!, "pubeval")).toBe(100);
  });

  it("gives every ruleset its levels, and the tactical football level beats random", async () => {
    const { out } = capture();
    expect(await run(["golnard-football", "--games", "4", "--seed", "2", "--half-turns", "6", "--levels", "tactical,random"])).toBe(0);
    expect(await run(["gol", "--games", "2", "--seed", "2", "--minutes", "2", "--levels", "random"])).toBe(0);
    expect(await run(["golnard-estafeta", "--games", "2", "--teams", "3", "--levels", "progress,random"])).toBe(0);
    expect(wonBy(out[0]!, "tactical")).toBeGreaterThan(wonBy(out[0]!, "random"));
    expect(out[1]).toContain("levels=random");
    expect(out[2]).toContain("levels=progress,random");
  });

  it("refuses a level the ruleset does not have, naming the ones it has", async () => {
    const { err } = capture();
    expect(await run(["gol", "--levels", "tactical,grandmaster"])).toBe(2);
    expect(err.join("")).toContain('--levels takes random, tactical for gol, comma-separated by side, not "grandmaster"');
  });
});
