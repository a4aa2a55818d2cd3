import { describe, expect, it } from "vitest";
import { act, acts, kick, mv, rules, scene, start, trip } from "./fixtures.js";

describe("the drawable view", () => {
  it("shows the field, both goals, 22 numbered pieces with their side, the ball, possession, score, clock and the turn", () => {
    const v = rules.view(start(), 0) as Record<string, any>;
    expect(v).toMatchObject({
      ruleset: "gol",
      width: 24,
      height: 19,
      ball: { x: 11, y: 9 },
      possession: "home",
      score: { home: 0, away: 0 },
      clock: { half: 1, minute: 1, minutesPerHalf: 45, turnInHalf: 1, turnsPerHalf: 90 },
      turn: { phase: "move", awaiting: "kickoff", seats: [0], seat: 0 },
      you: 0,
      yourSide: "home",
    });
    expect(v.goals).toEqual([
      { side: "home", cells: [7, 8, 9, 10, 11].map((y) => ({ x: -1, y })) },
      { side: "away", cells: [7, 8, 9, 10, 11].map((y) => ({ x: 24, y })) },
    ]);
    expect(v.pieces).toHaveLength(22);
    expect(v.pieces[10]).toEqual({ side: "home", number: 11, x: 10, y: 9, frozen: false, used: false, touching: true });
    expect(v.tempo).toMatchObject({ side: "home", role: "attack", part: "main", kickoff: true, made: 0, next: 1, mainTempos: 4, maxTempos: 14, freeTempos: false });
    expect(JSON.parse(JSON.stringify(v))).toEqual(v);
  });

  it("shows the tempo counter, used and frozen pieces, and which numbers may still move in the secondary part", () => {
    const s = scene({ home: { 11: [10, 9], 10: [3, 3], 6: [8, 9] }, away: { 3: [9, 9], 5: [20, 12] }, ball: [12, 9] });
    const played = acts(s, trip(6, "away", 3), kick(11, [16, 7])).state;
    const v = rules.view(played, null) as Record<string, any>;
    expect(v.tempo).toMatchObject({ part: "secondary", made: 4, next: 5, secondary: { made: [], minimum: 4 } });
    expect(v.tempo.secondary.mayMove).toEqual([4, 5, 7, 8, 9, 10]);
    expect(v.used).toEqual([6, 11]);
    expect(v.frozen).toEqual({ home: [], away: [3] });
    expect(v.pieces.find((p: any) => p.side === "away" && p.number === 3).frozen).toBe(true);
    expect(v.turn).toMatchObject({ awaiting: "secondary" });
    expect(v.you).toBeNull();
  });

  it("shows who must make a defensive first tempo, and a chase under way", () => {
    const s = scene({ side: "away", role: "defence", home: { 9: [11, 9] }, away: { 11: [16, 9], 10: [17, 12] }, ball: [12, 9] });
    expect((rules.view(s, 1) as any).tempo).toMatchObject({ role: "defence", firstTempoBy: [11], chaser: null });
    expect((rules.view(act(s, mv(11, 15, 9)).state, 1) as any).tempo).toMatchObject({ firstTempoBy: null, chaser: 11 });
  });

  it("after full time: no tempo counter, the turn over, the goals listed", () => {
    const s = scene({ home: { 9: [18, 9] }, ball: [21, 9], minutesPerHalf: 1, turnsInHalf: 1, half: 2 });
    const v = rules.view(act(s, kick(9, "goal")).state, null) as any;
    expect(v.tempo).toBeNull();
    expect(v.turn).toEqual({ phase: "over", awaiting: "over" });
    expect(v.goalsScored).toEqual([{ side: "home", by: "home", piece: 9, half: 2, minute: 2, ownGoal: false }]);
  });
});
