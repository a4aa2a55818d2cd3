import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RULESETS } from "../../src/engine/registry.js";
import type { MatchEvent } from "../../src/match/events.js";
import { replay } from "../../src/match/evolve.js";
import { GOLDEN_ENDINGS, GOLDEN_SCENARIOS, goldenJson, goldenPaths } from "../fixtures/golden/scenarios.js";

/**
 * The golden logs (test/fixtures/golden/, written by its generate.ts and never here): each
 * replayed by today's code must give the state it gave when it was recorded, to the byte. A change
 * of the rules that plays an old match differently fails here; it belongs in a new rules version.
 */
const readLog = (name: string): MatchEvent[] => (JSON.parse(readFileSync(goldenPaths(name).log, "utf8")) as { events: MatchEvent[] }).events;

describe.each(GOLDEN_SCENARIOS.map((s) => [s.name, s] as const))("golden match %s", (name, scenario) => {
  it("replays to its recorded final state, byte for byte", () => {
    const events = readLog(name);
    const state = replay(events);
    expect(goldenJson.state(state)).toBe(readFileSync(goldenPaths(name).state, "utf8"));
  });

  it("is finished the way the scenario says", () => {
    const events = readLog(name);
    const last = events[events.length - 1]!;
    expect(last.type).toBe("MatchFinished");
    const reason = last.type === "MatchFinished" ? last.data.outcome.reason : null;
    const expected = { played: "played", resign: "resignation", resignGame: "resignation", draw: "drawAgreed", timeout: "timeout" }[scenario.ending];
    expect(reason).toBe(expected);
    for (const type of scenario.notes ?? []) expect(events.some((e) => "notes" in e.data && e.data.notes?.some((n) => n.type === type))).toBe(true);
  });
});

describe("the golden logs", () => {
  it("hold several finished matches of every ruleset, and every ending each ruleset allows", () => {
    for (const ruleset of RULESETS) {
      const own = GOLDEN_SCENARIOS.filter((s) => s.ruleset === ruleset);
      expect(own.filter((s) => s.ending === "played").length).toBeGreaterThanOrEqual(2);
      const endings = new Set(own.map((s) => s.ending));
      for (const ending of ["resign", "timeout"] as const) expect(endings.has(ending)).toBe(true);
      // A draw by agreement where the ruleset knows draws (football with `draw`, Gol).
      if (ruleset === "gol" || ruleset === "golnard-football") expect(endings.has("draw")).toBe(true);
    }
    expect([...GOLDEN_ENDINGS].every((e) => GOLDEN_SCENARIOS.some((s) => s.ending === e))).toBe(true);
  });

  it("record the rules version each was played under", () => {
    for (const { name } of GOLDEN_SCENARIOS) {
      const created = readLog(name)[0]!;
      expect(created.type === "MatchCreated" && created.data.rulesVersion).toBe(1);
    }
  });
});
