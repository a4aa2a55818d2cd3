import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RULESETS } from "../../src/engine/registry.js";
import { playout } from "../../src/match/playout.js";
import { MATCH_VIEW_FIELDS, matchViewFields, toMatchView } from "../../src/service/match-view.js";
import { MatchViewSchema } from "../../src/service/match-view-schema.js";

/** The states of one seeded match of each ruleset, every seat's and a spectator's eyes. */
const viewers = RULESETS.flatMap((ruleset) => {
  const { states } = playout({ ruleset, seed: 7 });
  // A spread of the match: its start, its middle and its end, and a few between.
  const picked = states.filter((_, i) => i % Math.max(1, Math.floor(states.length / 12)) === 0).concat(states.at(-1)!);
  return picked.flatMap((state) => [null, ...state.seating.map((_, seat) => seat)].map((seat) => ({ ruleset, state, seat })));
});

describe("a view of some fields", () => {
  it("covers every ruleset, in play and finished", () => {
    expect(new Set(viewers.map((v) => v.ruleset))).toEqual(new Set(RULESETS));
    expect(viewers.some((v) => v.state.status === "FINISHED")).toBe(true);
    expect(viewers.some((v) => v.seat !== null && toMatchView(v.state, v.seat).legalMoves.length > 0)).toBe(true);
  });

  it("holds exactly the fields asked for, in the view's order, each as the whole view has it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...viewers), fc.shuffledSubarray([...MATCH_VIEW_FIELDS]), ({ state, seat }, asked) => {
        const inOrder = MATCH_VIEW_FIELDS.filter((field) => asked.includes(field));
        const whole = toMatchView(state, seat);
        const some = matchViewFields(state, seat, inOrder);
        expect(Object.keys(some)).toEqual(inOrder);
        expect(some).toEqual(Object.fromEntries(inOrder.map((field) => [field, whole[field]])));
      }),
      { numRuns: 300 },
    );
  });

  it("of every field is the whole view, key for key and in its order", () => {
    for (const { state, seat } of viewers) expect(JSON.stringify(matchViewFields(state, seat, MATCH_VIEW_FIELDS))).toBe(JSON.stringify(toMatchView(state, seat)));
  });
});

describe("the view's schema (match-view-schema.ts, the source of its type, OpenAPI's components and the SDL's Match)", () => {
  it("describes every view exactly: each one parses, and parsing drops nothing (no field the schema lacks, at any depth)", () => {
    for (const { state, seat } of viewers) {
      const view = JSON.parse(JSON.stringify(toMatchView(state, seat)));
      const parsed = MatchViewSchema.safeParse(view);
      expect(parsed.error?.issues, `${state.ruleset} v${state.version} seat ${seat}`).toBeUndefined();
      expect(parsed.data).toEqual(view);
    }
  });

  it("lists the view's fields in the order they are built (the order `?fields=` answers in)", () => {
    for (const { state, seat } of viewers.slice(0, 5)) expect(Object.keys(toMatchView(state, seat))).toEqual(Object.keys(MatchViewSchema._zod.def.shape));
  });
});
