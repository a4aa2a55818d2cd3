import { describe, expect, it } from "vitest";
import { getRuleset, RULESETS, rulesAt, rulesVersions, UnknownRulesVersionError } from "../../src/engine/registry.js";
import type { MatchEvent } from "../../src/match/events.js";
import { replay } from "../../src/match/evolve.js";
import { playRandomMatch } from "../support/playout.js";

const withRulesVersion = (log: readonly MatchEvent[], rulesVersion: number): MatchEvent[] =>
  log.map((event) => (event.type === "MatchCreated" ? { ...event, data: { ...event.data, rulesVersion } } : event));

describe.each(RULESETS.map((r) => [r] as const))("%s rules versions", (ruleset) => {
  it("are whole numbers from 1, ascending, the newest being the one new matches get", () => {
    const versions = rulesVersions(ruleset);
    expect(versions[0]).toBe(1);
    versions.forEach((v, i) => expect(v).toBe(i + 1));
    expect(getRuleset(ruleset).rulesVersion).toBe(versions[versions.length - 1]);
    for (const v of versions) expect(rulesAt(ruleset, v).rulesVersion).toBe(v);
  });

  it("are recorded at creation and carried by the replayed state", () => {
    const { log, final } = playRandomMatch(5, { ruleset });
    const created = log[0]!;
    expect(created.type === "MatchCreated" && created.data.rulesVersion).toBe(getRuleset(ruleset).rulesVersion);
    expect(final.rulesVersion).toBe(getRuleset(ruleset).rulesVersion);
  });

  it("refuse to replay a match of a version this code does not hold, with a stable code, instead of using other rules", () => {
    const { log } = playRandomMatch(5, { ruleset });
    const unknown = Math.max(...rulesVersions(ruleset)) + 1;
    let thrown: unknown;
    try {
      replay(withRulesVersion(log, unknown));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UnknownRulesVersionError);
    expect((thrown as UnknownRulesVersionError).code).toBe("UNKNOWN_RULES_VERSION");
    expect((thrown as Error).message).toBe(`${ruleset} rules version ${unknown} is unknown: this code knows version ${rulesVersions(ruleset).join(", ")}`);
    expect(() => rulesAt(ruleset, 0)).toThrow(UnknownRulesVersionError);
  });
});
