import { describe, expect, it } from "vitest";
import { act, acts, at, ballAt, END, isLegal, kick, legal, mv, push, refused, rules, scene, trip } from "./fixtures.js";

describe("move (17.1-17.3, 17.6)", () => {
  const open = () => scene({ home: { 7: [5, 9] }, ball: [15, 9] });

  it("17.1: a piece moves to any cell within distance 4, in any direction, for one tempo", () => {
    const targets = legal(open()).filter((m) => m.type === "move" && m.piece === 7);
    expect(targets).toHaveLength(80);
    const { state } = act(open(), mv(7, 9, 13));
    expect(at(state, "home", 7)).toEqual({ x: 9, y: 13 });
    expect(state.turn!.tempo).toBe(1);
    refused(open(), mv(7, 10, 9), "TOO_FAR");
    refused(open(), mv(7, 5, 9), "CELL_OCCUPIED");
  });

  it("17.2: never onto a piece of either side", () => {
    const s = scene({ home: { 7: [5, 9], 6: [6, 9] }, away: { 2: [4, 9] }, ball: [15, 9] });
    refused(s, mv(7, 6, 9), "CELL_OCCUPIED");
    refused(s, mv(7, 4, 9), "CELL_OCCUPIED");
    expect(legal(s).filter((m) => m.type === "move" && m.piece === 7)).toHaveLength(78);
  });

  it("17.3, 17.6: never onto the ball except to kick it", () => {
    const s = scene({ home: { 7: [5, 9] }, ball: [7, 9] });
    refused(s, mv(7, 7, 9), "BALL_CELL");
    expect(isLegal(s, kick(7, [9, 9]))).toBe(true);
  });
});

describe("kick (17.30: two tempos)", () => {
  const s = () => scene({ home: { 9: [10, 9] }, away: { 5: [13, 9] }, ball: [12, 9] });

  it("17.17, 17.30: a kick is two tempos, the kicker's step onto the ball and the ball's flight to an empty cell within 4, over pieces", () => {
    const { state } = act(s(), kick(9, [14, 6]));
    expect(at(state, "home", 9)).toEqual({ x: 12, y: 9 });
    expect(ballAt(state)).toEqual({ x: 14, y: 6 });
    expect(state.turn!.tempo).toBe(2);
    // Over away 5 on (13, 9) to (16, 9).
    expect(ballAt(act(s(), kick(9, [16, 9])).state)).toEqual({ x: 16, y: 9 });
  });

  it("ruling: the kicker's old cell is a landing cell; a piece's cell is not; nor beyond 4", () => {
    expect(ballAt(act(s(), kick(9, [10, 9])).state)).toEqual({ x: 10, y: 9 });
    refused(s(), kick(9, [13, 9]), "CELL_OCCUPIED");
    refused(s(), kick(9, [17, 9]), "TOO_FAR");
    refused(s(), kick(9, [12, 9]), "BALL_CELL");
    // 81 cells within 4 of the ball, less its own and away 5's; the kicker's own cell counts.
    expect(legal(s()).filter((m) => m.type === "kick" && m.piece === 9)).toHaveLength(79);
  });

  it("17.1: only a piece within 4 of the ball kicks", () => {
    const far = scene({ home: { 9: [7, 9] }, ball: [12, 9] });
    refused(far, kick(9, [14, 9]), "BALL_OUT_OF_REACH");
  });

  it("ruling: a kick into the goal is one action per kicker, legal when a goal cell is within 4 of the ball; it scores", () => {
    const near = scene({ home: { 9: [18, 9], 10: [19, 12] }, ball: [21, 9] });
    const goals = legal(near).filter((m) => m.type === "kick" && m.to === "goal");
    expect(goals).toEqual([kick(9, "goal"), kick(10, "goal")]);
    const { state, notes } = act(near, kick(9, "goal"));
    expect(state.score).toEqual({ home: 1, away: 0 });
    expect(notes[0]).toEqual({ type: "goal", side: "home", by: "home", piece: 9, ownGoal: false, score: { home: 1, away: 0 } });
    refused(scene({ home: { 9: [14, 9] }, ball: [16, 9] }), kick(9, "goal"), "GOAL_OUT_OF_REACH");
  });
});

describe("push (17.30; ruling: either side's piece, main part only)", () => {
  const s = () => scene({ home: { 6: [8, 9], 7: [8, 10] }, away: { 3: [9, 9] }, ball: [15, 9] });

  it("ruling: the pusher moves onto an adjacent piece, which is displaced one cell further in the same direction; two tempos", () => {
    const { state, notes } = act(s(), push(6, "away", 3));
    expect(at(state, "home", 6)).toEqual({ x: 9, y: 9 });
    expect(at(state, "away", 3)).toEqual({ x: 10, y: 9 });
    expect(state.turn!.tempo).toBe(2);
    expect(notes).toEqual([{ type: "push", side: "home", piece: 6, target: { side: "away", piece: 3 }, to: { x: 10, y: 9 } }]);
  });

  it("ruling: a side may push its own pieces, and a pushed piece has not acted: it may still act", () => {
    const { state } = act(s(), push(6, "home", 7));
    expect(at(state, "home", 7)).toEqual({ x: 8, y: 11 });
    expect(isLegal(state, mv(7, 8, 14))).toBe(true);
  });

  it("ruling: the cell behind must be on the field and free of pieces and ball; the target must be adjacent", () => {
    refused(scene({ home: { 6: [22, 9] }, away: { 3: [23, 9] }, ball: [15, 9] }), push(6, "away", 3), "PUSH_BLOCKED");
    refused(scene({ home: { 6: [8, 9] }, away: { 3: [9, 9], 4: [10, 9] }, ball: [15, 9] }), push(6, "away", 3), "PUSH_BLOCKED");
    refused(scene({ home: { 6: [8, 9] }, away: { 3: [9, 9] }, ball: [10, 9] }), push(6, "away", 3), "PUSH_BLOCKED");
    refused(s(), push(6, "away", 4), "NOT_ADJACENT");
    refused(s(), push(6, "home", 6), "NOT_ADJACENT");
    expect(legal(s()).filter((m) => m.type === "push" && m.piece === 6)).toEqual([push(6, "away", 3), push(6, "home", 7)]);
  });
});

describe("trip (17.30: a foul, two tempos)", () => {
  const s = () => scene({ home: { 6: [8, 9], 7: [8, 10] }, away: { 3: [9, 9] }, ball: [15, 12], minSecondary: 0 });

  it("17.30 and ruling: the tripping piece stays; the tripped opponent makes no action in its side's next turn only; no set piece follows", () => {
    const { state, notes } = act(s(), trip(6, "away", 3));
    expect(at(state, "home", 6)).toEqual({ x: 8, y: 9 });
    expect(state.frozen.away).toEqual([3]);
    expect(notes).toEqual([{ type: "trip", side: "home", piece: 6, target: { side: "away", piece: 3 } }]);
    const away = acts(state, mv(5, 4, 4), mv(4, 3, 4), END).state;
    expect(away.turn!.side).toBe("away");
    refused(away, mv(3, 9, 12), "PIECE_FROZEN");
    expect(legal(away).some((m) => "piece" in m && m.piece === 3)).toBe(false);
    // Its side's turn over, it plays again.
    const back = acts(away, mv(11, 13, 14), mv(10, 14, 15), mv(9, 15, 15), mv(8, 16, 15), END).state;
    expect(back.frozen.away).toEqual([]);
  });

  it("ruling: trips hit opponents only, adjacent ones", () => {
    refused(s(), trip(6, "home", 7), "NOT_AN_OPPONENT");
    refused(scene({ home: { 6: [8, 9] }, away: { 3: [10, 9] }, ball: [15, 9] }), trip(6, "away", 3), "NOT_ADJACENT");
  });

  it("ruling: a tripped piece still touches the ball and may be pushed", () => {
    // Away 3 is frozen in away's turn; it touches the ball next to home 7: after any home action both touch.
    const frozen = scene({ side: "away", home: { 7: [11, 11] }, away: { 3: [10, 9], 4: [9, 9] }, ball: [10, 10], frozen: { away: [3] } });
    const pushed = act(frozen, push(4, "away", 3)).state;
    expect(at(pushed, "away", 3)).toEqual({ x: 11, y: 9 });
    const home = scene({ home: { 7: [11, 11], 2: [2, 2] }, away: { 3: [10, 9] }, ball: [10, 10], frozen: { away: [3] } });
    const { notes } = act(home, mv(2, 3, 3));
    expect(notes[0]).toMatchObject({ type: "possessionLost", reason: "bothTouching" });
  });
});

describe("the ball stays on the field (ruling)", () => {
  it("ruling: the ball never leaves the field except into a goal: no kick lands off it, so no set piece arises", () => {
    const corner = scene({ home: { 9: [21, 2] }, ball: [23, 0] });
    const kicks = legal(corner).filter((m) => m.type === "kick");
    // x 19..23, y 0..4 less the ball's cell; no goal cell within 4 of (23, 0).
    expect(kicks).toHaveLength(24);
    expect(kicks.every((m) => m.type === "kick" && m.to !== "goal" && m.to.x <= 23 && m.to.y <= 18)).toBe(true);
    expect(rules.moveSchema.safeParse(kick(9, [24, 0])).success).toBe(false);
    expect(rules.moveSchema.safeParse(kick(9, [23, -1])).success).toBe(false);
  });
});

describe("one action per piece (17.30)", () => {
  it("17.30: a piece that acted may not act again in the turn", () => {
    const s = act(scene({ home: { 7: [5, 9] }, ball: [15, 9] }), mv(7, 6, 9)).state;
    refused(s, mv(7, 7, 9), "PIECE_USED");
  });

  it("ruling: a two-tempo action must start at tempo 3 or earlier", () => {
    const s = acts(scene({ home: { 6: [5, 9], 7: [5, 10], 8: [5, 11], 9: [10, 9] }, ball: [12, 9] }), mv(6, 6, 5), mv(7, 6, 6), mv(8, 6, 7)).state;
    expect(s.turn!.tempo).toBe(3);
    refused(s, kick(9, [14, 9]), "NO_TEMPOS_LEFT");
    const two = acts(scene({ home: { 6: [5, 9], 9: [10, 9] }, ball: [12, 9] }), mv(6, 6, 5), mv(1, 1, 4)).state;
    expect(isLegal(two, kick(9, [14, 9]))).toBe(true);
  });
});

describe("the dribble (17.1, 17.30)", () => {
  it("17.30: a piece that kicked at tempos 1-2 kicks again at 3-4 when strictly nearer to the ball than every opponent", () => {
    const s = act(scene({ home: { 9: [10, 9] }, away: { 5: [20, 9] }, ball: [12, 9] }), kick(9, [15, 9])).state;
    expect(isLegal(s, kick(9, [19, 7]))).toBe(true);
    const { state } = act(s, kick(9, [19, 7]));
    expect(state.turn!.tempo).toBe(4);
    expect(at(state, "home", 9)).toEqual({ x: 15, y: 9 });
    expect(state.turn!.actions.map((a) => [a.piece, a.kind, a.tempo])).toEqual([
      [9, "kick", 1],
      [9, "kick", 3],
    ]);
  });

  it("17.1: not when an opponent is as near to the ball", () => {
    const s = act(scene({ home: { 9: [10, 9] }, away: { 5: [18, 9] }, ball: [12, 9] }), kick(9, [15, 9])).state;
    refused(s, kick(9, [17, 11]), "DRIBBLE_CONTESTED");
  });

  it("17.30: only right after a kick at tempos 1-2, and never a third kick", () => {
    const late = acts(scene({ home: { 9: [10, 9], 6: [5, 5] }, ball: [12, 9] }), mv(6, 5, 6), kick(9, [15, 9])).state;
    refused(late, kick(9, [17, 9]), "PIECE_USED");
    const moved = acts(scene({ home: { 9: [10, 9], 10: [16, 12] }, ball: [12, 9] }), kick(9, [15, 9]), kick(9, [18, 9])).state;
    expect(moved.turn!.tempo).toBe(4);
    refused(moved, kick(9, [19, 9]), "MAIN_PART_ONLY");
  });
});

describe("the defensive chase (17.1)", () => {
  const defence = () => scene({ side: "away", role: "defence", home: { 9: [11, 9] }, away: { 11: [16, 9], 10: [17, 12] }, ball: [12, 9] });

  it("17.1: a tempo-1 move by a piece not next to the ball lets it make tempos 2, 3 and 4 as moves in a row", () => {
    const { state } = acts(defence(), mv(11, 15, 9), mv(11, 15, 7), mv(11, 14, 6), mv(11, 13, 7));
    expect(state.turn!.tempo).toBe(4);
    expect(state.turn!.actions.every((a) => a.piece === 11)).toBe(true);
  });

  it("17.1: once another piece acts, the chase is over; the chase makes moves only", () => {
    const broken = acts(defence(), mv(11, 15, 9), mv(10, 17, 10)).state;
    refused(broken, mv(11, 14, 9), "PIECE_USED");
    const chasing = act(defence(), mv(11, 14, 9)).state;
    refused(chasing, trip(11, "home", 9), "PIECE_USED");
  });

  it("17.1: no chase for a piece that stood next to the ball", () => {
    const near = scene({ side: "away", role: "defence", home: { 9: [10, 9] }, away: { 11: [13, 9] }, ball: [12, 9] });
    const s = act(near, mv(11, 15, 9)).state;
    refused(s, mv(11, 16, 9), "PIECE_USED");
  });

  it("ruling: a kick is no chase move (no approach-then-tackle)", () => {
    const s = act(defence(), mv(11, 14, 9)).state;
    refused(s, kick(11, [15, 12]), "PIECE_USED");
  });
});

