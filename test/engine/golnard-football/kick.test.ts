import { describe, expect, it } from "vitest";
import { tokenIndex } from "../../../src/engine/golnard-football/state.js";
import { kick, legal, notesOf, played, playedFull, position, refusal, stageOf, tokenAt, walk, walkKick, xy, rules } from "./fixtures.js";

const kicks = (s: ReturnType<typeof position>) => legal(s).filter((m) => m.type === "kick").map((m) => `${(m as { die: number }).die}${(m as { direction: string }).direction}`).sort();

/** Home token 6 holds the ball on 10,4 with the second die (3) to play; the rest on the bench. */
const holding = (extra: { home?: Record<number, readonly [number, number]>; away?: Record<number, readonly [number, number]> } = {}) =>
  position({ rest: "bench", home: { 6: [10, 4], ...extra.home }, away: { ...extra.away }, holder: 6, dice: [1, 3], used: [true, false], actions: 1 });

describe("kicks", () => {
  it("KICK (die d): the token holding the ball kicks it exactly d cells in a straight line in one of the 8 directions", () => {
    const s = holding();
    expect(kicks(s)).toEqual(["3E", "3N", "3NE", "3NW", "3S", "3SE", "3SW", "3W"]);
    const after = played(s, kick(6, 3, "E"));
    expect(xy(after.ball!)).toEqual([13, 4]);
    expect(after.holder).toBeNull();
  });

  it("only the token holding the ball kicks", () => {
    const s = position({ rest: "bench", home: { 6: [10, 4] }, ball: [11, 4], dice: [1, 3] });
    expect(refusal(s, kick(6, 3, "E"))).toBe("NOT_HOLDER");
  });

  it("the ball flies over tokens, except that it cannot start over a token adjacent to the kicker in that direction", () => {
    const s = holding({ away: { 2: [12, 4], 3: [9, 4] } });
    expect(xy(played(s, kick(6, 3, "E")).ball!)).toEqual([13, 4]);
    expect(refusal(s, kick(6, 3, "W"))).toBe("KICK_BLOCKED");
    expect(kicks(s)).not.toContain("3W");
  });

  it("it must land on an empty cell", () => {
    const s = holding({ away: { 2: [13, 4] } });
    expect(refusal(s, kick(6, 3, "E"))).toBe("LANDING_OCCUPIED");
  });

  it("a blocked dribble: a dribbler with an opposing token adjacent may stop mid-walk and spend the rest of that die as a kick", () => {
    const s = position({ rest: "bench", home: { 6: [10, 4] }, away: { 2: [12, 3] }, ball: [11, 4], dice: [4, 1] });
    const dribbles = legal(s).filter((m) => m.type === "walkKick");
    expect(dribbles.length).toBeGreaterThan(0);
    expect(dribbles.every((m) => m.type === "walkKick" && Math.max(Math.abs(m.stop.x - 12), Math.abs(m.stop.y - 3)) === 1)).toBe(true);
    const { state, move } = playedFull(s, walkKick(6, 4, [11, 4], 3, "S"));
    expect(tokenAt(state, 0, 6)).toEqual([11, 4]);
    expect(xy(state.ball!)).toEqual([11, 7]);
    expect(move).toMatchObject({ type: "walkKick", stop: { x: 11, y: 4 }, length: 3, path: [{ x: 11, y: 4 }] });
    // No opposing token next to the stop: no kick mid-walk.
    expect(refusal(s, walkKick(6, 4, [10, 5], 2, "S"))).toBe("NOT_BLOCKED");
    expect(refusal(s, walkKick(6, 1, [11, 4], 1, "S"))).toBe("NO_ROUTE");
  });
});

describe("goals and catches", () => {
  it("goal: a ball entering a goal-zone cell scores against the side defending it; all tokens return to their formations, the ball goes to the conceding side's kickoff spot and that side moves", () => {
    const s = position({ rest: "bench", home: { 6: [16, 4] }, away: { 1: [14, 0] }, holder: 6, dice: [1, 3], used: [true, false], actions: 1 });
    const { state, notes } = playedFull(s, kick(6, 3, "E"));
    expect(state.score).toEqual([1, 0]);
    expect(notes.find((n) => n.type === "goal")).toMatchObject({ side: "home", against: "away", ownGoal: false, token: 6, at: { x: 19, y: 4 } });
    expect(state.tokens).toEqual(state.formation);
    expect(xy(state.ball!)).toEqual([10, 5]);
    expect(rules.turn(state)).toEqual({ phase: "roll", seats: [1], count: 2, awaiting: "kickoff" });
  });

  it("the ball may fly over the keeper only when the keeper is outside its goalkeeper and goal zones", () => {
    const s = position({ rest: "bench", home: { 6: [14, 4] }, away: { 1: [16, 4] }, holder: 6, dice: [1, 5], used: [true, false], actions: 1 });
    expect(played(s, kick(6, 5, "E")).score).toEqual([1, 0]);
  });

  it("a kick along column 0 or 19 may not enter the goal zone", () => {
    const s = position({ rest: "bench", home: { 6: [19, 1] }, away: { 1: [14, 0] }, holder: 6, dice: [1, 3], used: [true, false], actions: 1 });
    expect(refusal(s, kick(6, 3, "S"))).toBe("ALONG_GOAL_LINE");
    expect(kicks(s)).not.toContain("3S");
  });

  it("own goals count: a ball entering its own goal zone scores even when its own side kicked it past its own keeper", () => {
    const s = position({ rest: "bench", home: { 6: [3, 4], 1: [1, 4] }, holder: 6, dice: [1, 3], used: [true, false], actions: 1 });
    const { state, notes } = playedFull(s, kick(6, 3, "W"));
    expect(state.score).toEqual([0, 1]);
    expect(notes.find((n) => n.type === "goal")).toMatchObject({ side: "away", against: "home", ownGoal: true });
  });

  it("catch: an opposing kick whose path reaches a keeper standing in its own goalkeeper or goal zone stops on the cell in front of it (before the goal test); the keeper's side takes a goal kick", () => {
    const s = position({ rest: "bench", home: { 6: [15, 4] }, away: { 1: [18, 4] }, holder: 6, dice: [1, 5], used: [true, false], actions: 1 });
    const { state, notes } = playedFull(s, kick(6, 5, "E"));
    expect(notes.find((n) => n.type === "catch")).toMatchObject({ side: "away", at: { x: 17, y: 4 } });
    expect(notes).toEqual(expect.arrayContaining([expect.objectContaining({ type: "goalKickAwarded", side: "away" })]));
    expect(state.score).toEqual([0, 0]);
    expect(rules.turn(state)).toEqual({ phase: "move", seats: [1], awaiting: "goalKick" });
    // A keeper standing in its goal zone catches a ball that would score.
    const inGoal = position({ rest: "bench", home: { 6: [16, 4] }, away: { 1: [19, 4] }, holder: 6, dice: [1, 3], used: [true, false], actions: 1 });
    expect(notesOf(inGoal, kick(6, 3, "E"))).toContain("catch");
  });

  it("a keeper outside those zones is flown over; only an opposing kick is caught", () => {
    const out = position({ rest: "bench", home: { 6: [11, 4] }, away: { 1: [13, 4] }, holder: 6, dice: [1, 4], used: [true, false], actions: 1 });
    expect(xy(played(out, kick(6, 4, "E")).ball!)).toEqual([15, 4]);
    const own = position({ rest: "bench", home: { 6: [5, 4], 1: [2, 4] }, holder: 6, dice: [1, 4], used: [true, false], actions: 1 });
    expect(xy(played(own, kick(6, 4, "W")).ball!)).toEqual([1, 4]);
  });

  it("the turn ends at once when the ball is caught: unused dice lapse", () => {
    const s = position({ rest: "bench", home: { 6: [14, 4] }, away: { 1: [18, 4] }, ball: [15, 4], dice: [1, 5] });
    const held = played(s, walk(6, 1, [15, 4]));
    expect(notesOf(held, kick(6, 5, "E"))).toContain("catch");
    // A blocked dribble's kick caught with the first die: the second die lapses.
    const early = position({ rest: "bench", home: { 6: [14, 4] }, away: { 1: [18, 4], 2: [16, 3] }, ball: [15, 4], dice: [5, 2] });
    const { notes } = playedFull(early, walkKick(6, 5, [15, 4], 4, "E"));
    expect(notes.map((n) => n.type)).toEqual(expect.arrayContaining(["catch", "diceLapsed"]));
  });
});

describe("out of play", () => {
  it("touch line: the last toucher's opponents throw in (the last toucher is the kicker when it flew over nobody)", () => {
    const s = holding({ home: { 6: [10, 2] } });
    const { state, notes } = playedFull(s, kick(6, 3, "N"));
    expect(notes.find((n) => n.type === "out")).toMatchObject({ line: "touch", at: { x: 10, y: 0 }, lastToucher: { side: "home", token: 6 } });
    expect(stageOf(state)).toMatchObject({ side: 1, play: "throwIn", extra: false, line: "touch" });
    expect(xy(state.ball!)).toEqual([10, 0]);
  });

  it("last toucher: the last token the ball flew over before it left the field; kicked out over an opponent, the kicking side throws in as an extra turn", () => {
    const s = holding({ home: { 6: [10, 2] }, away: { 2: [10, 0] } });
    const { state, notes } = playedFull(s, kick(6, 3, "N"));
    expect(notes.find((n) => n.type === "out")).toMatchObject({ lastToucher: { side: "away", token: 2 } });
    expect(stageOf(state)).toMatchObject({ side: 0, play: "throwIn", extra: true });
    expect(rules.turn(state)).toMatchObject({ awaiting: "throwIn" });
    // Over a team-mate: the opponents throw in.
    const mate = holding({ home: { 6: [10, 2], 7: [12, 0] }, away: {} });
    expect(stageOf(played(mate, kick(6, 3, "NE")))).toMatchObject({ side: 1, extra: false });
    const over = holding({ home: { 6: [10, 2], 7: [10, 0] } });
    expect(stageOf(played(over, kick(6, 3, "N")))).toMatchObject({ side: 1, extra: false });
  });

  it("goal line: a corner if the last toucher belongs to the defending side, else a goal kick", () => {
    const overDefender = position({ rest: "bench", home: { 6: [16, 2] }, away: { 1: [14, 0], 2: [18, 2] }, holder: 6, dice: [1, 4], used: [true, false], actions: 1 });
    const corner = played(overDefender, kick(6, 4, "E"));
    expect(stageOf(corner)).toMatchObject({ side: 0, play: "corner", extra: true, line: "goal" });
    expect(xy(corner.ball!)).toEqual([19, 0]);
    const clean = position({ rest: "bench", home: { 6: [16, 2] }, away: { 1: [14, 0] }, holder: 6, dice: [1, 4], used: [true, false], actions: 1 });
    expect(stageOf(played(clean, kick(6, 4, "E")))).toMatchObject({ side: 1, play: "goalKick", step: "place" });
  });

  it("a diagonal exit through a corner cell counts as crossing the goal line", () => {
    const s = position({ rest: "bench", home: { 6: [16, 3] }, away: { 1: [14, 0], 2: [18, 1] }, holder: 6, dice: [1, 4], used: [true, false], actions: 1 });
    // 16,3 -> 17,2 -> 18,1 (over away 2) -> 19,0, the corner cell -> out beyond it: the goal line, last touched by the defender.
    const { notes, state } = playedFull(s, kick(6, 4, "NE"));
    expect(notes.find((n) => n.type === "out")).toMatchObject({ line: "goal", at: { x: 19, y: 0 } });
    expect(stageOf(state).play).toBe("corner");
  });
});

describe("the penalty award", () => {
  it("an opposing kick that ends next to a goalkeeper standing outside its own penalty area awards a penalty; the turn ends at once", () => {
    const s = position({ rest: "bench", home: { 6: [10, 4] }, away: { 1: [14, 4] }, holder: 6, dice: [1, 3], used: [true, false], actions: 1 });
    const { state, notes } = playedFull(s, kick(6, 3, "E"));
    expect(notes.find((n) => n.type === "penaltyAwarded")).toMatchObject({ side: "home", at: { x: 13, y: 4 } });
    expect(stageOf(state)).toMatchObject({ side: 0, play: "penalty", step: "keeper", extra: true });
    expect(rules.turn(state)).toEqual({ phase: "move", seats: [1], awaiting: "penaltyKeeper" });
  });

  it("keepers may leave the area: next to a keeper inside its penalty area, or after the team's own kick, there is no award", () => {
    const inside = position({ rest: "bench", home: { 6: [12, 4] }, away: { 1: [16, 4] }, holder: 6, dice: [1, 3], used: [true, false], actions: 1 });
    expect(notesOf(inside, kick(6, 3, "E"))).not.toContain("penaltyAwarded");
    const own = position({ rest: "bench", home: { 6: [10, 4], 1: [14, 4] }, holder: 6, dice: [1, 3], used: [true, false], actions: 1 });
    expect(notesOf(own, kick(6, 3, "E"))).not.toContain("penaltyAwarded");
  });

  it("any kick counts for the award: a blocked dribble's kick too, and it ends the turn with the other die unused", () => {
    const s = position({ rest: "bench", home: { 6: [9, 4] }, away: { 1: [14, 4], 2: [11, 3] }, ball: [10, 4], dice: [4, 2] });
    const { notes } = playedFull(s, walkKick(6, 4, [10, 4], 3, "E"));
    expect(notes.map((n) => n.type)).toEqual(expect.arrayContaining(["penaltyAwarded", "diceLapsed"]));
  });

  it("without penalties there is no award at all: the kick stands and the turn goes on", () => {
    const s = position({ options: { penalties: false }, rest: "bench", home: { 6: [9, 4] }, away: { 1: [14, 4], 2: [11, 3] }, ball: [10, 4], dice: [4, 2] });
    const { state, notes } = playedFull(s, walkKick(6, 4, [10, 4], 3, "E"));
    expect(notes.map((n) => n.type)).not.toContain("penaltyAwarded");
    expect(xy(state.ball!)).toEqual([13, 4]);
    expect(stageOf(state)).toMatchObject({ side: 0, step: "move", used: [true, false] });
  });
});

describe("offside", () => {
  it("a field token that, when its side's turn starts, stands in the opponent half nearer the opponent goal line than the ball and every opposing field token (keepers do not count) is offside for that whole turn", () => {
    // Away on its formation: its field tokens nearest its goal line stand on x = 14; its keeper on 18,5 does not count.
    const s = position({ home: { 6: [15, 4], 7: [13, 2] }, ball: [12, 4], dice: [2, 3] });
    expect(stageOf(s).offside).toEqual([tokenIndex(0, 6)]);
    expect(stageOf(position({ home: { 6: [15, 4] }, ball: [16, 4], dice: [2, 3] })).offside).toEqual([]);
    expect(stageOf(position({ home: { 6: [14, 4] }, ball: [12, 4], dice: [2, 3] })).offside).toEqual([]);
    // The away bench stands on x 10..19, y 9: a defender on 19,9 puts nobody offside.
    const bench = position({ rest: "bench", home: { 6: [15, 4] }, ball: [12, 4], dice: [2, 3], offside: undefined });
    expect(stageOf(bench).offside).toEqual([]);
  });

  it("it may not kick in any of the three directions whose x-component points toward that goal line", () => {
    const s = position({ rest: "bench", home: { 6: [15, 4] }, ball: [15, 5], dice: [1, 3], offside: [6] });
    const held = played(s, walk(6, 1, [15, 5]));
    expect(refusal(held, kick(6, 3, "E"))).toBe("OFFSIDE");
    expect(refusal(held, kick(6, 3, "NE"))).toBe("OFFSIDE");
    expect(refusal(held, kick(6, 3, "SE"))).toBe("OFFSIDE");
    expect(kicks(held).sort()).toEqual(["3N", "3NW", "3S", "3SW", "3W"]);
  });

  it("it applies to blocked dribbles too", () => {
    const s = position({ rest: "bench", home: { 6: [15, 4] }, away: { 2: [17, 5] }, ball: [16, 4], dice: [4, 1], offside: [6] });
    expect(refusal(s, walkKick(6, 4, [16, 4], 3, "E"))).toBe("OFFSIDE");
    expect(legal(s).filter((m) => m.type === "walkKick").every((m) => m.type === "walkKick" && !["E", "NE", "SE"].includes(m.direction))).toBe(true);
  });

  it("a token that carries the ball past the defenders during its turn is not offside", () => {
    const s = position({ rest: "bench", home: { 6: [12, 4] }, away: { 2: [14, 5] }, ball: [13, 4], dice: [3, 2] });
    expect(stageOf(s).offside).toEqual([]);
    const carried = played(s, walk(6, 3, [15, 4], { ball: true }));
    expect(kicks(carried)).toContain("2E");
  });

  it("without offside nobody is ever offside", () => {
    const s = position({ options: { offside: false }, rest: "bench", home: { 6: [15, 4], 7: [13, 2] }, away: { 1: [18, 4], 2: [14, 6] }, ball: [12, 4], dice: [2, 3] });
    expect(stageOf(s).offside).toEqual([]);
  });
});
