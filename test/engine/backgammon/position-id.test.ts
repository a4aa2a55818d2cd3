import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { makePositionId, parsePositionId } from "../../../src/engine/backgammon/position-id.js";
import { START_POSITION, type Position } from "../../../src/engine/backgammon/position.js";
import { position, refused, side, value } from "./helpers.js";

describe("gnubg Position ID", () => {
  it("encodes the starting position as in the gnubg manual", () => {
    expect(makePositionId(START_POSITION)).toBe("4HPwATDgc/ABMA");
    expect(value(parsePositionId("4HPwATDgc/ABMA"))).toEqual(START_POSITION);
  });

  /**
   * Boards printed by gnubg itself, where X is on roll. They fix which side comes first: the
   * player NOT on roll (gnubg's anBoard[0]) is encoded first, the player on roll second.
   */
  it.each<[string, string, Position]>([
    [
      // gnubg manual, neural-net section ("crashed" positions; match ID cAngAAAAAAAE: X on roll).
      "/z4AADBsuxsEAA",
      "O crashed on its 1 and 2 points",
      position({ 3: 2, 4: 2, 5: 2, 6: 3, 7: 3, 8: 2, 13: 1 }, { 1: 8, 2: 5, 24: 2 }),
    ],
    [
      // Same manual page: X has the same structure, O a healthy board.
      "sN0tADBsuxsEAA",
      "same X, O not crashed",
      position({ 3: 2, 4: 2, 5: 2, 6: 3, 7: 3, 8: 2, 13: 1 }, { 5: 2, 6: 2, 7: 3, 8: 3, 9: 2, 10: 1, 24: 2 }),
    ],
    [
      // gnubg text export quoted in a Perl backgammon module's documentation ("At Roll": X).
      "sOfgEwDg8+AIBg",
      "middle game",
      position({ 6: 5, 8: 4, 13: 3, 16: 1, 21: 2 }, { 5: 2, 6: 4, 8: 3, 13: 5, 15: 1 }),
    ],
    [
      // gnubg output resigning in a bear-off, X (gnubg) on roll; O has 14 off.
      "AgAAPBcAAAAAAA",
      "bear-off",
      position({ 1: 4, 3: 3, 4: 1 }, { 2: 1 }),
    ],
  ])("%s (%s)", (id, _what, pos) => {
    expect(value(parsePositionId(id))).toEqual(pos);
    expect(makePositionId(pos)).toBe(id);
  });

  const sideArb = fc
    .array(fc.integer({ min: 0, max: 24 }), { maxLength: 15 })
    .map((slots) => {
      const counts = new Array<number>(25).fill(0);
      for (const s of slots) counts[s]!++;
      return counts;
    });
  const positionArb = fc
    .record({ onRoll: sideArb, opponent: sideArb })
    .filter((p) => p.onRoll.slice(0, 24).every((n, i) => n === 0 || p.opponent[23 - i] === 0))
    .filter((p) => !(p.onRoll[24]! > 0 && p.opponent[24]! > 0 && [0, 1, 2, 3, 4, 5].every((i) => p.onRoll[i]! >= 2 && p.opponent[i]! >= 2)));

  it("round-trips any position: parse(make(p)) = p and make(parse(id)) = id", () => {
    fc.assert(
      fc.property(positionArb, (pos) => {
        const id = makePositionId(pos);
        expect(id).toMatch(/^[A-Za-z0-9+/]{14}$/);
        expect(value(parsePositionId(id))).toEqual(pos);
        expect(makePositionId(value(parsePositionId(id)))).toBe(id);
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ["4HPwATDgc/ABM", /not a gnubg Position ID/],
    ["4HPwATDgc/ABMA=", /not a gnubg Position ID/],
    ["4HPwATDgc/AB.A", /not a gnubg Position ID/],
    ["4HPwATDgc/ABMB", /not a gnubg Position ID/], // bits past the 80th set: not canonical
    ["/////////////w", /too many/],
  ])("refuses %j", (id, message) => refused(parsePositionId(id), "INVALID_POSITION_ID", message));

  it("refuses both sides on one point and more than 15 checkers", () => {
    refused(parsePositionId(makePositionId({ onRoll: side({ 6: 2 }), opponent: side({ 19: 2 }) })), "INVALID_POSITION_ID", /both players/);
    refused(parsePositionId(makePositionId({ onRoll: side({ 6: 16 }), opponent: side({}) })), "INVALID_POSITION_ID", /more than 15/);
  });
});
