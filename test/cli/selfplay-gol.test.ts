import { afterEach, describe, expect, it, vi } from "vitest";
import { capture } from "../support/capture.js";
import { run } from "../../src/cli/selfplay.js";


afterEach(() => vi.restoreAllMocks());

describe("tabula selfplay gol", () => {
  it("plays seeded bot matches to full time and prints goals, results, possession changes and tempos", async () => {
    const { out } = capture();
    expect(await run(["gol", "--minutes", "2", "--games", "3", "--seed", "9"])).toBe(0);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(
      /^gol minutes=2 minSecondary=4 seed=9: 3 games, goals\/game [\d.]+ \(home \d+, away \d+, own goals \d+\), home\/away\/draw [\d.]+%\/[\d.]+%\/[\d.]+%, possession changes\/game [\d.]+ \(bothTouching \d+, doubleTouch \d+, tackle \d+, kickoff \d+\), kickoffs\/game [\d.]+ \(after a goal \d+, second half \d+\), trips\/game [\d.]+, pushes\/game [\d.]+, tempos\/turn [\d.]+ over 24 turns \(ended by endTurn [\d.]+%, tempos [\d.]+%, possessionLost [\d.]+%, goal [\d.]+%\), invariants and replay ok, [\d.]+s\n$/,
    );
  });

  it("is reproducible from its seed, and takes the secondary minimum as a flag", async () => {
    const { out } = capture();
    await run(["gol", "--minutes", "1", "--games", "2", "--seed", "4", "--min-secondary", "0"]);
    await run(["gol", "--minutes", "1", "--games", "2", "--seed", "4", "--min-secondary", "0"]);
    const strip = (line: string) => line.replace(/, [\d.]+s\n$/, "");
    expect(out[0]).toContain("minSecondary=0");
    expect(strip(out[0]!)).toBe(strip(out[1]!));
  });

  it("refuses bad flags with exit code 2", async () => {
    const { err } = capture();
    expect(await run(["gol", "--minutes", "0"])).toBe(2);
    expect(await run(["gol", "--min-secondary", "8"])).toBe(2);
    expect(err.join("")).toContain("usage: tabula selfplay");
  });

  it("exits 1 when an invariant breaks", async () => {
    const { out, err } = capture();
    vi.resetModules();
    vi.doMock("../../src/engine/gol/invariants.js", () => ({ invariantProblems: () => ["two pieces share a cell (injected)"] }));
    const broken = await import("../../src/cli/selfplay.js");
    expect(await broken.run(["gol", "--minutes", "1", "--games", "1"])).toBe(1);
    expect(err.join("")).toContain("injected");
    vi.doUnmock("../../src/engine/gol/invariants.js");
    expect(out).toEqual([]);
  });

  it("exits 1 when replaying a log does not rebuild the live state", async () => {
    const { out, err } = capture();
    vi.resetModules();
    vi.doMock("../../src/match/evolve.js", async (original) => ({
      ...(await original<typeof import("../../src/match/evolve.js")>()),
      replay: () => ({ tampered: true }),
    }));
    const unreplayable = await import("../../src/cli/selfplay.js");
    expect(await unreplayable.run(["gol", "--minutes", "1", "--games", "1"])).toBe(1);
    expect(err.join("")).toContain("replaying");
    vi.doUnmock("../../src/match/evolve.js");
    expect(out).toEqual([]);
  });
});
