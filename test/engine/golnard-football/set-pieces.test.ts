import { rollNow } from "../../support/engine.js";
import { describe, expect, it } from "vitest";
import { cellOf } from "../../../src/engine/golnard-football/board.js";
import { lineStart } from "../../../src/engine/golnard-football/set-pieces.js";
import { occupancy, tokenIndex } from "../../../src/engine/golnard-football/state.js";
import { at, ballMove, kick, legal, legalKeys, notesOf, played, playedFull, position, refusal, rules, stageOf, walk, walkKick, xy, type XY } from "./fixtures.js";

/** A home throw-in from 10,0 (top touch line), the rest of the tokens on the bench unless placed. */
const throwIn = (extra: Parameters<typeof position>[0] = {}) =>
  position({ rest: "bench", play: "throwIn", line: "touch", ball: [10, 0], dice: [2, 3], ...extra });

const ballMoves = (s: ReturnType<typeof position>) => legal(s).filter((m) => m.type === "ball").map((m) => `${(m as { die: number }).die}${(m as { direction: string }).direction}`).sort();

describe("set-piece start cells", () => {
  it("the ball starts on its exit cell; if a token stands there, on the nearest token-free cell of the same line, lower coordinate first on a tie, never in a goal zone", () => {
    const s = position({ rest: "bench", home: {}, ball: [15, 1], dice: [1, 2] });
    const occ = occupancy(s.tokens);
    expect(lineStart(occ, cellOf(12, 0), "touch")).toBe(cellOf(12, 0));
    // The home bench fills 0..9 of row 0: from 5,0 the nearest free cell is 10,0.
    expect(lineStart(occ, cellOf(5, 0), "touch")).toBe(cellOf(10, 0));
    const one = new Int8Array(200);
    one[cellOf(12, 9)] = 1;
    // Equally near: 11,9 and 13,9; the lower coordinate first.
    expect(lineStart(one, cellOf(12, 9), "touch")).toBe(cellOf(11, 9));
    const goalLine = position({ rest: "bench", home: { 6: [0, 2], 7: [0, 1] }, ball: [15, 1], dice: [1, 2] });
    // Column 0 from 0,2: 0,1 and 0,2 taken, 0,3..0,6 the goal zone, so 0,7.
    expect(lineStart(occupancy(goalLine.tokens), cellOf(0, 2), "goal")).toBe(cellOf(0, 7));
  });
});

describe("throw-ins", () => {
  it("one die moves the ball exactly that far along the line, straight in, or diagonally in, onto an empty cell outside goal and goalkeeper zones; the seat chooses which die", () => {
    const s = throwIn();
    expect(ballMoves(s)).toEqual(["2E", "2S", "2SE", "2SW", "3E", "3S", "3SE", "3SW"]);
    // 2W / 3W would land on the home bench (8,0 / 7,0).
    expect(refusal(s, ballMove(2, "W"))).toBe("BAD_BALL_MOVE");
    expect(refusal(s, ballMove(2, "stay"))).toBe("BAD_BALL_MOVE");
    expect(xy(played(s, ballMove(3, "SE")).ball!)).toEqual([13, 3]);
  });

  it("the ball die is played first", () => {
    const s = throwIn({ home: { 6: [11, 2] } });
    expect(refusal(s, walk(6, 2, [11, 4]))).toBe("BALL_FIRST");
    expect(legal(s).every((m) => m.type === "ball")).toBe(true);
  });

  it("a die with no legal cell for the ball is a stay", () => {
    const s = throwIn({ away: { 2: [12, 0], 3: [10, 2], 4: [12, 2], 5: [8, 2] } });
    expect(ballMoves(s)).toEqual(["2stay", "3E", "3S", "3SE", "3SW"]);
    const stayed = played(s, ballMove(2, "stay"));
    expect(xy(stayed.ball!)).toEqual([10, 0]);
  });

  it("if some token can reach the ball with the other die, that die must be a take: reach it and kick the rest at once, or carry it for all of them", () => {
    const s = played(throwIn({ home: { 6: [11, 4] } }), ballMove(2, "S"));
    expect(xy(s.ball!)).toEqual([10, 2]);
    const moves = legal(s);
    expect(moves.length).toBeGreaterThan(0);
    // Every action takes the ball: walks end holding it, walkKicks stop on it or beyond.
    expect(moves.every((m) => (m.type === "walk" && m.ball) || m.type === "walkKick")).toBe(true);
    expect(moves.some((m) => m.type === "walkKick" && m.stop.x === 10 && m.stop.y === 2 && m.length === 1)).toBe(true);
    expect(refusal(s, walk(6, 3, [12, 5]))).toBe("TAKE_REQUIRED");
    const { state } = playedFull(s, walkKick(6, 3, [10, 2], 1, "S"));
    expect(xy(state.ball!)).toEqual([10, 3]);
  });

  it("a take that keeps the ball ends the turn with a drop", () => {
    const s = played(throwIn({ home: { 6: [11, 4] } }), ballMove(2, "S"));
    const carry = legal(s).filter((m) => m.type === "walk");
    expect(carry.every((m) => m.type === "walk" && m.drop !== undefined)).toBe(true);
    const { state, notes } = playedFull(s, carry[0]!);
    expect(notes.map((n) => n.type)).toContain("ballDropped");
    expect(stageOf(state).side).toBe(1);
  });

  it("a blocked dribble may still stop on the way", () => {
    const s = played(throwIn({ home: { 6: [10, 4] }, away: { 2: [12, 2] }, dice: [1, 5] }), ballMove(1, "S"));
    expect(xy(s.ball!)).toEqual([10, 1]);
    // Token 6 reaches the ball in 3 steps, carries it to 11,1 (next to away 2 on 12,2), kicks the last point.
    expect(legal(s).some((m) => m.type === "walkKick" && m.stop.x === 11 && m.stop.y === 1 && m.length === 1)).toBe(true);
    expect(played(s, walkKick(6, 5, [11, 1], 1, "S")).ball).toBe(at([11, 2]));
  });

  it("only when no token can reach the ball is that die an ordinary walk", () => {
    const s = played(throwIn({ home: { 6: [15, 6] } }), ballMove(3, "SE"));
    expect(xy(s.ball!)).toEqual([13, 3]);
    const moves = legal(s);
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.every((m) => m.type === "walk" && !m.ball)).toBe(true);
    expect(stageOf(played(s, walk(6, 2, [15, 4]))).side).toBe(1);
  });

  it("a take's kick as the turn's second action earns the pass bonus; offside applies to it", () => {
    const s = played(throwIn({ home: { 6: [11, 3], 7: [11, 5] } }), ballMove(2, "S"));
    const bonus = played(s, walkKick(6, 3, [10, 2], 2, "S"));
    expect(xy(bonus.ball!)).toEqual([10, 4]);
    expect(stageOf(bonus)).toMatchObject({ side: 0, bonus: true, extra: true });
    const off = played(throwIn({ home: { 6: [11, 3] }, offside: [6] }), ballMove(2, "S"));
    expect(refusal(off, walkKick(6, 3, [10, 2], 2, "E"))).toBe("OFFSIDE");
  });

  it("the forced exit is not applied in throw-in turns", () => {
    const s = throwIn({ home: { 6: [2, 4] } });
    expect(stageOf(s).forced).toEqual([]);
  });

  it("without throw-ins the ball goes on the exit cell and the entitled side plays an ordinary turn", () => {
    const s = position({ options: { throwIns: false }, rest: "bench", home: { 6: [10, 2] }, holder: 6, dice: [1, 3], used: [true, false], actions: 1 });
    const { state, notes } = playedFull(s, kick(6, 3, "N"));
    expect(stageOf(state)).toMatchObject({ side: 1, play: "ordinary", step: "roll" });
    expect(xy(state.ball!)).toEqual([10, 0]);
    expect(notes.find((n) => n.type === "throwInAwarded")).toMatchObject({ side: "away", asOrdinaryTurn: true });
  });
});

describe("corners", () => {
  it("the ball starts on the nearer corner cell; one die moves it along the goal line, perpendicular to it, or diagonally", () => {
    const s = position({ rest: "bench", home: { 6: [16, 2] }, away: { 1: [14, 0], 2: [18, 2] }, holder: 6, dice: [1, 4], used: [true, false], actions: 1 });
    const corner = played(s, kick(6, 4, "E"));
    expect(xy(corner.ball!)).toEqual([19, 0]);
    expect(rules.turn(corner)).toEqual({ phase: "roll", seats: [0], count: 2, awaiting: "corner" });
    const rolled = rollNow(rules, corner, [2, 3]);
    if (!rolled.ok) throw new Error("refused");
    // 19,3 is the goal zone and 17,2 the goalkeeper zone: neither takes the ball.
    expect(ballMoves(rolled.value)).toEqual(["2S", "2W", "3SW", "3W"]);
  });

  it("without corners a goal kick is awarded", () => {
    const s = position({ options: { corners: false }, rest: "bench", home: { 6: [16, 2] }, away: { 1: [14, 0], 2: [18, 2] }, holder: 6, dice: [1, 4], used: [true, false], actions: 1 });
    expect(stageOf(played(s, kick(6, 4, "E")))).toMatchObject({ side: 1, play: "goalKick" });
  });
});

describe("goal kicks", () => {
  const caught = () => {
    const s = position({ rest: "bench", home: { 6: [15, 4] }, away: { 1: [18, 4] }, holder: 6, dice: [1, 5], used: [true, false], actions: 1 });
    return played(s, kick(6, 5, "E"));
  };

  it("the defending side puts the ball on a free cell of its goalkeeper zone (the keeper's own cell is not free) before the roll, and plays an ordinary turn", () => {
    const g = caught();
    expect(g.ball).toBeNull();
    expect(stageOf(g)).toMatchObject({ side: 1, play: "goalKick", step: "place" });
    const cells = legal(g).map((m) => (m as { at: { x: number; y: number } }).at);
    expect(cells).toHaveLength(11);
    expect(cells).not.toContainEqual({ x: 18, y: 4 });
    expect(cells.every((c) => c.x >= 17 && c.x <= 18 && c.y >= 2 && c.y <= 7)).toBe(true);
    expect(refusal(g, { type: "goalKick", at: { x: 18, y: 4 } })).toBe("BAD_PLACEMENT");
    expect(refusal(g, { type: "goalKick", at: { x: 16, y: 4 } })).toBe("BAD_PLACEMENT");
    expect(refusal(g, walk(2, 1, [10, 8]))).toBe("WRONG_STEP");
    const placed = played(g, { type: "goalKick", at: { x: 17, y: 4 } });
    expect(xy(placed.ball!)).toEqual([17, 4]);
    expect(rules.turn(placed)).toEqual({ phase: "roll", seats: [1], count: 2, awaiting: "turn" });
  });

  it("a goal kick turn is ordinary: the forced exit and offside apply once the ball is placed", () => {
    const g = caught();
    const withForced = { ...g, tokens: g.tokens.map((c, i) => (i === tokenIndex(1, 5) ? cellOf(17, 7) : c)) };
    const placed = played(withForced, { type: "goalKick", at: { x: 17, y: 2 } });
    expect(stageOf(placed).forced).toEqual([tokenIndex(1, 5)]);
    expect(notesOf(withForced, { type: "goalKick", at: { x: 17, y: 2 } })).toContain("forcedExit");
  });
});

export type { XY };
