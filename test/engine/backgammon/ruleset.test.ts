import { rollNow, passNow } from "../../support/engine.js";
import { describe, expect, it } from "vitest";
import { parseMatchId } from "../../../src/engine/backgammon/match-id.js";
import { parsePositionId } from "../../../src/engine/backgammon/position-id.js";
import { backgammon } from "../../../src/engine/backgammon/ruleset.js";
import { START_POSITION } from "../../../src/engine/backgammon/position.js";
import { stateMatchId } from "../../../src/engine/backgammon/state-ids.js";
import type { BackgammonState } from "../../../src/engine/backgammon/state.js";
import { position, refused, stateAt, value, movesNow, playNow } from "./helpers.js";

const fresh = (options: { matchLength?: number; cube?: boolean } = {}): BackgammonState =>
  value(backgammon.setup({ options: backgammon.optionsSchema.parse(options) }));
const rolled = (state: BackgammonState, dice: [number, number]) => value(rollNow(backgammon, state, dice));
const played = (state: BackgammonState, move: string) => value(playNow(backgammon, state, move));

describe("setup and options", () => {
  it("is played by exactly two seats", () => {
    expect(backgammon.sides(fresh())).toEqual([{ side: "white", seats: [0] }, { side: "black", seats: [1] }]);
    value(backgammon.setup({ options: { matchLength: 1, cube: false }, seats: 2 }));
    refused(backgammon.setup({ options: { matchLength: 1, cube: false }, seats: 3 }), "INVALID_SEATS");
    refused(backgammon.setup({ options: { matchLength: 1, cube: false }, seats: 1 }), "INVALID_SEATS");
  });

  it("defaults to a single game without the cube", () => {
    expect(backgammon.optionsSchema.parse({})).toEqual({ matchLength: 1, cube: false });
  });

  it.each([{ matchLength: 0 }, { matchLength: 26 }, { matchLength: 2.5 }, { cube: "yes" }, { crawford: false }])(
    "rejects options %j",
    (options) => expect(backgammon.optionsSchema.safeParse(options).success).toBe(false),
  );

  it("takes moves as short strings", () => {
    expect(backgammon.moveSchema.safeParse("24/18 13/8").success).toBe(true);
    expect(backgammon.moveSchema.safeParse("x".repeat(65)).success).toBe(false);
    expect(backgammon.moveSchema.safeParse({ from: 24 }).success).toBe(false);
  });
});

describe("the opening roll", () => {
  it("asks both seats for one die each", () => {
    const s = fresh();
    expect(backgammon.turn(s)).toEqual({ phase: "roll", seats: [0, 1], count: 2, awaiting: "openingRoll" });
    expect(movesNow<string>(backgammon, s)).toEqual([]);
    expect(backgammon.diceLeft(s)).toBeNull();
    refused(playNow(backgammon, s, "24/18"), "NO_DICE");
  });

  it("rolls again on a tie", () => {
    const s = rolled(fresh(), [4, 4]);
    expect(backgammon.turn(s)).toEqual({ phase: "roll", seats: [0, 1], count: 2, awaiting: "openingRoll" });
    expect(backgammon.diceLeft(s)).toBeNull();
  });

  it("lets the higher seat play both opening dice at once", () => {
    const s0 = rolled(fresh(), [3, 1]);
    expect(backgammon.turn(s0)).toEqual({ phase: "move", seats: [0], awaiting: "move" });
    expect(backgammon.diceLeft(s0)).toEqual([3, 1]);
    expect(movesNow<string>(backgammon, s0)).toContain("8/5 6/5");
    const s1 = rolled(fresh(), [1, 3]);
    expect(backgammon.turn(s1)).toEqual({ phase: "move", seats: [1], awaiting: "move" });
  });

  it("then gives each turn to the other seat", () => {
    const s = played(rolled(fresh(), [3, 1]), "8/5 6/5");
    expect(backgammon.turn(s)).toEqual({ phase: "roll", seats: [1], count: 2, awaiting: "roll" });
    const t = rolled(s, [6, 6]);
    expect(backgammon.turn(t)).toEqual({ phase: "move", seats: [1], awaiting: "move" });
    expect(backgammon.diceLeft(t)).toEqual([6, 6, 6, 6]);
    expect(backgammon.turn(played(t, "24/18(2) 13/7(2)"))).toEqual({ phase: "roll", seats: [0], count: 2, awaiting: "roll" });
  });
});

describe("playing a roll", () => {
  const start = stateAt({ position: START_POSITION, seat: 0, dice: [6, 5] });
  const board = (s: BackgammonState) => s.game.board;

  it("accepts every legal move as it is listed", () => {
    for (const move of movesNow<string>(backgammon, start)) expect(playNow(backgammon, start, move).ok).toBe(true);
  });

  it("accepts any correct spelling of the same play", () => {
    const canonical = board(played(start, "24/13"));
    for (const spelling of ["24/18/13", "24/18 18/13", "18/13 24/18", "24-13", "24/18*/13", " 24/13 "]) {
      expect(board(played(start, spelling))).toEqual(canonical);
    }
    expect(board(played(start, "13/8 24/18"))).toEqual(board(played(start, "24/18 13/8")));
    const sixes = stateAt({ position: START_POSITION, seat: 0, dice: [6, 6] });
    expect(board(played(sixes, "13/7 13/7 24/18 24/18"))).toEqual(board(played(sixes, "24/18(2) 13/7(2)")));
  });

  it("says why a play is refused", () => {
    refused(playNow(backgammon, start, "24/18"), "NOT_A_LEGAL_PLAY", /both dice/);
    refused(playNow(backgammon, start, "24/19 19/13"), "NOT_A_LEGAL_PLAY", /point 19 is blocked/);
    // 3-2 cannot make 24/18 on any board: the block on 19 met on the way is not the reason.
    const threeTwo = stateAt({ position: START_POSITION, seat: 0, dice: [3, 2] });
    refused(playNow(backgammon, threeTwo, "24/18"), "NOT_A_LEGAL_PLAY", /^the dice rolled \(3-2\) cannot make that play$/);
    refused(playNow(backgammon, start, "24/20"), "NOT_A_LEGAL_PLAY", /the dice rolled \(6-5\) cannot make that play/);
    const doubles = stateAt({ position: START_POSITION, seat: 0, dice: [2, 2] });
    refused(playNow(backgammon, doubles, "13/4"), "NOT_A_LEGAL_PLAY", /the dice rolled \(2-2\) cannot make that play/);
    refused(playNow(backgammon, start, "12/1"), "NOT_A_LEGAL_PLAY");
    refused(playNow(backgammon, start, "24/12"), "NOT_A_LEGAL_PLAY");
    refused(playNow(backgammon, start, "hello"), "UNPARSEABLE_MOVE");
    refused(playNow(backgammon, start, "take"), "CUBE_NOT_AVAILABLE");
    const onBar = stateAt({ position: position({ bar: 1, 6: 5, 8: 3, 13: 5, 24: 1 }, { 6: 5, 8: 3, 13: 5, 24: 2 }), seat: 0, dice: [6, 5] });
    refused(playNow(backgammon, onBar, "13/7 13/8"), "NOT_A_LEGAL_PLAY", /enter from the bar/);
    const oneDie = stateAt({ position: position({ 13: 1 }, { 23: 2, 1: 13 }), seat: 0, dice: [6, 5] });
    refused(playNow(backgammon, oneDie, "13/8"), "NOT_A_LEGAL_PLAY", /larger \(6\)/);
  });

  it("resolves a jump past a blot to the reading without a hidden hit", () => {
    const s = stateAt({ position: position({ 24: 1, 1: 14 }, { 7: 1, 2: 2 }), seat: 0, dice: [6, 5] });
    expect(movesNow<string>(backgammon, s)).toEqual(["24/18*/13", "24/13"]);
    expect(played(s, "24/13").game.board.bar).toEqual([0, 0]);
    expect(played(s, "24/18/13").game.board.bar).toEqual([0, 1]);
    expect(played(s, "24/18* 18/13").game.board.bar).toEqual([0, 1]);
    const twoBlots = stateAt({ position: position({ 24: 1, 1: 14 }, { 7: 1, 6: 1, 2: 2 }), seat: 0, dice: [6, 5] });
    refused(playNow(backgammon, twoBlots, "24/13"), "AMBIGUOUS_PLAY");
    expect(played(twoBlots, "24/19*/13").game.board.bar).toEqual([0, 1]);
  });

  it("sends a hit blot to the bar, from either seat's side", () => {
    const s = stateAt({ position: position({ 6: 5, 8: 3, 13: 5, 24: 2 }, { 3: 1, 6: 4, 8: 3, 13: 5, 24: 2 }), seat: 1, dice: [2, 1] });
    const after = played(s, "24/22*/21");
    expect(after.game.board.bar).toEqual([1, 0]);
    expect(after.game.board.points[3]).toBe(-1); // seat 1's 21 point is seat 0's 4 point (negative: seat 1)
  });
});

describe("passing", () => {
  const closed = stateAt({
    position: position({ bar: 1, 6: 14 }, { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3 }),
    seat: 0,
    dice: [6, 5],
  });

  it("passes automatically against a closed board", () => {
    expect(movesNow<string>(backgammon, closed)).toEqual([]);
    const s = value(passNow(backgammon, closed));
    expect(backgammon.turn(s)).toEqual({ phase: "roll", seats: [1], count: 2, awaiting: "roll" });
    expect(s.game.board).toEqual(closed.game.board);
  });

  it("refuses to pass while a play exists, or before rolling", () => {
    refused(passNow(backgammon, stateAt({ position: START_POSITION, seat: 0, dice: [6, 5] })), "LEGAL_MOVE_EXISTS");
    refused(passNow(backgammon, stateAt({ position: START_POSITION, seat: 0 })), "NOTHING_TO_PASS");
    refused(passNow(backgammon, fresh()), "NOTHING_TO_PASS");
  });

  it("refuses dice when none are due", () => {
    refused(rollNow(backgammon, closed, [1, 2]), "DICE_NOT_DUE");
    refused(rollNow(backgammon, fresh(), [0, 7]), "INVALID_DICE");
    refused(rollNow(backgammon, fresh(), [1, 2, 3]), "INVALID_DICE");
    refused(rollNow(backgammon, fresh(), [1.5, 2]), "INVALID_DICE");
  });
});

describe("scoring", () => {
  const lastChecker = (opponent: Parameters<typeof position>[1], extra: Partial<Parameters<typeof stateAt>[0]> = {}) =>
    played(stateAt({ position: position({ 1: 1 }, opponent), seat: 0, dice: [6, 5], ...extra }), "1/off");

  it.each([
    ["single when the loser has borne off", { 6: 14 }, "single", 1],
    ["gammon when the loser has borne off nothing", { 6: 15 }, "gammon", 2],
    ["backgammon with a loser's checker in the winner's home board", { 6: 14, 20: 1 }, "backgammon", 3],
    ["backgammon with a loser's checker on the bar", { 6: 14, bar: 1 }, "backgammon", 3],
  ] as const)("%s", (_what, opponent, resultType, points) => {
    const s = lastChecker(opponent);
    expect(backgammon.turn(s)).toEqual({ phase: "over", awaiting: "over" });
    expect(backgammon.outcome(s)).toEqual({
      winningSides: ["white"],
      detail: {
        points,
        resultType,
        score: [points, 0],
        matchLength: 1,
        games: [{ winner: 0, points, resultType, cube: 1, crawford: false }],
      },
    });
    refused(playNow(backgammon, s, "24/18"), "GAME_OVER");
    expect(movesNow<string>(backgammon, s)).toEqual([]);
  });

  it("multiplies by the cube", () => {
    const s = lastChecker({ 6: 15 }, { options: { cube: true }, cube: { value: 2, owner: 1 } });
    expect(backgammon.outcome(s)?.detail).toMatchObject({ points: 4, resultType: "gammon", score: [4, 0] });
  });

  it("scores seat 1's wins from its own side", () => {
    const s = played(stateAt({ position: position({ 1: 1 }, { 6: 14, 20: 1 }), seat: 1, dice: [2, 1] }), "1/off");
    expect(backgammon.outcome(s)).toMatchObject({ winningSides: ["black"], detail: { resultType: "backgammon", score: [0, 3] } });
  });
});

describe("a match with the Crawford rule", () => {
  const options = { matchLength: 3, cube: true };
  const winSingle = (seat: 0 | 1, extra: Partial<Parameters<typeof stateAt>[0]>) =>
    played(stateAt({ position: position({ 1: 1 }, { 6: 14 }), seat, dice: [6, 5], options, ...extra }), "1/off");

  it("starts a new game with a fresh opening roll until a seat reaches the match length", () => {
    const s = winSingle(0, { score: [0, 0] });
    expect(backgammon.outcome(s)).toBeNull();
    expect(s.score).toEqual([1, 0]);
    expect(s.game).toMatchObject({ number: 2, phase: "opening", crawford: false, cube: { value: 1, owner: null } });
    expect(backgammon.turn(s)).toEqual({ phase: "roll", seats: [0, 1], count: 2, awaiting: "openingRoll" });
  });

  it("forbids doubling in the game after a seat first reaches matchLength - 1", () => {
    const s = winSingle(0, { score: [1, 0] });
    expect(s.score).toEqual([2, 0]);
    expect(s.game.crawford).toBe(true);
    const inCrawford = played(rolled(s, [3, 1]), "8/5 6/5");
    expect(backgammon.turn(inCrawford)).toEqual({ phase: "roll", seats: [1], count: 2, awaiting: "roll" });
    expect(movesNow<string>(backgammon, inCrawford)).toEqual([]);
    refused(playNow(backgammon, inCrawford, "double"), "CUBE_NOT_AVAILABLE", /Crawford/);
    expect(parseMatchId(stateMatchId(inCrawford))).toMatchObject({ ok: true, value: { crawford: true, score: [2, 0] } });
  });

  it("allows doubling again after the Crawford game, and has only one", () => {
    const s = winSingle(1, { score: [2, 0], crawford: true });
    expect(s.score).toEqual([2, 1]);
    expect(s.game.crawford).toBe(false);
    const after = played(rolled(s, [3, 1]), "8/5 6/5");
    expect(movesNow<string>(backgammon, after)).toEqual(["double"]);
    const t = winSingle(1, { score: [2, 1], crawfordDone: true });
    expect(t.score).toEqual([2, 2]);
    expect(t.game.crawford).toBe(false);
  });

  it("ends when a seat reaches the match length, a gammon counting double", () => {
    const s = played(stateAt({ position: position({ 1: 1 }, { 6: 15 }), seat: 0, dice: [6, 5], options, score: [1, 0] }), "1/off");
    expect(backgammon.outcome(s)).toMatchObject({ winningSides: ["white"], detail: { points: 2, resultType: "gammon", score: [3, 0], matchLength: 3 } });
  });

  it("has no Crawford game in a one-point match", () => {
    expect(fresh({ matchLength: 1 }).game.crawford).toBe(false);
  });
});

describe("the doubling cube", () => {
  const afterOpening = () => played(rolled(fresh({ cube: true, matchLength: 5 }), [3, 1]), "8/5 6/5");

  it("is off by default", () => {
    const s = played(rolled(fresh(), [3, 1]), "8/5 6/5");
    expect(movesNow<string>(backgammon, s)).toEqual([]);
    refused(playNow(backgammon, s, "double"), "CUBE_NOT_AVAILABLE", /not used/);
  });

  it("cannot be turned before the opening roll", () => {
    refused(playNow(backgammon, fresh({ cube: true }), "double"), "CUBE_NOT_AVAILABLE");
  });

  it("is offered before rolling; the opponent takes or drops", () => {
    const s = afterOpening();
    expect(movesNow<string>(backgammon, s)).toEqual(["double"]);
    refused(playNow(backgammon, s, "take"), "CUBE_NOT_AVAILABLE", /no double/);
    const offered = played(s, "double");
    expect(backgammon.turn(offered)).toEqual({ phase: "move", seats: [0], awaiting: "takeOrDrop" });
    expect(movesNow<string>(backgammon, offered)).toEqual(["take", "drop"]);
    expect(backgammon.diceLeft(offered)).toBeNull();
    refused(playNow(backgammon, offered, "13/10"), "CUBE_DECISION_PENDING");
    refused(rollNow(backgammon, offered, [1, 2]), "DICE_NOT_DUE");
    expect(parseMatchId(stateMatchId(offered))).toMatchObject({ ok: true, value: { onRoll: 1, turn: 0, doubled: true } });

    const taken = played(offered, "take");
    expect(taken.game.cube).toEqual({ value: 2, owner: 0 });
    expect(backgammon.turn(taken)).toEqual({ phase: "roll", seats: [1], count: 2, awaiting: "roll" });
    expect(movesNow<string>(backgammon, taken)).toEqual([]);
    refused(playNow(backgammon, taken, "double"), "CUBE_NOT_AVAILABLE", /owns the cube/);
    const back = played(rolled(taken, [6, 5]), "24/13");
    expect(movesNow<string>(backgammon, back)).toEqual(["double"]);
    refused(playNow(backgammon, rolled(back, [2, 1]), "double"), "CUBE_NOT_AVAILABLE", /before rolling/);
  });

  it("ends the game on a drop with the value before doubling", () => {
    const dropped = played(played(afterOpening(), "double"), "drop");
    expect(dropped.score).toEqual([0, 1]);
    expect(dropped.games).toEqual([{ winner: 1, points: 1, resultType: "drop", cube: 1, crawford: false }]);
    expect(dropped.game).toMatchObject({ number: 2, phase: "opening" });
  });

  it("ends the match on a drop that reaches the match length", () => {
    const s = stateAt({ position: START_POSITION, seat: 1, options: { cube: true, matchLength: 3 }, cube: { value: 2, owner: 1 }, score: [0, 1] });
    const over = played(played(s, "double"), "drop");
    expect(backgammon.outcome(over)).toMatchObject({ winningSides: ["black"], detail: { points: 2, resultType: "drop", score: [0, 3] } });
    expect(parseMatchId(stateMatchId(over))).toMatchObject({ ok: true, value: { gameState: "dropped" } });
  });
});

describe("the view", () => {
  it("draws the board neutrally with both numberings, pips and gnubg IDs", () => {
    const s = fresh({ matchLength: 5 });
    const v = backgammon.view(s, 1) as Record<string, unknown>;
    expect(v).toMatchObject({
      viewer: 1,
      phase: "opening",
      bar: [0, 0],
      off: [0, 0],
      pipCounts: [167, 167],
      score: [0, 0],
      matchLength: 5,
      positionId: "4HPwATDgc/ABMA",
      cube: { enabled: false, value: 1, owner: null, offered: false, canDouble: false },
    });
    expect((v.points as unknown[])[0]).toEqual({ seat0Point: 1, seat1Point: 24, ownPoint: 24, owner: 1, count: 2 });
    expect((v.points as unknown[])[5]).toEqual({ seat0Point: 6, seat1Point: 19, ownPoint: 19, owner: 0, count: 5 });
    expect(JSON.parse(JSON.stringify(v))).toEqual(v);
  });

  it("gives the IDs gnubg shows: the position from the side on roll, the match state in the Match ID", () => {
    const s = played(rolled(fresh({ matchLength: 5 }), [3, 1]), "8/5 6/5");
    const v = backgammon.view(s, null) as { positionId: string; matchId: string };
    const pos = value(parsePositionId(v.positionId));
    expect(pos.onRoll).toEqual(START_POSITION.onRoll); // seat 1 is on roll and has not moved
    expect(pos.opponent[4]).toBe(2);
    expect(value(parseMatchId(v.matchId))).toMatchObject({ onRoll: 1, turn: 1, matchLength: 5, gameState: "playing", dice: [0, 0] });
  });

  it("reproduces the gnubg manual's Match ID example from a match state", () => {
    const s = stateAt({
      position: START_POSITION,
      seat: 1,
      dice: [5, 2],
      options: { matchLength: 9, cube: true },
      cube: { value: 2, owner: 0 },
      score: [2, 4],
    });
    expect(stateMatchId(s)).toBe("QYkqASAAIAAA");
  });
});
