import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatSteps } from "../../../src/engine/backgammon/notation.js";
import { legalPlays, playPosition } from "../../../src/engine/backgammon/plays.js";
import { START_POSITION, toBuffer } from "../../../src/engine/backgammon/position.js";
import { canStep, stepRefusal } from "../../../src/engine/backgammon/step.js";
import { bruteForcePlays, notations, position, positionJson } from "./helpers.js";

/**
 * Distinct resulting positions for every opening roll from the starting position. Derived by hand
 * for 2-1 (15), 6-5 (7), 5-5 (4) and 6-6 (11) — see the cases below — and for every roll checked
 * against the independent brute-force generator in helpers.ts (no pruning, board copied at every
 * step). Note 6-6 is small because the opponent's midpoint blocks our 12 point and our ace point
 * is blocked by its back checkers.
 */
const OPENING_PLAY_COUNTS: Record<string, number> = {
  "1-1": 42, "2-1": 15, "2-2": 75, "3-1": 16, "3-2": 17, "3-3": 73,
  "4-1": 14, "4-2": 18, "4-3": 17, "4-4": 52, "5-1": 8, "5-2": 8,
  "5-3": 9, "5-4": 9, "5-5": 4, "6-1": 10, "6-2": 14, "6-3": 14,
  "6-4": 14, "6-5": 7, "6-6": 11,
};

const rollOf = (key: string): [number, number] => key.split("-").map(Number) as [number, number];

describe("opening rolls", () => {
  it.each(Object.entries(OPENING_PLAY_COUNTS))("%s has %i distinct plays", (roll, count) => {
    const plays = legalPlays(START_POSITION, rollOf(roll));
    expect(plays).toHaveLength(count);
    expect(new Set(plays.map((p) => positionJson(playPosition(p))))).toEqual(bruteForcePlays(START_POSITION, rollOf(roll)));
    expect(new Set(plays.map((p) => formatSteps(p.steps))).size).toBe(count);
  });

  it("covers all 21 rolls", () => expect(Object.keys(OPENING_PLAY_COUNTS)).toHaveLength(21));

  it("lists 6-5 as worked out by hand", () => {
    // Sixes: 24/18, 13/7, 8/2. Fives: 13/8, 8/3 (24/19 and 6/1 are blocked). 8/2 13/8 = 13/2.
    expect(notations(START_POSITION, [6, 5])).toEqual([
      "24/13", "24/18 13/8", "24/18 8/3", "13/8 13/7", "13/7 8/3", "13/2", "8/3 8/2",
    ]);
  });

  it("treats the dice in either order alike", () => {
    expect(notations(START_POSITION, [1, 2])).toEqual(notations(START_POSITION, [2, 1]));
  });

  it("lists 5-5 as worked out by hand: only 13/8 and 8/3 can be played", () => {
    // x steps 13/8 and 4 - x steps 8/3 with at most 3 + x checkers reaching 8: x = 1..4.
    expect(notations(START_POSITION, [5, 5])).toEqual(["13/8(4)", "13/3 13/8(2)", "13/3(2)", "13/3 8/3(2)"]);
  });
});

describe("entering from the bar", () => {
  const onBar = position({ bar: 1, 6: 5, 8: 3, 13: 5, 24: 1 }, { 6: 5, 8: 3, 13: 5, 24: 2 });

  it("enters first, onto an open point", () => {
    // 6 would enter on our 19 = the opponent's 6 point (held); 5 enters on our 20.
    const plays = notations(onBar, [6, 5]);
    expect(plays.length).toBeGreaterThan(0);
    for (const p of plays) expect(p).toMatch(/^bar\/(20|14)/);
    expect(plays).toContain("bar/14");
    expect(plays).toContain("bar/20 13/7");
  });

  it("has no play when the entry point is held", () => {
    expect(legalPlays(onBar, [6, 6])).toEqual([]);
  });

  it("has no play against a closed board", () => {
    const closed = position({ bar: 1, 6: 14 }, { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3 });
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= a; b++) expect(legalPlays(closed, [a, b])).toEqual([]);
  });

  it("with two on the bar and one entry point, plays only the entering die", () => {
    const twoOnBar = position({ bar: 2, 6: 5, 13: 8 }, { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 13: 5 });
    expect(notations(twoOnBar, [6, 5])).toEqual(["bar/19"]);
    expect(notations(twoOnBar, [6, 6])).toContain("bar/13(2)");
  });
});

describe("blocked points and hits", () => {
  it("never lands on a point held by two or more", () => {
    for (const p of notations(START_POSITION, [6, 5])) expect(p).not.toMatch(/\/19|\/1\b/);
  });

  it("marks a hit with * and sends the blot to the bar", () => {
    const blot = position({ 6: 5, 8: 3, 13: 5, 24: 2 }, { 3: 1, 6: 4, 8: 3, 13: 5, 24: 2 });
    const plays = legalPlays(blot, [2, 1]);
    expect(plays.map((p) => formatSteps(p.steps))).toContain("24/22*/21");
    // Like gnubg, parts are ordered by source, then destination, from high to low.
    const hit = plays.find((p) => formatSteps(p.steps) === "24/23 24/22*");
    expect(hit).toBeDefined();
    const after = playPosition(hit!);
    expect(after.opponent[24]).toBe(1);
    expect(after.opponent[2]).toBe(0);
  });

  it("keeps an intermediate point only where a blot was hit", () => {
    // The opponent's 7 point is our 18: a blot. Via 18 the checker hits, via 19 it does not.
    const pos = position({ 24: 1, 1: 14 }, { 7: 1, 2: 2 });
    expect(notations(pos, [6, 5])).toEqual(["24/18*/13", "24/13"]);
  });

  it("stars the first mention of a hit point when two checkers land there", () => {
    const pos = position({ 6: 1, 5: 1, 1: 13 }, { 21: 1, 1: 2 });
    expect(notations(pos, [2, 1])).toContain("6/4* 5/4");
  });
});

describe("maximum dice usage", () => {
  it("plays the larger die when only one die can be played", () => {
    // Our 2 point is held: 13/7/2 and 13/8/2 both fail, each die alone works.
    const pos = position({ 13: 1 }, { 23: 2, 1: 13 });
    expect(notations(pos, [6, 5])).toEqual(["13/7"]);
  });

  it("plays the smaller die when the larger cannot be played at all", () => {
    const pos = position({ 13: 1 }, { 23: 2, 18: 2, 1: 11 });
    expect(notations(pos, [6, 5])).toEqual(["13/8"]);
  });

  it("uses both dice when some order allows it", () => {
    // 13/7 is blocked, so only 13/8 then 8/2 uses both dice.
    const pos = position({ 13: 1 }, { 18: 2, 1: 13 });
    expect(notations(pos, [6, 5])).toEqual(["13/2"]);
  });

  it("plays as many of a double as possible", () => {
    // Our 4 point is held: 13/10/7 and no further.
    const pos = position({ 13: 1 }, { 21: 2, 1: 13 });
    expect(notations(pos, [3, 3])).toEqual(["13/7"]);
  });
});

describe("bearing off", () => {
  const far = { 1: 2 }; // the opponent's checkers out of the way (our 24 point)

  it("bears off with the exact dice", () => {
    // 6/1 with the 5 and then 5/off with the 6 (now the highest point) is legal too.
    expect(notations(position({ 6: 1, 5: 1 }, far), [6, 5])).toEqual(["6/off 5/off", "6/1 5/off"]);
  });

  it("bears off from the highest point with a die larger than needed", () => {
    expect(notations(position({ 3: 1, 2: 1 }, far), [6, 5])).toEqual(["3/off 2/off"]);
  });

  it("must move inside when a checker stands higher than the die", () => {
    // 5 and 4 cannot bear off the checker on 2 while one stands on 6: the 6 moves first.
    expect(notations(position({ 6: 1, 2: 1 }, far), [5, 4]).sort()).toEqual(["6/1 2/off", "6/off"].sort());
  });

  it("cannot bear off until every checker is home", () => {
    // 6/off is only possible once 7 has come home, and 7/6 6/off is the same position as 7/off.
    expect(notations(position({ 7: 1, 6: 1, 5: 13 }, far), [6, 1])).toEqual(["7/1 6/5", "7/1 5/4", "7/off"]);
  });
});

describe("generator agrees with the brute force", () => {
  it.each([
    ["bar entry", position({ bar: 2, 6: 5, 13: 8 }, { 1: 2, 2: 2, 3: 2, 4: 2, 13: 7 })],
    ["bear-off", position({ 1: 3, 2: 2, 4: 4, 6: 3 }, { bar: 1, 19: 2, 24: 12 })],
    ["contact", position({ 3: 2, 5: 3, 6: 4, 8: 2, 11: 1, 13: 2, 20: 1 }, { 2: 1, 5: 3, 6: 3, 8: 2, 13: 4, 18: 1, 21: 1 })],
  ])("%s", (_name, pos) => {
    for (let a = 1; a <= 6; a++) {
      for (let b = 1; b <= a; b++) {
        const mine = new Set(legalPlays(pos, [a, b]).map((p) => positionJson(playPosition(p))));
        expect(mine).toEqual(bruteForcePlays(pos, [a, b]));
      }
    }
  });
});

describe("the generator's fast step check", () => {
  it("agrees with the step rule that explains refusals", () => {
    const sideArb = fc.array(fc.integer({ min: 0, max: 24 }), { maxLength: 15 }).map((slots) => {
      const counts = new Array<number>(25).fill(0);
      for (const s of slots) counts[s]!++;
      return counts;
    });
    fc.assert(
      fc.property(sideArb, sideArb, fc.integer({ min: 0, max: 24 }), fc.integer({ min: 1, max: 6 }), (me, them, from, die) => {
        const b = toBuffer({ onRoll: me, opponent: them });
        expect(canStep(b, from, die)).toBe(stepRefusal(b, from, die) === null);
      }),
      { numRuns: 2000 },
    );
  });
});
