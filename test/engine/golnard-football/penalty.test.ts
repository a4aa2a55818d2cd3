import { rollNow, passNow } from "../../support/engine.js";
import { describe, expect, it } from "vitest";
import { cellOf } from "../../../src/engine/golnard-football/board.js";
import type { FootballMove } from "../../../src/engine/golnard-football/move-schema.js";
import { tokenIndex, type FootballState } from "../../../src/engine/golnard-football/state.js";
import { at, kick, legal, played, playedFull, position, refusal, rules, seatOf, stageOf, tokenAt, xy } from "./fixtures.js";

/** A penalty for home at the away end: home 6 kicked the ball next to the away keeper standing on 14,4. */
function awarded(extra: Parameters<typeof position>[0] = {}): FootballState {
  const s = position({ rest: "bench", home: { 6: [10, 4] }, away: { 1: [14, 4] }, holder: 6, dice: [1, 3], used: [true, false], actions: 1, ...extra });
  return played(s, kick(6, 3, "E"));
}

const roll = (s: FootballState, dice: [number, number]): FootballState => {
  const r = rollNow(rules, s, dice);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** Keeper on 19,3, ball on 16,4, kicker 7 on 14,4, then the roll. */
function ready(dice: [number, number], keeper: [number, number] = [19, 3], ball: [number, number] = [16, 4], kicker: [number, number] = [14, 4]): FootballState {
  let s = awarded();
  s = played(s, { type: "penaltyKeeper", at: { x: keeper[0], y: keeper[1] } });
  s = played(s, { type: "penaltyBall", at: { x: ball[0], y: ball[1] } });
  s = played(s, { type: "penaltyKicker", token: 7, at: { x: kicker[0], y: kicker[1] } });
  return roll(s, dice);
}

describe("the penalty procedure", () => {
  it("the defending side places its keeper on a goal-zone cell, then the attacking side places the ball and the kicker; the other 20 tokens stay where they are", () => {
    const s = awarded();
    const before = s.tokens;
    expect(rules.turn(s)).toEqual({ phase: "move", seats: [1], awaiting: "penaltyKeeper" });
    expect(legal(s).map((m) => (m as { at: { x: number; y: number } }).at)).toEqual([3, 4, 5, 6].map((y) => ({ x: 19, y })));
    expect(refusal(s, { type: "penaltyKeeper", at: { x: 18, y: 4 } })).toBe("BAD_PLACEMENT");
    const k = played(s, { type: "penaltyKeeper", at: { x: 19, y: 5 } });
    expect(tokenAt(k, 1, 1)).toEqual([19, 5]);
    expect(rules.turn(k)).toEqual({ phase: "move", seats: [0], awaiting: "penaltyBall" });
    const b = played(k, { type: "penaltyBall", at: { x: 16, y: 4 } });
    expect(rules.turn(b)).toEqual({ phase: "move", seats: [0], awaiting: "penaltyKicker" });
    const c = played(b, { type: "penaltyKicker", token: 7, at: { x: 14, y: 4 } });
    expect(rules.turn(c)).toEqual({ phase: "roll", seats: [0], count: 2, awaiting: "penaltyShot" });
    const moved = c.tokens.map((cell, i) => (cell !== before[i] ? i : -1)).filter((i) => i >= 0);
    expect(moved.sort()).toEqual([tokenIndex(0, 7), tokenIndex(1, 1)].sort());
  });

  it("the ball goes on a penalty-zone cell with a straight or diagonal line to the goal", () => {
    const s = played(awarded(), { type: "penaltyKeeper", at: { x: 19, y: 4 } });
    const cells = legal(s).map((m) => `${(m as { at: { x: number } }).at.x},${(m as { at: { y: number } }).at.y}`);
    expect(cells).toContain("16,4");
    expect(cells).toContain("17,1"); // diagonal: 18,2 then 19,3
    expect(cells).not.toContain("18,1"); // 19,2 is no goal cell, W/SW miss
    expect(cells).not.toContain("14,4"); // the free zone
    expect(cells.every((c) => !["17,4", "18,4"].includes(c))).toBe(true); // the goalkeeper zone
    expect(refusal(s, { type: "penaltyBall", at: { x: 18, y: 1 } })).toBe("BAD_PLACEMENT");
  });

  it("the kicker is a field token of the seat taking it, on any token-free cell outside the defending penalty area where a field token may stand (about 1,300 placements with one seat)", () => {
    const s = played(played(awarded(), { type: "penaltyKeeper", at: { x: 19, y: 4 } }), { type: "penaltyBall", at: { x: 16, y: 4 } });
    const moves = legal(s);
    expect(moves.every((m) => m.type === "penaltyKicker")).toBe(true);
    expect(new Set(moves.map((m) => (m as { token: number }).token))).toEqual(new Set([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]));
    // 200 cells less the defending penalty area (36) and the other goal and goalkeeper zones (16),
    // less the cells other tokens stand on there, plus the kicker's own: about 130 for each of 10 tokens.
    const free = [...Array(200).keys()].filter((c) => {
      const x = c % 20;
      const y = Math.floor(c / 20);
      const area = x >= 15 && x <= 18 && y >= 1 && y <= 8;
      const home = (x === 0 && y >= 3 && y <= 6) || (x >= 1 && x <= 2 && y >= 2 && y <= 7);
      return !area && !(x === 19 && y >= 3 && y <= 6) && !home && !s.tokens.includes(c);
    }).length;
    expect(moves.length).toBe(10 * (free + 1));
    expect(moves.length).toBeGreaterThan(1200);
    expect(refusal(s, { type: "penaltyKicker", token: 1, at: { x: 14, y: 4 } })).toBe("NOT_A_KICKER");
    expect(refusal(s, { type: "penaltyKicker", token: 7, at: { x: 15, y: 4 } })).toBe("BAD_PLACEMENT");
    expect(refusal(s, { type: "penaltyKicker", token: 7, at: { x: 2, y: 4 } })).toBe("BAD_PLACEMENT"); // a goalkeeper zone
    expect(refusal(s, { type: "penaltyKicker", token: 7, at: { x: 0, y: 0 } })).toBe("BAD_PLACEMENT"); // the home bench
    // Its own cell counts as free.
    const own = s.tokens[tokenIndex(0, 7)]!;
    expect(moves).toContainEqual({ type: "penaltyKicker", token: 7, at: { x: own % 20, y: Math.floor(own / 20) } });
  });

  it("one die walks the kicker to the ball along a shortest path where no step increases its distance to the goal line; the other die shoots: a goal unless the path passes the keeper's cell", () => {
    const s = ready([2, 3]);
    expect(legal(s)).toEqual([
      { type: "penaltyRun", die: 2, slide: "none" },
      { type: "penaltyRun", die: 3, slide: "N" },
      { type: "penaltyRun", die: 3, slide: "S" },
    ]);
    const run = played(s, { type: "penaltyRun", die: 2 });
    expect(tokenAt(run, 0, 7)).toEqual([16, 4]);
    expect(run.holder).toBe(tokenIndex(0, 7));
    expect(refusal(run, { type: "penaltyShot", direction: "W" })).toBe("BAD_DIRECTION");
    expect(legal(run)).toEqual(["NE", "E", "SE"].map((direction) => ({ type: "penaltyShot", direction, die: 3 })));
    const { state, notes } = playedFull(run, { type: "penaltyShot", direction: "E" });
    expect(state.score).toEqual([1, 0]);
    expect(notes.find((n) => n.type === "goal")).toMatchObject({ side: "home", token: 7 });
    expect(stageOf(state)).toMatchObject({ side: 1, play: "kickoff", extra: false });
    // Shot at the keeper's cell: saved, a goal kick for the defenders.
    const saved = playedFull(played(ready([2, 3], [19, 4]), { type: "penaltyRun", die: 2 }), { type: "penaltyShot", direction: "E" });
    expect(saved.notes.map((n) => n.type)).toContain("penaltySaved");
    expect(stageOf(saved.state)).toMatchObject({ side: 1, play: "goalKick" });
  });

  it("a die too short to reach the ball is a miss; so is a run with no such path over empty cells", () => {
    const s = ready([1, 6], [19, 3], [16, 4], [13, 4]);
    const { state, notes } = playedFull(s, { type: "penaltyRun", die: 1 });
    expect(notes.find((n) => n.type === "penaltyMissed")).toMatchObject({ why: "short" });
    expect(stageOf(state)).toMatchObject({ side: 1, play: "goalKick", step: "place" });
    // Kicker in front of the ball (nearer the goal line): every shortest path steps away from it.
    const behind = ready([2, 5], [19, 3], [15, 4], [17, 0]);
    expect(legal(behind).every((m) => m.type === "penaltyRun" && m.slide === "none")).toBe(true);
    expect(playedFull(behind, { type: "penaltyRun", die: 5 }).notes.map((n) => n.type)).toContain("penaltyMissed");
  });

  it("surplus points move kicker and ball together along y over token-free field cells; if neither direction is free, the surplus lapses", () => {
    const s = ready([3, 2]);
    const north = played(s, { type: "penaltyRun", die: 3, slide: "N" });
    expect(tokenAt(north, 0, 7)).toEqual([16, 3]);
    expect(xy(north.ball!)).toEqual([16, 3]);
    expect(refusal(s, { type: "penaltyRun", die: 3, slide: "none" })).toBe("BAD_SLIDE");
    const blocked = { ...s, tokens: s.tokens.map((c, i) => (i === tokenIndex(1, 2) ? cellOf(16, 3) : i === tokenIndex(1, 3) ? cellOf(16, 5) : c)) };
    expect(legal(blocked).filter((m) => m.type === "penaltyRun" && m.die === 3)).toEqual([{ type: "penaltyRun", die: 3, slide: "none" }]);
    // Left out, the engine picks N first and records it.
    expect(playedFull(s, { type: "penaltyRun", die: 3 }).move).toEqual({ type: "penaltyRun", die: 3, slide: "N" });
  });

  it("the shot flies over tokens, scores on entering the goal zone (it may be longer than needed), and is a miss when too short; the adjacency rule for kicks does not apply", () => {
    const s = ready([2, 6]);
    const crowded = { ...s, tokens: s.tokens.map((c, i) => (i === tokenIndex(1, 2) ? cellOf(17, 4) : c)) };
    const run = played(crowded, { type: "penaltyRun", die: 2 });
    expect(played(run, { type: "penaltyShot", direction: "E" }).score).toEqual([1, 0]);
    const short = played(ready([2, 1]), { type: "penaltyRun", die: 2 });
    const { notes, state } = playedFull(short, { type: "penaltyShot", direction: "E" });
    expect(notes.find((n) => n.type === "penaltyMissed")).toMatchObject({ why: "wide" });
    expect(stageOf(state).play).toBe("goalKick");
  });

  it("the shot comes after the run; offside does not apply to a penalty shot", () => {
    const s = ready([2, 3]);
    expect(refusal(s, { type: "penaltyShot", direction: "E" })).toBe("RUN_FIRST");
    const marked = { ...s, stage: { ...stageOf(s), offside: [tokenIndex(0, 7)] } };
    expect(played(played(marked, { type: "penaltyRun", die: 2 }), { type: "penaltyShot", direction: "E" }).score).toEqual([1, 0]);
  });

  it("with several seats: the defending keeper's seat places the keeper; the attacking side's next seat takes the penalty with its own field tokens", () => {
    const s = position({ seats: 4, options: { keeperSeat: { home: 0, away: 1 } }, rest: "bench", home: { 3: [10, 4] }, away: { 1: [14, 4] }, holder: 3, dice: [1, 3], used: [true, false], actions: 1 });
    const p = played(s, kick(3, 3, "E"));
    expect(rules.turn(p)).toEqual({ phase: "move", seats: [3], awaiting: "penaltyKeeper" });
    const b = played(played(p, { type: "penaltyKeeper", at: { x: 19, y: 4 } }), { type: "penaltyBall", at: { x: 16, y: 4 } });
    expect(seatOf(b)).toBe(1);
    expect(new Set(legal(b).map((m) => (m as { token: number }).token))).toEqual(new Set([7, 8, 9, 10, 11]));
  });

  it("a penalty with no cell for the ball is a miss (the pass the match layer makes)", () => {
    const k = played(awarded(), { type: "penaltyKeeper", at: { x: 19, y: 4 } });
    const full = { ...k, tokens: k.tokens.map((c, i) => c) };
    // Fill every legal ball cell with tokens from the benches.
    const cells = legal(k).map((m) => at([(m as { at: { x: number } }).at.x, (m as { at: { y: number } }).at.y]));
    const movers = [...Array(22).keys()].filter((i) => ![tokenIndex(1, 1), tokenIndex(0, 1)].includes(i)).slice(0, cells.length);
    const tokens = full.tokens.slice();
    movers.forEach((i, j) => (tokens[i] = cells[j]!));
    const jammed = { ...full, tokens };
    if (legal(jammed).length === 0) {
      expect(rules.mustPass(jammed)).toEqual({ seat: 0, reason: "NO_LEGAL_MOVE" });
      const passed = passNow(rules, jammed);
      expect(passed.ok && stageOf(passed.value).play).toBe("goalKick");
    }
    expect(cells.length).toBeLessThanOrEqual(20);
  });
});

export type { FootballMove };
