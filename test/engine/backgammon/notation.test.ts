import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatSteps, makeMove, parseMove, type Segment, stepSegments } from "../../../src/engine/backgammon/notation.js";
import { legalPlays } from "../../../src/engine/backgammon/plays.js";
import { START_POSITION } from "../../../src/engine/backgammon/position.js";
import { refused, value } from "./helpers.js";

/** A written part: a strictly decreasing path from a point or the bar to a point or off. */
const segmentArb: fc.Arbitrary<Segment> = fc
  .uniqueArray(fc.integer({ min: 0, max: 25 }), { minLength: 2, maxLength: 5 })
  .map((points) => points.sort((a, b) => b - a))
  .filter((path) => path[0] !== 0)
  .chain((path) =>
    fc.record({
      path: fc.constant(path),
      hits: fc.tuple(...path.map((p, k) => (k === 0 || p === 0 ? fc.constant(false) : fc.boolean()))),
      count: fc.integer({ min: 1, max: 4 }),
    }),
  );

describe("move notation", () => {
  it("round-trips parse(make(x)) for any written move", () => {
    fc.assert(
      fc.property(fc.array(segmentArb, { minLength: 1, maxLength: 4 }), (segments) => {
        expect(value(parseMove(makeMove(segments)))).toEqual(segments);
      }),
    );
  });

  it("round-trips make(parse(s)) for every canonical play of every opening roll", () => {
    for (let a = 1; a <= 6; a++) {
      for (let b = 1; b <= a; b++) {
        for (const play of legalPlays(START_POSITION, [a, b])) {
          const text = formatSteps(play.steps);
          expect(makeMove(value(parseMove(text)))).toBe(text);
        }
      }
    }
  });

  it("reads the usual spellings", () => {
    expect(value(parseMove("bar/22*"))).toEqual([{ path: [25, 22], hits: [false, true], count: 1 }]);
    expect(value(parseMove("6/off"))).toEqual([{ path: [6, 0], hits: [false, false], count: 1 }]);
    expect(value(parseMove("13/7(2)"))).toEqual([{ path: [13, 7], hits: [false, false], count: 2 }]);
    expect(value(parseMove("8/5*/3"))).toEqual([{ path: [8, 5, 3], hits: [false, true, false], count: 1 }]);
    expect(value(parseMove("  24-18   13-8 "))).toEqual(value(parseMove("24/18 13/8")));
    expect(value(parseMove("BAR/22*"))).toEqual(value(parseMove("bar/22*")));
  });

  it.each([
    ["", /empty/],
    ["24", /cannot read/],
    ["24/25", /points are/],
    ["13/13", /towards its home/],
    ["3/8", /towards its home/],
    ["off/3", /cannot read|from off/],
    ["6/off*", /nothing is hit/],
    ["24/18(5)", /cannot read/],
    ["double it", /cannot read/],
  ])("refuses %j", (text, message) => refused(parseMove(text), "UNPARSEABLE_MOVE", message));
});

describe("formatting steps like gnubg", () => {
  const step = (from: number, to: number, hit = false) => ({ from, to, die: from - to, hit });

  it("joins one checker's steps and drops an intermediate point without a hit", () => {
    expect(formatSteps([step(24, 18), step(18, 13)])).toBe("24/13");
  });

  it("keeps an intermediate point where a blot was hit", () => {
    expect(formatSteps([step(24, 18, true), step(18, 13)])).toBe("24/18*/13");
  });

  it("orders parts by source and folds repeats into (n)", () => {
    expect(formatSteps([step(13, 7), step(24, 18), step(13, 7), step(24, 18)])).toBe("24/18(2) 13/7(2)");
  });

  it("writes the bar and off", () => {
    expect(formatSteps([step(25, 22, true), step(6, 0)])).toBe("bar/22* 6/off");
  });

  it("marks a hit point once, at its first mention", () => {
    expect(formatSteps([step(5, 4, true), step(6, 4)])).toBe("6/4* 5/4");
  });

  it("writes any steps as the parts stepSegments finds (its scratch arrays left from the call before)", () => {
    // From the bar or a point to a lower point or off, with or without a hit: legal or not, and
    // chains, repeats and hits of every kind among them.
    const stepArb = fc
      .tuple(fc.integer({ min: 1, max: 25 }), fc.integer({ min: 1, max: 6 }), fc.boolean())
      .map(([from, die, hit]) => step(from, Math.max(0, from - die), hit && from - die > 0));
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 5 }), (steps) => {
        expect(formatSteps(steps)).toBe(makeMove(stepSegments(steps)));
      }),
      { numRuns: 5000 },
    );
  });
});
