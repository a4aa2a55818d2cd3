import { describe, expect, it } from "vitest";
import { DRAWINGS } from "../../src/boards/index.js";
import { getRuleset, RULESETS } from "../../src/engine/registry.js";
import { playout } from "../../src/match/playout.js";

describe("side names", () => {
  it.each(RULESETS)("%s names every side of a match as people read it, distinctly, in both languages", (ruleset) => {
    const seats = ruleset === "golnard-estafeta" ? 5 : undefined;
    const { final } = playout({ ruleset, seed: 1, seats });
    const sides = getRuleset(ruleset).sides(final.game).map((s) => s.side);
    for (const lang of ["en", "ru"] as const) {
      const names = sides.map((side) => DRAWINGS[ruleset]!.sideName(side, lang));
      expect(new Set(names).size, names.join(", ")).toBe(sides.length);
      for (const [i, name] of names.entries()) expect(name).not.toBe(sides[i]);
    }
    expect(sides.map((s) => DRAWINGS[ruleset]!.sideName(s, "en"))).not.toEqual(sides.map((s) => DRAWINGS[ruleset]!.sideName(s, "ru")));
  });
});
