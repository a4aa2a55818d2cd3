import { rollNow, passNow } from "../../support/engine.js";
import { describe, expect, it } from "vitest";
import { cellOf } from "../../../src/engine/golnard-football/board.js";
import type { FootballState } from "../../../src/engine/golnard-football/state.js";
import { kick, legal, notesOf, played, playedFull, position, rules, stageOf, walk, walkKick, xy } from "./fixtures.js";

/** Home 6 walks onto the ball on 11,4 with the 1, then kicks with the 3. */
const passPosition = (extra: Parameters<typeof position>[0] = {}) =>
  position({ rest: "bench", home: { 6: [10, 4], 7: [15, 5], ...(extra.home ?? {}) }, ball: [11, 4], dice: [1, 3], ...extra, ...(extra.home ? { home: { 6: [10, 4], 7: [15, 5], ...extra.home } } : {}) });

/** Roll-ready: applies dice to a position whose turn is in its roll step. */
const roll = (s: FootballState, dice: [number, number]): FootballState => {
  const r = rollNow(rules, s, dice);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe("the pass bonus", () => {
  it("if the turn's second action is a kick and the ball lands next to another token of the kicker's side, that seat rolls again and takes an extra turn", () => {
    const s = played(passPosition(), walk(6, 1, [11, 4]));
    const { state, notes } = playedFull(s, kick(6, 3, "E"));
    expect(xy(state.ball!)).toEqual([14, 4]);
    expect(stageOf(state)).toMatchObject({ side: 0, seat: 0, play: "ordinary", extra: true, bonus: true, step: "roll" });
    expect(rules.turn(state)).toEqual({ phase: "roll", seats: [0], count: 2, awaiting: "extraTurn" });
    expect(notes.find((n) => n.type === "extraTurn")).toMatchObject({ side: "home", reason: "passBonus" });
  });

  it("a turn in which one token walks with both dice earns none, wherever it leaves the ball", () => {
    const s = played(passPosition({ home: { 7: [13, 5] } }), walk(6, 1, [11, 4]));
    const after = played(s, walk(6, 3, [13, 4], { ball: true, drop: [14, 4] }));
    expect(stageOf(after)).toMatchObject({ side: 1, extra: false });
  });

  it("only the second action counts: a kick with the first die that lands next to a team-mate earns nothing", () => {
    const s = position({ rest: "bench", home: { 6: [10, 4], 7: [15, 5] }, away: { 2: [12, 3] }, ball: [11, 4], dice: [4, 2] });
    const first = played(s, walkKick(6, 4, [11, 4], 3, "E"));
    expect(xy(first.ball!)).toEqual([14, 4]);
    expect(stageOf(first)).toMatchObject({ side: 0, step: "move", used: [true, false] });
  });

  it("any kick taken as the second action counts for the pass bonus (a blocked dribble's too)", () => {
    const s = position({ rest: "bench", home: { 6: [10, 4], 7: [15, 5], 8: [5, 5] }, away: { 2: [12, 3] }, ball: [11, 4], dice: [2, 4], used: [true, false], actions: 1 });
    const { state } = playedFull(s, walkKick(6, 4, [11, 4], 3, "E"));
    expect(stageOf(state)).toMatchObject({ side: 0, extra: true, bonus: true });
  });

  it("an extra turn earns its side no further extra turn: a pass bonus lapses", () => {
    const s = played(passPosition({ extra: true }), walk(6, 1, [11, 4]));
    const { state, notes } = playedFull(s, kick(6, 3, "E"));
    expect(notes.map((n) => n.type)).toContain("passBonusLapsed");
    expect(stageOf(state)).toMatchObject({ side: 1, extra: false });
  });

  it("extra turns do not count toward a half's length", () => {
    const s = played(passPosition({ counted: [3, 3] }), walk(6, 1, [11, 4]));
    const bonus = played(s, kick(6, 3, "E"));
    expect(bonus.counted).toEqual([4, 3]);
    const rolled = roll(bonus, [2, 2]);
    const moved = played(played(rolled, walk(7, 2, [15, 7])), walk(7, 2, [15, 9 - 2]));
    expect(moved.counted).toEqual([4, 3]);
    expect(stageOf(moved).side).toBe(1);
  });
});

describe("seats", () => {
  it("sides alternate, a side's seats rotate, a seat moves only its own tokens", () => {
    const s = position({ seats: 4, rest: "bench", home: { 3: [10, 4], 8: [10, 6] }, ball: [15, 1], dice: [1, 2] });
    expect(legal(s).every((m) => "token" in m && m.token >= 1 && m.token <= 6)).toBe(true);
    expect(rules.play(s, 0, walk(8, 1, [10, 7])).ok ? "" : (rules.play(s, 0, walk(8, 1, [10, 7])) as { error: { reason: string } }).error.reason).toBe("NOT_YOUR_TOKEN");
    expect(rules.play(s, 1, walk(8, 1, [10, 7])).ok ? "" : (rules.play(s, 1, walk(8, 1, [10, 7])) as { error: { reason: string } }).error.reason).toBe("NOT_YOUR_TURN");
    const seats: number[] = [];
    let t = s;
    for (let i = 0; i < 5; i++) {
      seats.push(stageOf(t).seat);
      const side = stageOf(t).side;
      while (stageOf(t).side === side && stageOf(t).step === "move") {
        const moves = legal(t).filter((m) => m.type === "walk" && !m.ball);
        t = moves.length > 0 ? played(t, moves[0]!) : (passNow(rules, t) as { value: FootballState }).value;
      }
      t = roll(t, [1, 2]);
    }
    expect(seats).toEqual([0, 2, 1, 3, 0]);
  });

  it("the pass-bonus extra turn is taken by the same seat; a set piece by the side's next seat", () => {
    const s = position({ seats: 4, rest: "bench", home: { 3: [10, 4], 2: [15, 5] }, ball: [11, 4], dice: [1, 3] });
    const bonus = played(played(s, walk(3, 1, [11, 4])), kick(3, 3, "E"));
    expect(stageOf(bonus)).toMatchObject({ side: 0, seat: 0, bonus: true });
    const out = position({ seats: 4, rest: "bench", home: { 3: [10, 2] }, away: { 2: [10, 0] }, holder: 3, dice: [1, 3], used: [true, false], actions: 1 });
    expect(stageOf(played(out, kick(3, 3, "N")))).toMatchObject({ side: 0, seat: 1, play: "throwIn", extra: true });
    const rotated = { ...out, rotation: [0, 0] as const };
    expect(stageOf(played(rotated, kick(3, 3, "N")))).toMatchObject({ side: 0, seat: 0, play: "throwIn" });
  });
});

describe("extra turns", () => {
  it("the kickoff after an own goal is an extra turn for the side that scored it against itself", () => {
    const s = position({ rest: "bench", home: { 6: [3, 4] }, holder: 6, dice: [1, 3], used: [true, false], actions: 1 });
    const after = played(s, kick(6, 3, "W"));
    expect(stageOf(after)).toMatchObject({ side: 0, play: "kickoff", extra: true });
    expect(xy(after.ball!)).toEqual([9, 4]);
  });

  it("in an extra turn the kickoff after an own goal is taken by the other side from its own spot", () => {
    const s = position({ extra: true, rest: "bench", home: { 6: [3, 4] }, holder: 6, dice: [1, 3], used: [true, false], actions: 1 });
    const { state, notes } = playedFull(s, kick(6, 3, "W"));
    expect(stageOf(state)).toMatchObject({ side: 1, play: "kickoff", extra: false });
    expect(xy(state.ball!)).toEqual([10, 5]);
    expect(notes.find((n) => n.type === "converted")).toMatchObject({ from: "kickoff", to: "kickoff", side: "away" });
  });

  it("in an extra turn a throw-in won by kicking out over an opponent goes to the other side, from the same exit", () => {
    const over = position({ extra: true, rest: "bench", home: { 6: [10, 2] }, away: { 2: [10, 0] }, holder: 6, dice: [1, 3], used: [true, false], actions: 1 });
    const converted = playedFull(over, kick(6, 3, "N"));
    expect(stageOf(converted.state)).toMatchObject({ side: 1, play: "throwIn", extra: false });
    expect(converted.notes.find((n) => n.type === "converted")).toMatchObject({ from: "throwIn", to: "throwIn", side: "away" });
    expect(xy(converted.state.ball!)).toEqual([11, 0]);
  });

  it("in an extra turn a corner becomes a goal kick for the other side", () => {
    const s = position({ extra: true, rest: "bench", home: { 6: [16, 2] }, away: { 1: [14, 0], 2: [18, 2] }, holder: 6, dice: [1, 4], used: [true, false], actions: 1 });
    const { state, notes } = playedFull(s, kick(6, 4, "E"));
    expect(stageOf(state)).toMatchObject({ side: 1, play: "goalKick", extra: false });
    expect(notes.find((n) => n.type === "converted")).toMatchObject({ from: "corner", to: "goalKick" });
  });

  it("a goal kick is an extra turn for the side that kicked it out over its own goal line over an opponent; in an extra turn it becomes a corner for the other side, or without corners a throw-in for it from the exit cell", () => {
    const base = { rest: "bench" as const, home: { 6: [3, 1] as const, 1: [1, 5] as const }, away: { 2: [1, 1] as const }, holder: 6, dice: [1, 5] as const, used: [true, false] as const, actions: 1 };
    // From 4,1 over away 2 on 2,1 and out beyond 0,1: the attackers touched it last.
    const s = position({ ...base, home: { 6: [4, 1], 1: [1, 5] } });
    expect(stageOf(played(s, kick(6, 5, "W")))).toMatchObject({ side: 0, play: "goalKick", extra: true });
    const extra = position({ ...base, home: { 6: [4, 1], 1: [1, 5] }, extra: true });
    expect(stageOf(played(extra, kick(6, 5, "W")))).toMatchObject({ side: 1, play: "corner" });
    const noCorners = position({ ...base, home: { 6: [4, 1], 1: [1, 5] }, extra: true, options: { corners: false } });
    const t = played(noCorners, kick(6, 5, "W"));
    expect(stageOf(t)).toMatchObject({ side: 1, play: "throwIn", line: "goal" });
    expect(xy(t.ball!)).toEqual([0, 1]);
  });

  it("a penalty is still awarded and taken in an extra turn, so within a half a side never plays more than three turns in a row", () => {
    const s = position({ extra: true, run: 2, rest: "bench", home: { 6: [10, 4] }, away: { 1: [14, 4] }, holder: 6, dice: [1, 3], used: [true, false], actions: 1 });
    const after = played(s, kick(6, 3, "E"));
    expect(stageOf(after)).toMatchObject({ side: 0, play: "penalty", extra: true });
    expect(after.run).toEqual({ side: 0, length: 3 });
  });
});

describe("the end of a half", () => {
  it("after both sides have had N counted turns the half ends; the other side kicks off the second half from the formations", () => {
    const s = position({ options: { halfTurns: 4 }, counted: [4, 3], side: "away", rest: "bench", away: { 6: [10, 4] }, ball: [15, 1], dice: [1, 2] });
    const a = played(s, walk(6, 1, [10, 5]));
    const { state, notes } = playedFull(a, walk(6, 2, [10, 7]));
    expect(notes.map((n) => n.type)).toEqual(expect.arrayContaining(["halfTime", "kickoff"]));
    expect(state.period).toBe(2);
    expect(state.counted).toEqual([0, 0]);
    expect(state.tokens).toEqual(state.formation);
    expect(stageOf(state)).toMatchObject({ side: 1, play: "kickoff" });
    expect(state.ball).toBe(cellOf(10, 5));
  });

  it("a pending extra turn of the side that just moved is still played; a set piece due to the other side lapses", () => {
    const s = played(passPosition({ options: { halfTurns: 4 }, counted: [3, 4] }), walk(6, 1, [11, 4]));
    const bonus = played(s, kick(6, 3, "E"));
    expect(bonus.period).toBe(1);
    expect(stageOf(bonus)).toMatchObject({ side: 0, bonus: true });
    const out = position({ options: { halfTurns: 4 }, counted: [3, 4], rest: "bench", home: { 6: [10, 2] }, holder: 6, dice: [1, 3], used: [true, false], actions: 1 });
    const { state, notes } = playedFull(out, kick(6, 3, "N"));
    expect(notes.map((n) => n.type)).not.toContain("throwInAwarded");
    expect(state.period).toBe(2);
  });

  it("dice lapsing: when the ball goes out with the first die the second lapses with a note", () => {
    const s = position({ rest: "bench", home: { 6: [10, 2] }, away: { 2: [11, 2] }, ball: [10, 1], dice: [3, 2] });
    expect(notesOf(s, walkKick(6, 3, [10, 1], 2, "N"))).toEqual(expect.arrayContaining(["out", "throwInAwarded", "diceLapsed"]));
  });
});
