import { afterEach, describe, expect, it, vi } from "vitest";
import { capture } from "../support/capture.js";
import { main } from "../../src/cli/main.js";
import { run } from "../../src/cli/selfplay.js";


afterEach(() => vi.restoreAllMocks());

describe("tabula selfplay", () => {
  it("plays seeded games to the end and prints one summary line", async () => {
    const { out } = capture();
    const code = await run(["golnard-estafeta", "--variant", "stayer", "--teams", "3", "--games", "3", "--seed", "7"]);
    expect(code).toBe(0);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(
      /^golnard-estafeta stayer teams=3 seed=7: 3 games, \d finished .*avg turns [\d.]+, longest \d+ turns .*wins by seat 0:[\d.]+% 1:[\d.]+% 2:[\d.]+%, by lane \(of the games it raced\)( [1-5]:[\d.]+%)+, even 33\.3%, invariants and replay ok/,
    );
    expect(out[0]!.endsWith("\n")).toBe(true);
  });

  it("reports the relay's wins by team (seat) and by lane, each lane out of the games it raced", async () => {
    const { out } = capture();
    // Four teams on five lanes: every lane races in some games only. Two teams on fixed lanes 2 and 4: only those.
    expect(await run(["golnard-estafeta", "--teams", "4", "--games", "10", "--seed", "1"])).toBe(0);
    expect(await run(["golnard-estafeta", "--teams", "2", "--games", "4", "--seed", "1", "--options", '{"lanes":[2,4]}'])).toBe(0);
    const figures = (line: string, label: string) => [...line.split(`${label} `)[1]!.split(",")[0]!.matchAll(/(\d):([\d.]+)%/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
    const four = figures(out[0]!, "wins by seat");
    expect(four.map(([seat]) => seat)).toEqual([0, 1, 2, 3]);
    expect(four.reduce((sum, [, share]) => sum + share, 0)).toBeCloseTo(100, 0);
    expect(out[0]).toContain("even 25.0%");
    const lanes = figures(out[1]!, "by lane (of the games it raced)");
    expect(lanes.map(([lane]) => lane)).toEqual([2, 4]);
    // Both lanes raced in every game, so their shares are the seats' shares and add up to 100 %.
    expect(lanes.map(([, share]) => share)).toEqual(figures(out[1]!, "wins by seat").map(([, share]) => share));
    expect(out[1]).toContain("even 50.0%");
  });

  it("is reproducible from its seed", async () => {
    const { out } = capture();
    await run(["golnard-estafeta", "--teams", "5", "--games", "2", "--seed", "3"]);
    await run(["golnard-estafeta", "--teams", "5", "--games", "2", "--seed", "3"]);
    const strip = (line: string) => line.replace(/, [\d.]+s\n$/, "");
    expect(strip(out[0]!)).toBe(strip(out[1]!));
  });

  it("counts games ended by the round limit", async () => {
    const { out } = capture();
    expect(await run(["golnard-estafeta", "--teams", "2", "--games", "2", "--max-rounds", "2"])).toBe(0);
    expect(out[0]).toContain("2 games, 0 finished (2 at maxRounds");
  });

  it("plays backgammon too, with its own figures: each playout is a match of one or more games", async () => {
    const { out } = capture();
    expect(await run(["backgammon", "--games", "3", "--seed", "2", "--match-length", "3"])).toBe(0);
    expect(out[0]).toMatch(/^backgammon matchLength=3 seed=2: 3 matches, \d+ games \([\d.]+ per match; single \d+, gammon \d+, backgammon \d+, drop 0\), matches won by seat 0\/1: \d\/\d, invariants and replay ok/);
  });

  it("refuses unknown rulesets and bad options with exit code 2", async () => {
    const { err } = capture();
    expect(await run(["chess"])).toBe(2);
    expect(await run(["golnard-estafeta", "--options", "[1]"])).toBe(2);
    expect(await run(["golnard-estafeta", "--teams", "6"])).toBe(2);
    expect(await run(["golnard-estafeta", "--variant", "marathon"])).toBe(2);
    expect(await run(["golnard-estafeta", "--bogus"])).toBe(2);
    expect(err.join("")).toContain("usage: tabula selfplay");
  });

  it("is reachable from the tabula launcher", async () => {
    const { out } = capture();
    expect(await main(["selfplay", "golnard-estafeta", "--games", "1"])).toBe(0);
    expect(out[0]).toContain("1 games");
  });

  it("exits 1 when an invariant breaks or a replay does not match", async () => {
    const { out, err } = capture();
    vi.resetModules();
    vi.doMock("../../src/engine/golnard-estafeta/invariants.js", () => ({ invariantProblems: () => ["two tokens share a cell (injected)"] }));
    const broken = await import("../../src/cli/selfplay.js");
    expect(await broken.run(["golnard-estafeta", "--games", "1"])).toBe(1);
    expect(err.join("")).toContain("injected");
    vi.doUnmock("../../src/engine/golnard-estafeta/invariants.js");
    vi.resetModules();
    vi.doMock("../../src/match/evolve.js", async (original) => ({
      ...(await original<typeof import("../../src/match/evolve.js")>()),
      replay: () => ({ tampered: true }),
    }));
    const unreplayable = await import("../../src/cli/selfplay.js");
    expect(await unreplayable.run(["golnard-estafeta", "--games", "1"])).toBe(1);
    expect(err.join("")).toContain("replaying");
    vi.doUnmock("../../src/match/evolve.js");
    expect(out).toEqual([]);
  });
});
