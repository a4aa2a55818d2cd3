import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import type * as Registry from "../../src/engine/registry.js";
import type { AnyRuleset } from "../../src/engine/ruleset.js";
import { decide } from "../../src/match/decide.js";
import type { MatchEvent } from "../../src/match/events.js";
import { CorruptLogError, replay } from "../../src/match/evolve.js";
import { verifyLog } from "../../src/match/verify-match.js";
import { GOLDEN_SCENARIOS, goldenJson, goldenPaths } from "../fixtures/golden/scenarios.js";
import { goldenLog } from "../support/golden.js";

/**
 * How a second version of a ruleset's rules would sit beside the first: the registry of this
 * file holds a relay "version 2" in which token A may no longer move (a changed rule), appended
 * after version 1 as a real change would be. Old matches must keep replaying under version 1.
 */
vi.mock("../../src/engine/registry.js", async (importOriginal) => {
  const actual = await importOriginal<typeof Registry>();
  const v1 = actual.getRuleset("golnard-estafeta");
  const v2: AnyRuleset = {
    ...v1,
    rulesVersion: 2,
    play: (state, seat, move) => ((move as { token?: string }).token === "A" ? { ok: false, error: { reason: "ILLEGAL_MOVE", message: "token A rests in version 2" } } : v1.play(state, seat, move)),
  };
  const versions = Object.fromEntries(actual.RULESETS.map((id) => [id, [actual.getRuleset(id)]])) as Record<Registry.RulesetId, AnyRuleset[]>;
  versions["golnard-estafeta"] = [v1, v2];
  return { ...actual, ...actual.rulesRegistry(versions) };
});

const relays = GOLDEN_SCENARIOS.filter((s) => s.ruleset === "golnard-estafeta");
const relabelled = (events: readonly MatchEvent[], rulesVersion: number): MatchEvent[] =>
  events.map((e) => (e.type === "MatchCreated" ? { ...e, data: { ...e.data, rulesVersion } } : e));

describe("a second rules version beside the first", () => {
  it("is the one new matches are created under", () => {
    const created = decide({ type: "CreateMatch", matchId: "m", ruleset: "golnard-estafeta", options: {}, diceCommitment: "c" }, null, { roll: () => [], diceSeed: "", at: "2026-01-01T00:00:00.000Z" });
    expect(created.ok && created.value.events[0]!.type === "MatchCreated" && created.value.events[0]!.data.rulesVersion).toBe(2);
  });

  it.each(relays.map((s) => [s.name]))("leaves %s, played under version 1, replaying to its recorded state and verifying", (name) => {
    const events = goldenLog(name);
    expect(goldenJson.state(replay(events))).toBe(readFileSync(goldenPaths(name).state, "utf8"));
    expect(verifyLog(events).ok).toBe(true);
  });

  it("would play the same log differently: relabelled as version 2, its first move of token A is refused", () => {
    const events = goldenLog("golnard-estafeta.two-teams");
    const first = events.find((e) => e.type === "MovePlayed" && (e.data.move as { token: string }).token === "A")!;
    expect(() => replay(relabelled(events, 2))).toThrow(CorruptLogError);
    expect(verifyLog(relabelled(events, 2))).toEqual({ ok: false, version: first.version, type: "MovePlayed", reason: "SubmitMove was not legal then: ILLEGAL_MOVE: token A rests in version 2" });
  });
});
