import { afterEach, describe, expect, it, vi } from "vitest";
import { capture } from "../support/capture.js";
import { run } from "../../src/cli/selfplay.js";


afterEach(() => vi.restoreAllMocks());

describe("tabula selfplay golnard-football", () => {
  it("plays seeded bot matches to the end and prints goals, results, set pieces, extra turns and the longest run", async () => {
    const { out } = capture();
    const code = await run(["golnard-football", "--games", "3", "--seed", "5", "--half-turns", "4"]);
    expect(code).toBe(0);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(
      /^golnard-football halves seats=2 seed=5: 3 games, goals\/game [\d.]+, home [\d.]+% away [\d.]+% draw [\d.]+%, set pieces\/match: throw-ins [\d.]+, corners [\d.]+, goal kicks [\d.]+ \(after out \d+, catch \d+, penalty \d+\), penalties [\d.]+, extra turns\/match [\d.]+, shoot-outs \d+, longest run [123] turns by one side \(game \d+\), invariants and replay ok, [\d.]+s\n$/,
    );
  });

  it("takes --seats and --options, and is reproducible from its seed", async () => {
    const { out } = capture();
    const args = ["golnard-football", "--games", "2", "--seed", "9", "--seats", "4", "--options", '{"mode":"goals","goals":1,"maxTurns":6,"shootout":true}'];
    expect(await run(args)).toBe(0);
    expect(await run(args)).toBe(0);
    expect(out[0]).toMatch(/^golnard-football goals seats=4 seed=9: 2 games/);
    const strip = (line: string) => line.replace(/, [\d.]+s\n$/, "");
    expect(strip(out[0]!)).toBe(strip(out[1]!));
  });

  it("refuses bad flags and options with exit code 2", async () => {
    const { err } = capture();
    expect(await run(["golnard-football", "--half-turns", "0"])).toBe(2);
    expect(await run(["golnard-football", "--bogus", "1"])).toBe(2);
    expect(err.join("")).toContain("usage: tabula selfplay");
  });

  it("exits 1 when an invariant breaks", async () => {
    const { out, err } = capture();
    vi.resetModules();
    vi.doMock("../../src/engine/golnard-football/invariants.js", () => ({ invariantProblems: () => ["two balls (injected)"] }));
    const broken = await import("../../src/cli/selfplay.js");
    expect(await broken.run(["golnard-football", "--games", "1", "--half-turns", "1"])).toBe(1);
    expect(err.join("")).toContain("injected");
    vi.doUnmock("../../src/engine/golnard-football/invariants.js");
    expect(out).toEqual([]);
  });

  it("exits 1 when a replay does not rebuild the final state", async () => {
    const { err } = capture();
    vi.resetModules();
    vi.doMock("../../src/match/evolve.js", async (original) => ({
      ...(await original<typeof import("../../src/match/evolve.js")>()),
      replay: () => ({ tampered: true }),
    }));
    const unreplayable = await import("../../src/cli/selfplay.js");
    expect(await unreplayable.run(["golnard-football", "--games", "1", "--half-turns", "1"])).toBe(1);
    expect(err.join("")).toContain("replaying");
    vi.doUnmock("../../src/match/evolve.js");
  });
});
