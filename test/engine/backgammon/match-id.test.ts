import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GAME_STATES, makeMatchId, parseMatchId, type MatchId } from "../../../src/engine/backgammon/match-id.js";
import { refused, value } from "./helpers.js";

const matchId = (fields: Partial<MatchId>): MatchId => ({
  cubeValue: 1,
  cubeOwner: null,
  onRoll: 0,
  crawford: false,
  gameState: "playing",
  turn: 0,
  doubled: false,
  resignation: 0,
  dice: [0, 0],
  matchLength: 0,
  score: [0, 0],
  jacoby: true,
  ...fields,
});

describe("gnubg Match ID", () => {
  it.each<[string, string, MatchId]>([
    [
      "QYkqASAAIAAA",
      "the gnubg manual's example: 2-4 in a 9-point match, player 0 holds a 2-cube, player 1 rolled 52",
      matchId({ cubeValue: 2, cubeOwner: 0, onRoll: 1, turn: 1, dice: [5, 2], matchLength: 9, score: [2, 4] }),
    ],
    [
      "cAgAAAAAAAAA",
      "a money session before the first game (centred cube, player 1 to start)",
      matchId({ onRoll: 1, turn: 1, gameState: "none" }),
    ],
    [
      "cIkmAQAAAAAA",
      "gnubg board from the bug-gnubg list: 9-point match at 0-0, player 1 rolled 51",
      matchId({ onRoll: 1, turn: 1, dice: [5, 1], matchLength: 9 }),
    ],
    [
      "USGgACAAIAAE",
      "gnubg (player 1, on roll) offers to resign a single game at 2-4 of 5 with the cube at 2; Jacoby off",
      matchId({ cubeValue: 2, cubeOwner: 1, onRoll: 1, turn: 0, resignation: 1, matchLength: 5, score: [2, 4], jacoby: false }),
    ],
    [
      "cAngAAAAAAAE",
      "the gnubg manual's crashed-position board: 7-point match, player 1 to roll; Jacoby off",
      matchId({ onRoll: 1, turn: 1, matchLength: 7, jacoby: false }),
    ],
  ])("%s: %s", (id, _what, fields) => {
    expect(value(parseMatchId(id))).toEqual(fields);
    expect(makeMatchId(fields)).toBe(id);
  });

  it("writes the higher die first, as gnubg does", () => {
    expect(makeMatchId(matchId({ dice: [2, 5], onRoll: 1, turn: 1, matchLength: 9, score: [2, 4], cubeValue: 2, cubeOwner: 0 }))).toBe(
      "QYkqASAAIAAA",
    );
  });

  it("marks a double offered: turn passes to the opponent", () => {
    const m = value(parseMatchId(makeMatchId(matchId({ onRoll: 0, turn: 1, doubled: true, matchLength: 5 }))));
    expect(m).toMatchObject({ onRoll: 0, turn: 1, doubled: true });
  });

  const dieArb = fc.integer({ min: 1, max: 6 });
  const matchIdArb: fc.Arbitrary<MatchId> = fc
    .record({
      cubeLog: fc.integer({ min: 0, max: 15 }),
      cubeOwner: fc.constantFrom(0 as const, 1 as const, null),
      onRoll: fc.constantFrom(0 as const, 1 as const),
      crawford: fc.boolean(),
      gameState: fc.constantFrom(...GAME_STATES),
      turn: fc.constantFrom(0 as const, 1 as const),
      doubled: fc.boolean(),
      resignation: fc.constantFrom(0 as const, 1 as const, 2 as const, 3 as const),
      dice: fc.option(fc.tuple(dieArb, dieArb).map(([a, b]): [number, number] => (a >= b ? [a, b] : [b, a])), { nil: undefined }),
      matchLength: fc.integer({ min: 0, max: 0x7fff }),
      s0: fc.nat(0x7fff),
      s1: fc.nat(0x7fff),
      jacoby: fc.boolean(),
    })
    .map(({ cubeLog, dice, matchLength, s0, s1, crawford, ...rest }) => ({
      ...rest,
      cubeValue: 2 ** cubeLog,
      dice: dice ?? [0, 0],
      matchLength,
      crawford: matchLength > 0 && crawford,
      score: matchLength > 0 ? [s0 % (matchLength + 1), s1 % (matchLength + 1)] : [s0, s1],
    }));

  it("round-trips: parse(make(m)) = m and make(parse(id)) = id", () => {
    fc.assert(
      fc.property(matchIdArb, (m) => {
        const id = makeMatchId(m);
        expect(id).toMatch(/^[A-Za-z0-9+/]{12}$/);
        expect(value(parseMatchId(id))).toEqual(m);
        expect(makeMatchId(value(parseMatchId(id)))).toBe(id);
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ["QYkqASAAIAA", /not a gnubg Match ID/],
    ["QYkqASAAIAA!", /not a gnubg Match ID/],
    ["QYkqASAAIAAI", /unused bits/], // bit 67 set
    ["YAAAAAAAAAAA", /cube owner 2/],
    ["AIADAAAAAAAA", /dice out of range/], // die 1 = 7
    ["gAAAAAAAAAAA", /money play/], // Crawford flag in a money game
  ])("refuses %j", (id, message) => refused(parseMatchId(id), "INVALID_MATCH_ID", message));
});
