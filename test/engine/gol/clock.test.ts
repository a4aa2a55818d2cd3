import { describe, expect, it } from "vitest";
import { cellOf } from "../../../src/engine/gol/field.js";
import { minuteOf } from "../../../src/engine/gol/state.js";
import type { Note } from "../../../src/engine/ruleset.js";
import { act, acts, END, kick, legal, mv, rules, scene, start, trip } from "./fixtures.js";

/** Plays the turn under way with the first legal move each time until endTurn is legal, then ends it. */
const quiet = (s: ReturnType<typeof start>) => {
  let current = s;
  const notes: Note[] = [];
  const side = s.turn!.side;
  while (current.turn?.side === side && current.turnsInHalf === s.turnsInHalf) {
    const moves = legal(current);
    const played = act(current, moves.find((m) => m.type === "endTurn") ?? moves.find((m) => m.type === "move")!);
    current = played.state;
    notes.push(...played.notes);
  }
  return { state: current, notes };
};

describe("the clock (17.18, 17.19)", () => {
  it("17.7, 17.22: the sides alternate whole turns", () => {
    let s = scene({ ball: [12, 9], minSecondary: 0 });
    const sides: string[] = [];
    for (let i = 0; i < 4; i++) {
      sides.push(s.turn!.side);
      s = quiet(s).state;
    }
    expect(sides).toEqual(["home", "away", "home", "away"]);
  });

  it("17.18: a minute is one turn of each side", () => {
    let s = scene({ ball: [12, 9], minSecondary: 0 });
    expect(minuteOf(s)).toBe(1);
    s = quiet(s).state;
    expect(minuteOf(s)).toBe(1);
    s = quiet(s).state;
    expect(minuteOf(s)).toBe(2);
    expect(s.turnsInHalf).toBe(2);
  });

  it("17.19: a half is 45 minutes by default: 90 turns", () => {
    expect(start().minutesPerHalf).toBe(45);
    expect(rules.view(start(), null)).toMatchObject({ clock: { half: 1, minute: 1, minutesPerHalf: 45, turnInHalf: 1, turnsPerHalf: 90 } });
  });

  it("ruling: half time after 2 x minutesPerHalf turns; away kicks off the second half from the formations", () => {
    const s = scene({ ball: [12, 9], minSecondary: 0, minutesPerHalf: 1, turnsInHalf: 1, side: "away", role: "defence" });
    const { state, notes } = quiet(s);
    expect(notes.slice(-3)).toEqual([
      { type: "turnEnded", side: "away", tempos: 4, reason: "endTurn" },
      { type: "halfTime", score: { home: 0, away: 0 } },
      { type: "kickoff", side: "away", reason: "secondHalf" },
    ]);
    expect(state).toMatchObject({ half: 2, turnsInHalf: 0, possession: "away", ball: cellOf(12, 9), pieces: start().formations });
    expect(state.turn).toMatchObject({ side: "away", role: "attack", kickoff: true });
    expect(minuteOf(state)).toBe(2);
  });

  it("ruling: full time after the second half; the score is in the outcome; equal scores are a draw", () => {
    const s = scene({ ball: [12, 9], minSecondary: 0, minutesPerHalf: 1, turnsInHalf: 1, half: 2, score: { home: 1, away: 1 } });
    const { state, notes } = quiet(s);
    expect(notes.at(-1)).toEqual({ type: "fullTime", score: { home: 1, away: 1 } });
    expect(state.turn).toBeNull();
    expect(rules.turn(state)).toEqual({ phase: "over", awaiting: "over" });
    expect(rules.outcome(state)).toMatchObject({ winningSides: [], detail: { result: "draw", winner: null, score: { home: 1, away: 1 } } });
    const won = quiet(scene({ ball: [12, 9], minSecondary: 0, minutesPerHalf: 1, turnsInHalf: 1, half: 2, score: { home: 0, away: 2 } })).state;
    expect(rules.outcome(won)).toMatchObject({ winningSides: ["away"], detail: { result: "win", winner: "away", score: { home: 0, away: 2 } } });
    expect(rules.play(won, 0, END)).toMatchObject({ ok: false, error: { reason: "GAME_OVER" } });
    expect(rules.legalMoves(won, 0)).toEqual([]);
  });

  it("ruling: every turn counts, cut short or not", () => {
    const s = scene({ home: { 9: [11, 9], 2: [2, 2] }, away: { 5: [13, 9] }, ball: [12, 9] });
    const { state } = act(s, mv(2, 3, 3));
    expect(state.turnsInHalf).toBe(1);
  });
});

describe("kickoffs after goals (ruling)", () => {
  it("ruling: after a goal the conceding side kicks off from the formations, an attacking turn", () => {
    const s = scene({ home: { 9: [18, 9] }, ball: [21, 9] });
    const { state, notes } = act(s, kick(9, "goal"));
    expect(notes.map((n) => n.type)).toEqual(["goal", "turnEnded", "kickoff"]);
    expect(notes[2]).toEqual({ type: "kickoff", side: "away", reason: "goal" });
    expect(state).toMatchObject({ possession: "away", ball: cellOf(12, 9), pieces: start().formations, score: { home: 1, away: 0 }, turnsInHalf: 1 });
    expect(state.turn).toMatchObject({ side: "away", role: "attack", kickoff: true, free: false });
    expect(state.goals).toEqual([{ side: "home", by: "home", piece: 9, half: 1, minute: 1 }]);
  });

  it("ruling: own goals count, and the conceding side kicks off even when that gives it two turns in a row; both turns count", () => {
    const s = scene({ home: { 3: [4, 9] }, ball: [2, 9] });
    const { state, notes } = act(s, kick(3, "goal"));
    expect(notes[0]).toEqual({ type: "goal", side: "away", by: "home", piece: 3, ownGoal: true, score: { home: 0, away: 1 } });
    expect(state.turn).toMatchObject({ side: "home", role: "attack", kickoff: true });
    expect(state.ball).toBe(cellOf(11, 9));
    expect(state.turnsInHalf).toBe(1);
    expect(quiet({ ...state, minSecondary: 0 }).state.turnsInHalf).toBe(2);
  });

  it("ruling: a goal in the last turn of the first half is followed by the second half's kickoff (away)", () => {
    const s = scene({ side: "away", away: { 9: [5, 9] }, ball: [2, 9], minutesPerHalf: 1, turnsInHalf: 1 });
    const { state, notes } = act(s, kick(9, "goal"));
    expect(notes.map((n) => n.type)).toEqual(["goal", "turnEnded", "halfTime", "kickoff"]);
    expect(state.turn).toMatchObject({ side: "away", kickoff: true });
    expect(state.half).toBe(2);
  });

  it("ruling: a goal in the last turn of the match is followed by full time", () => {
    const s = scene({ home: { 9: [18, 9] }, ball: [21, 9], minutesPerHalf: 1, turnsInHalf: 1, half: 2 });
    const { state, notes } = act(s, kick(9, "goal"));
    expect(notes.map((n) => n.type)).toEqual(["goal", "turnEnded", "fullTime"]);
    expect(rules.outcome(state)).toMatchObject({ winningSides: ["home"] });
  });

  it("ruling: a kickoff cancels a pending free-tempo exemption", () => {
    // Home loses the ball in the first half's last turn: away's free turn gives way to its kickoff.
    const s = scene({ home: { 9: [11, 9], 2: [2, 2] }, away: { 5: [13, 9] }, ball: [12, 9], minutesPerHalf: 1, turnsInHalf: 1 });
    const { state } = act(s, mv(2, 3, 3));
    expect(state.turn).toMatchObject({ side: "away", kickoff: true, free: false });
    expect(state.freeTempos).toBeNull();
  });

  it("ruling: a kickoff does not lift a trip's freeze", () => {
    const s = scene({ home: { 6: [16, 9], 9: [18, 11] }, away: { 3: [17, 9] }, ball: [21, 11] });
    const { state } = acts(s, trip(6, "away", 3), kick(9, "goal"));
    expect(state.turn).toMatchObject({ side: "away", kickoff: true });
    expect(state.frozen.away).toEqual([3]);
    expect(rules.play(state, 1, mv(3, 16, 3))).toMatchObject({ ok: false, error: { reason: "PIECE_FROZEN" } });
  });
});
