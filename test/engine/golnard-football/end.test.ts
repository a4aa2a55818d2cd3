import { rollNow, passNow } from "../../support/engine.js";
import { describe, expect, it } from "vitest";
import { cellOf } from "../../../src/engine/golnard-football/board.js";
import type { FootballMove } from "../../../src/engine/golnard-football/move-schema.js";
import type { FootballState } from "../../../src/engine/golnard-football/state.js";
import { kick, legal, played, playedFull, position, rules, seatOf, stageOf, walk } from "./fixtures.js";
import type { Note } from "../../../src/engine/ruleset.js";

const roll = (s: FootballState, dice: [number, number]): FootballState => {
  const r = rollNow(rules, s, dice);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** Plays the side's turn out with plain walks (a pass when it has none); collects the notes. */
function finishTurn(s: FootballState, notes: Note[] = []): FootballState {
  const side = stageOf(s).side;
  let t = s;
  while (t.stage.kind === "turn" && stageOf(t).side === side && stageOf(t).step === "move") {
    const moves = legal(t).filter((m) => m.type === "walk" && !m.ball);
    if (moves.length === 0) {
      const p = passNow(rules, t);
      if (!p.ok) throw new Error(p.error.message);
      t = p.value;
    } else {
      const r = playedFull(t, moves[0]!);
      notes.push(...r.notes);
      t = r.state;
    }
  }
  return t;
}

/** The last counted turn of period `period` is away's, in progress. */
const lastTurn = (options: Record<string, unknown>, period: number, score: [number, number] = [0, 0]) =>
  position({ options, period, counted: [period <= 2 ? ((options.halfTurns as number) ?? 20) : Math.max(1, Math.floor(((options.halfTurns as number) ?? 20) / 3)), ((options.halfTurns as number) ?? 20) - 1], side: "away", score, rest: "bench", away: { 6: [10, 4] }, ball: [15, 1], dice: [1, 2] });

/** One shoot-out kick: the keeper away from (or on) the shot's line, ball and kicker in line, a 2 to run and a 3 to shoot. */
function shootoutKick(s: FootballState, score: boolean): { state: FootballState; notes: Note[] } {
  const home = stageOf(s).side === 0;
  const m = (x: number) => (home ? x : 19 - x);
  const y = home ? 4 : 5;
  let t = played(s, { type: "penaltyKeeper", at: { x: m(19), y: score ? (home ? 3 : 6) : y } });
  t = played(t, { type: "penaltyBall", at: { x: m(16), y } });
  const kicker = legal(t).find((mv) => mv.type === "penaltyKicker" && mv.at.x === m(14) && mv.at.y === y)!;
  t = played(t, kicker);
  t = roll(t, [2, 3]);
  t = played(t, { type: "penaltyRun", die: 2 });
  const r = playedFull(t, { type: "penaltyShot", direction: home ? "E" : "W" });
  return { state: r.state, notes: [...r.notes] };
}

describe("the end: halves", () => {
  it("N ordinary turns per side per half: after the second half the side ahead wins; the score and the way it ended are in the outcome", () => {
    const notes: Note[] = [];
    const s = finishTurn(lastTurn({ halfTurns: 3 }, 2, [2, 1]), notes);
    expect(s.stage.kind).toBe("over");
    expect(notes.map((n) => n.type)).toEqual(expect.arrayContaining(["fullTime", "matchOver"]));
    expect(rules.outcome(s)).toEqual({ winningSides: ["home"], detail: { result: "win", ended: "fullTime", score: { home: 2, away: 1 }, periods: 2, turns: { home: 3, away: 3 } } });
    expect(rules.turn(s)).toEqual({ phase: "over", awaiting: "over" });
  });

  it("level at full time with a draw allowed: a draw (no winning side)", () => {
    const s = finishTurn(lastTurn({ halfTurns: 3 }, 2, [1, 1]));
    expect(rules.outcome(s)).toMatchObject({ winningSides: [], detail: { result: "draw", ended: "fullTime" } });
  });

  it("extraTime: two halves of max(1, N div 3) turns, kicked off by the first half's kicking side, then the other", () => {
    const s = finishTurn(lastTurn({ halfTurns: 3, extraTime: true }, 2, [1, 1]));
    expect(s.period).toBe(3);
    expect(stageOf(s)).toMatchObject({ side: s.firstKick, play: "kickoff" });
    expect(rules.view(s, null)).toMatchObject({ turnsPerSide: 1, period: 3 });
    const e1 = finishTurn(lastTurn({ halfTurns: 3, extraTime: true }, 3, [1, 1]));
    expect(e1.period).toBe(4);
    expect(stageOf(e1).side).toBe(1 - s.firstKick!);
    const e2 = finishTurn(lastTurn({ halfTurns: 3, extraTime: true }, 4, [1, 2]));
    expect(rules.outcome(e2)).toMatchObject({ winningSides: ["away"], detail: { ended: "extraTime", periods: 4 } });
    const level = finishTurn(lastTurn({ halfTurns: 3, extraTime: true }, 4, [1, 1]));
    expect(rules.outcome(level)).toMatchObject({ winningSides: [], detail: { ended: "extraTime", result: "draw" } });
  });

  it("a side ahead at full time wins without extra time", () => {
    const s = finishTurn(lastTurn({ halfTurns: 3, extraTime: true }, 2, [0, 1]));
    expect(rules.outcome(s)).toMatchObject({ winningSides: ["away"], detail: { ended: "fullTime" } });
  });
});

describe("the end: first to N goals", () => {
  it("first to N goals ends the match at once", () => {
    const s = position({ options: { mode: "goals", goals: 2 }, score: [1, 0], rest: "bench", home: { 6: [16, 4] }, away: { 1: [14, 0] }, holder: 6, dice: [1, 3], used: [true, false], actions: 1 });
    const { state, notes } = playedFull(s, kick(6, 3, "E"));
    expect(notes.map((n) => n.type)).toEqual(expect.arrayContaining(["goal", "matchOver"]));
    expect(rules.outcome(state)).toMatchObject({ winningSides: ["home"], detail: { ended: "goals", score: { home: 2, away: 0 } } });
  });

  it("maxTurns ordinary turns per side end the match like the end of a half, with no extra time: the side ahead wins, else a draw or the shoot-out", () => {
    const ahead = finishTurn(position({ options: { mode: "goals", maxTurns: 5 }, counted: [5, 4], score: [0, 1], side: "away", rest: "bench", away: { 6: [10, 4] }, ball: [15, 1], dice: [1, 2] }));
    expect(rules.outcome(ahead)).toMatchObject({ winningSides: ["away"], detail: { ended: "maxTurns" } });
    const level = finishTurn(position({ options: { mode: "goals", maxTurns: 5 }, counted: [5, 4], side: "away", rest: "bench", away: { 6: [10, 4] }, ball: [15, 1], dice: [1, 2] }));
    expect(rules.outcome(level)).toMatchObject({ winningSides: [], detail: { ended: "maxTurns", result: "draw" } });
    const shootout = finishTurn(position({ options: { mode: "goals", maxTurns: 5, shootout: true }, counted: [5, 4], side: "away", rest: "bench", away: { 6: [10, 4] }, ball: [15, 1], dice: [1, 2] }));
    expect(stageOf(shootout).play).toBe("shootout");
  });
});

describe("the shoot-out", () => {
  const start = (seats?: number) => finishTurn(lastTurn({ halfTurns: 3, shootout: true }, 2, [1, 1]));

  it("the first half's kicking side shoots first, at the other's goal, every token back on its formation; each kick is the penalty procedure", () => {
    const s = start();
    expect(stageOf(s)).toMatchObject({ play: "shootout", side: s.firstKick, step: "keeper" });
    expect(s.tokens).toEqual(s.formation);
    expect(rules.turn(s)).toEqual({ phase: "move", seats: [1 - s.firstKick!], awaiting: "shootoutKeeper" });
    const { state, notes } = shootoutKick(s, true);
    expect(notes.find((n) => n.type === "shootoutKick")).toMatchObject({ side: "home", scored: true, goals: [1, 0] });
    expect(state.score).toEqual([1, 1]);
    expect(stageOf(state)).toMatchObject({ play: "shootout", side: 1 });
    expect(state.tokens).toEqual(state.formation);
  });

  it("5 each, decided early when one side cannot catch up", () => {
    let s = start();
    const results: boolean[] = [true, false, true, false, true, false];
    for (const scored of results) s = shootoutKick(s, scored).state;
    // 3-0 after three kicks each: away cannot catch up with two left.
    expect(s.stage.kind).toBe("over");
    expect(rules.outcome(s)).toMatchObject({ winningSides: ["home"], detail: { ended: "shootout", score: { home: 1, away: 1 }, shootout: { home: 3, away: 0, kicks: { home: 3, away: 3 } } } });
  });

  it("then sudden-death pairs", () => {
    let s = start();
    for (let i = 0; i < 10; i++) s = shootoutKick(s, true).state;
    expect(stageOf(s).play).toBe("shootout");
    s = shootoutKick(s, true).state;
    expect(s.stage.kind).toBe("turn");
    s = shootoutKick(s, false).state;
    expect(rules.outcome(s)).toMatchObject({ winningSides: ["home"], detail: { shootout: { home: 6, away: 5 } } });
  });

  it("kickers rotate through the side's seats", () => {
    let s = finishTurn(position({ seats: 4, options: { halfTurns: 3, shootout: true }, period: 2, counted: [3, 2], side: "away", seat: 3, score: [0, 0], rest: "bench", away: { 8: [10, 4] }, ball: [15, 1], dice: [1, 2] }));
    const seats: number[] = [];
    for (let i = 0; i < 6; i++) {
      const t = played(s, { type: "penaltyKeeper", at: { x: stageOf(s).side === 0 ? 19 : 0, y: 3 } });
      seats.push(seatOf(t));
      s = shootoutKick(s, true).state;
    }
    expect(seats).toEqual([0, 2, 1, 3, 0, 2]);
  });
});

describe("the view", () => {
  it("draws the field, the tokens with side, seat and number, the ball, the holder, the score, the counters, the set piece and the turn", () => {
    const s = position({ seats: 4, rest: "bench", home: { 3: [10, 4] }, ball: [11, 4], dice: [1, 2] });
    const v = rules.view(s, 0) as Record<string, unknown>;
    expect(v).toMatchObject({ ruleset: "golnard-football", width: 20, height: 10, ball: { x: 11, y: 4 }, holder: null, score: { home: 0, away: 0 }, period: 1, you: 0 });
    expect((v.cells as unknown[]).length).toBe(200);
    expect((v.tokens as { side: string; seat: number; number: number }[]).find((t) => t.side === "home" && t.number === 8)).toMatchObject({ seat: 1, x: 6, y: 0 });
    expect(v.turn).toEqual({ phase: "move", awaiting: "turn", seats: [0], seat: 0 });
    const held = played(s, walk(3, 1, [11, 4]));
    expect(rules.view(held, null)).toMatchObject({ holder: { side: "home", number: 3 }, diceLeft: [2] });
    expect(rules.diceLeft(held)).toEqual([2]);
    expect(cellOf(0, 0)).toBe(0);
    void (null as unknown as FootballMove);
  });
});
