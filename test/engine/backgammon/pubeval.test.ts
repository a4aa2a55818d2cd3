import { describe, expect, it } from "vitest";
import { isRace, pubeval, pubevalInputs, PUBEVAL_WIN } from "../../../src/engine/backgammon/bots/pubeval.js";
import { CONTACT_WEIGHTS, RACE_WEIGHTS } from "../../../src/engine/backgammon/bots/pubeval-weights.js";
import { START_POSITION } from "../../../src/engine/backgammon/position.js";
import { position } from "./helpers.js";

/**
 * Expected scores were computed by pubeval.c's own `setx` and `pubeval` (Tesauro's code, compiled
 * as published) on the same positions written in its `pos[28]` layout, to 5 decimals: the C uses
 * floats, so agreement to 1e-4 is what to expect.
 */
describe("pubeval", () => {
  it("holds Tesauro's two arrays of 122 weights", () => {
    expect(RACE_WEIGHTS).toHaveLength(122);
    expect(CONTACT_WEIGHTS).toHaveLength(122);
    // Spot checks against pubeval.c: the first and last weights of each array.
    expect([RACE_WEIGHTS[1], RACE_WEIGHTS[121]]).toEqual([-0.1716, 3.4204]);
    expect([CONTACT_WEIGHTS[0], CONTACT_WEIGHTS[120], CONTACT_WEIGHTS[121]]).toEqual([0.25696, 5.62596, -2.758]);
  });

  it("encodes the start position as setx does: blocks for points 24 down to 1", () => {
    const x = pubevalInputs(START_POSITION);
    const on = [...x.keys()].filter((i) => x[i] !== 0).map((i) => [i, x[i]]);
    // 24-point: 2 checkers (block 0); 13: 5 (block 11); 8: 3 (block 16); 6: 5 (block 18).
    expect(on).toEqual([
      [2, 1],
      [57, 1],
      [59, 1],
      [82, 1],
      [83, 1],
      [92, 1],
      [94, 1],
    ]);
  });

  it("scores the start position and the 31 opening play as pubeval.c does", () => {
    expect(pubeval(false, START_POSITION)).toBeCloseTo(6.84055, 4);
    expect(pubeval(true, START_POSITION)).toBeCloseTo(9.93903, 4);
    const after31 = position({ 24: 2, 13: 5, 8: 2, 6: 4, 5: 2 }, { 24: 2, 13: 5, 8: 3, 6: 5 });
    expect(pubeval(false, after31)).toBeCloseTo(10.34311, 4);
    // 8/5 6/5 makes the 5-point: pubeval prefers it to the start position, as every player does.
    expect(pubeval(false, after31)).toBeGreaterThan(pubeval(false, START_POSITION));
  });

  it("counts an opponent blot, the opponent's bar and the checkers borne off", () => {
    // Ours: 6:4 5:3 4:2 3:3, three off. Theirs: a blot on our 20 (their 5), 13 on our 22 (their 3), one on the bar.
    const pos = position({ 6: 4, 5: 3, 4: 2, 3: 3 }, { 5: 1, 3: 13, bar: 1 });
    expect(pubeval(false, pos)).toBeCloseTo(14.77221, 4);
    expect(pubeval(true, pos)).toBeCloseTo(12.42995, 4);
  });

  it("returns the win score once every checker is off", () => {
    expect(pubeval(true, position({}, { 6: 15 }))).toBe(PUBEVAL_WIN);
  });

  it("tells a race from contact", () => {
    expect(isRace(START_POSITION)).toBe(false);
    expect(isRace(position({ 6: 10, 5: 5 }, { 6: 10, 5: 5 }))).toBe(true);
    // Our checker on our 19 has still to pass their checker on their 7, which is our 18.
    expect(isRace(position({ 19: 1, 6: 14 }, { 7: 1, 6: 14 }))).toBe(false);
    expect(isRace(position({ 6: 15 }, { bar: 1, 6: 14 }))).toBe(false);
  });
});
