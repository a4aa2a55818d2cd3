import { describe, expect, it } from "vitest";
import { RULESETS } from "../../src/engine/registry.js";
import type { MatchEvent } from "../../src/match/events.js";
import { replay } from "../../src/match/evolve.js";
import { toMatchView } from "../../src/service/match-view.js";
import { playRandomMatch } from "../support/playout.js";

/** A log as written before players, clocks, reasons and rules versions: no new field in MatchCreated, no `reason` in the outcome. */
const asOlderLog = (log: readonly MatchEvent[]): MatchEvent[] =>
  log.map((event) => {
    if (event.type === "MatchCreated") {
      const { rulesVersion: _, ...data } = event.data;
      return { ...event, data };
    }
    if (event.type !== "MatchFinished") return event;
    const { reason: _, ...outcome } = event.data.outcome;
    return { ...event, data: { ...event.data, outcome } } as unknown as MatchEvent;
  });

describe.each(RULESETS.map((r) => [r] as const))("an older %s log", (ruleset) => {
  it("replays unchanged: every seat taken without a player, no clock, nothing offered, played to the end", () => {
    const { log, final } = playRandomMatch(3, { ruleset });
    const created = log[0]!;
    expect(Object.keys(created.data).sort()).toEqual(["diceCommitment", "matchId", "options", "rulesVersion", "ruleset", "seats"]);
    const older = replay(asOlderLog(log));
    expect(older).toEqual(final);
    expect(older.outcome?.reason).toBe("played");
    // A log without a rules version was played under the first.
    expect(older.rulesVersion).toBe(1);
    expect(older.seating.every((s) => s.player === null && s.open === null)).toBe(true);
    expect(older.clock).toBeNull();
    const view = toMatchView(older, null);
    expect(view).toMatchObject({ clock: null, deadline: null, offer: null, drawAllowed: false, status: "FINISHED" });
    expect(view.seating.map((s) => s.seat)).toEqual(Array.from({ length: older.seats }, (_, i) => i));
  });
});
