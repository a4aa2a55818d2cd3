import { passNow } from "../../support/engine.js";
import { describe, expect, it } from "vitest";
import { tokenIndex } from "../../../src/engine/golnard-football/state.js";
import { bruteForceLegalMoves } from "../../../src/engine/golnard-football/oracle.js";
import { ballMove, keys, kick, legal, legalKeys, notesOf, played, playedFull, position, refusal, rules, stageOf, tokenAt, walk, walkKick, xy } from "./fixtures.js";

/** Rulings of the project that the rule-by-rule files do not show on their own. */
describe("rulings", () => {
  it("ruling: a landing that earns both a penalty and the pass bonus is a penalty", () => {
    const s = position({ rest: "bench", home: { 6: [10, 4], 7: [14, 5] }, away: { 1: [14, 3] }, ball: [11, 4], dice: [1, 3] });
    const { state, notes } = playedFull(played(s, walk(6, 1, [11, 4])), kick(6, 3, "E"));
    expect(notes.map((n) => n.type)).toContain("penaltyAwarded");
    expect(stageOf(state)).toMatchObject({ play: "penalty", bonus: false });
  });

  it("ruling: the pass bonus counts any other token of the kicker's side, the keeper and other seats' tokens included", () => {
    const keeper = position({ rest: "bench", home: { 6: [10, 4], 1: [14, 5] }, ball: [11, 4], dice: [1, 3] });
    expect(stageOf(played(played(keeper, walk(6, 1, [11, 4])), kick(6, 3, "E")))).toMatchObject({ side: 0, bonus: true });
    const otherSeat = position({ seats: 4, rest: "bench", home: { 3: [10, 4], 9: [14, 5] }, ball: [11, 4], dice: [1, 3] });
    expect(stageOf(played(played(otherSeat, walk(3, 1, [11, 4])), kick(3, 3, "E")))).toMatchObject({ side: 0, seat: 0, bonus: true });
  });

  it("ruling: while forced walks are pending, a token that is not forced waits, its blocked dribble too", () => {
    const s = position({ rest: "bench", home: { 6: [2, 4], 7: [10, 4] }, away: { 2: [12, 3] }, ball: [11, 4], dice: [1, 4] });
    expect(refusal(s, walkKick(7, 4, [11, 4], 3, "S"))).toBe("FORCED_EXIT");
  });

  it("ruling: a forced exit may end in a blocked dribble's kick: the forced move is an ordinary use of the die", () => {
    // Home 4 starts in away's goalkeeper zone on 17,7 with a 6: five steps onto the ball on 13,2,
    // beside away 2 on 12,1 and away 3 on 14,1, stop there and kick the last point.
    const s = position({ rest: "bench", home: { 4: [17, 7] }, away: { 2: [12, 1], 3: [14, 1] }, ball: [13, 2], dice: [6, 2] });
    expect(stageOf(s).forced).toEqual([tokenIndex(0, 4)]);
    const dribbles = legal(s).filter((m) => m.type === "walkKick");
    // NE and NW start over the away tokens beside the ball: blocked.
    expect(keys(dribbles)).toEqual(["E", "N", "S", "SE", "SW", "W"].map((d) => `walkKick 4 6 13,2 1 ${d}`));
    expect(legalKeys(s)).toEqual(keys(bruteForceLegalMoves(s)));
    for (const m of dribbles) {
      const { state, move } = playedFull(s, m);
      expect(tokenAt(state, 0, 4)).toEqual([13, 2]);
      expect(stageOf(state)).toMatchObject({ forced: [], used: [true, false] });
      expect(played(s, move)).toEqual(state);
    }
    expect(xy(played(s, walkKick(4, 6, [13, 2], 1, "S")).ball!)).toEqual([13, 3]);
    // The other forced rules still bind the dribble: another token waits, and a dribble that
    // would stop inside the zone is refused while some walk with that die leaves it.
    expect(refusal(s, walkKick(5, 6, [13, 2], 1, "S"))).toBe("FORCED_EXIT");
    const inside = position({ rest: "bench", home: { 4: [17, 7] }, away: { 1: [18, 4] }, ball: [17, 5], dice: [6, 2] });
    expect(refusal(inside, walkKick(4, 6, [17, 5], 4, "W"))).toBe("MUST_LEAVE_ZONE");
    expect(legal(inside).some((m) => m.type === "walkKick" && m.stop.y === 5)).toBe(false);
  });

  it("ruling: in an ordinary turn a dribble stops for a kick only next to an opposing token, even on the step that takes the ball", () => {
    const s = position({ rest: "bench", home: { 6: [10, 4] }, ball: [11, 4], dice: [4, 1] });
    expect(refusal(s, walkKick(6, 4, [11, 4], 3, "E"))).toBe("NOT_BLOCKED");
    expect(legal(s).some((m) => m.type === "walkKick")).toBe(false);
  });

  it("ruling: a set-piece ball move needs only an empty target: it passes over tokens", () => {
    const s = position({ rest: "bench", play: "throwIn", line: "touch", ball: [12, 0], away: { 2: [12, 1], 3: [12, 2] }, dice: [3, 2] });
    expect(xy(played(s, ballMove(3, "S")).ball!)).toEqual([12, 3]);
  });

  it("ruling: a goal kick with no free goalkeeper-zone cell puts the ball on the first free cell of the penalty area (the pass the match layer makes)", () => {
    const cells: [number, number][] = [[1, 2], [1, 3], [1, 5], [1, 6], [1, 7], [2, 2], [2, 3], [2, 4], [2, 5], [2, 6], [2, 7]];
    const away = Object.fromEntries(cells.slice(0, 10).map((c, i) => [i + 2, c])) as Record<number, [number, number]>;
    const s = position({ rest: "bench", play: "goalKick", step: "place", ball: null, away, home: { 6: cells[10]! } });
    expect(legal(s)).toEqual([]);
    expect(rules.mustPass(s)).toEqual({ seat: 0, reason: "NO_LEGAL_MOVE" });
    const passed = passNow(rules, s);
    expect(passed.ok && xy(passed.value.ball!)).toEqual([1, 1]);
    expect(passed.ok && stageOf(passed.value).step).toBe("roll");
  });

  it("ruling: the penalty kicker may stand in either half, outside the defending penalty area", () => {
    const s = position({ rest: "bench", play: "penalty", step: "kicker", ball: [16, 4] });
    expect(played(s, { type: "penaltyKicker", token: 7, at: { x: 6, y: 5 } }).tokens[tokenIndex(0, 7)]).toBe(6 + 5 * 20);
  });

  it("ruling: a penalty shot that leaves the field before the goal zone is a miss", () => {
    const s = position({ rest: "bench", play: "penalty", step: "move", ball: [16, 1], kicker: 7, home: { 7: [14, 1] }, away: { 1: [19, 4] }, dice: [2, 6] });
    const run = played(s, { type: "penaltyRun", die: 2 });
    expect(notesOf(run, { type: "penaltyShot", direction: "NE" })).toContain("penaltyMissed");
  });

  it("ruling: offside marks are taken when the turn's position is final and noted by the action that sets it up", () => {
    const s = position({ rest: "formation", side: "away", away: { 6: [10, 4] }, home: { 6: [15, 4] }, ball: [11, 4], dice: [1, 2], used: [true, false], actions: 1 });
    const notes = playedFull(s, walk(6, 2, [10, 6])).notes;
    expect(notes.find((n) => n.type === "offside")).toMatchObject({ side: "home", tokens: [6] });
  });

  it("ruling: the penalty keeper placement is made by the defending keeper's seat and uses up none of its side's rotation", () => {
    const s = position({ seats: 4, options: { keeperSeat: { home: 0, away: 1 } }, rest: "bench", home: { 3: [10, 4] }, away: { 1: [14, 4] }, holder: 3, dice: [1, 3], used: [true, false], actions: 1 });
    const p = played(s, kick(3, 3, "E"));
    expect(p.rotation).toEqual(s.rotation.map((r, i) => (i === 0 ? (r + 1) % 2 : r)));
    const k = played(p, { type: "penaltyKeeper", at: { x: 19, y: 4 } });
    expect(k.rotation).toEqual(p.rotation);
  });
});
