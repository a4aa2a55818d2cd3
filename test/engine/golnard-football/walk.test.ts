import { passNow } from "../../support/engine.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CELLS, chebyshev, NEIGHBOURS } from "../../../src/engine/golnard-football/board.js";
import { canStep, reach, statesAt, walkPath, type WalkContext } from "../../../src/engine/golnard-football/walk.js";
import type { FootballMove } from "../../../src/engine/golnard-football/move-schema.js";
import { tokenIndex } from "../../../src/engine/golnard-football/state.js";
import { at, legal, notesOf, played, playedFull, position, refusal, rules, stageOf, tokenAt, walk, xy, type XY } from "./fixtures.js";

const walksOf = (moves: FootballMove[], token: number, die: number) => moves.filter((m): m is Extract<FootballMove, { type: "walk" }> => m.type === "walk" && m.token === token && m.die === die);
const ends = (moves: FootballMove[], token: number, die: number) => [...new Set(walksOf(moves, token, die).map((m) => `${m.to.x},${m.to.y}`))].sort();

describe("walking", () => {
  it("WALK (die d): exactly d king steps; back and forth and revisits allowed", () => {
    const s = position({ rest: "bench", home: { 6: [10, 4] }, ball: [15, 8], dice: [1, 2] });
    expect(ends(legal(s), 6, 1)).toHaveLength(8);
    const two = ends(legal(s), 6, 2);
    expect(two).toHaveLength(25);
    expect(two).toContain("10,4"); // out and back again
  });

  it("a token cannot jump over other tokens: every step enters an empty cell", () => {
    const s = position({ rest: "bench", home: { 6: [10, 4], 7: [11, 4] }, away: { 2: [9, 4] }, ball: [15, 8], dice: [1, 2] });
    expect(ends(legal(s), 6, 1)).not.toContain("11,4");
    expect(ends(legal(s), 6, 1)).not.toContain("9,4");
    expect(refusal(s, walk(6, 1, [11, 4]))).toBe("NO_ROUTE");
    expect(refusal(s, walk(6, 2, [12, 4], { path: [[11, 4], [12, 4]] }))).toBe("BAD_PATH");
  });

  it("field tokens never enter goal zones; they enter goalkeeper zones only while holding the ball", () => {
    const s = position({ rest: "bench", side: "away", home: { 1: [1, 8] }, away: { 6: [1, 1] }, ball: [15, 8], dice: [2, 3] });
    const two = ends(legal(s), 6, 2);
    expect(two).toContain("0,2");
    expect(two).not.toContain("0,3"); // goal zone
    expect(two.some((c) => ["1,2", "2,2", "1,3", "2,3"].includes(c))).toBe(false); // goalkeeper zone without the ball
    expect(refusal(s, walk(6, 2, [1, 3], { path: [[1, 2], [1, 3]] }))).toBe("BAD_PATH");
  });

  it("a field token may step onto the ball lying in a goalkeeper zone, and carry it on inside", () => {
    const s = position({ rest: "bench", side: "away", home: { 1: [1, 8] }, away: { 6: [3, 4] }, ball: [2, 4], dice: [2, 3] });
    const carried = walksOf(legal(s), 6, 2).filter((m) => m.ball);
    expect(carried.map((m) => `${m.to.x},${m.to.y}`)).toContain("2,3");
    const after = played(s, walk(6, 2, [1, 4], { path: [[2, 4], [1, 4]] }));
    expect(after.holder).toBe(tokenIndex(1, 6));
    expect(xy(after.ball!)).toEqual([1, 4]);
  });

  it("a token already inside a goalkeeper zone may step within it without the ball; only stepping in from outside needs the ball", () => {
    const s = position({ rest: "bench", side: "away", home: { 1: [1, 8] }, away: { 6: [2, 4] }, ball: [15, 8], dice: [1, 2], forced: [] });
    const one = ends(legal(s), 6, 1);
    expect(one).toEqual(expect.arrayContaining(["1,3", "1,4", "1,5", "2,3", "2,5", "3,3", "3,4", "3,5"]));
    // Out and back in is stepping in from outside: not without the ball.
    expect(refusal(s, walk(6, 2, [2, 4], { path: [[3, 4], [2, 4]] }))).toBe("BAD_PATH");
    expect(played(s, walk(6, 2, [2, 4], { path: [[2, 3], [2, 4]] })).tokens[tokenIndex(1, 6)]).toBe(at([2, 4]));
  });

  it("goalkeepers follow the same limits except inside their own goalkeeper and goal zones (and never carry the ball into a goal zone)", () => {
    const home = position({ rest: "bench", home: { 1: [1, 4] }, ball: [15, 8], dice: [1, 2] });
    expect(ends(legal(home), 1, 1)).toEqual(expect.arrayContaining(["0,3", "0,4", "0,5", "2,4"]));
    // The away keeper at the home end: no goal zone, no goalkeeper zone without the ball.
    const away = position({ rest: "bench", side: "away", away: { 1: [3, 4] }, home: { 1: [1, 8] }, ball: [15, 8], dice: [1, 2] });
    expect(ends(legal(away), 1, 1).some((c) => c.startsWith("2,"))).toBe(false);
    // The home keeper holding the ball next to its goal zone may not carry it in.
    const holding = position({ rest: "bench", home: { 1: [1, 4] }, holder: 1, dice: [1, 2], used: [true, false], actions: 1 });
    expect(ends(legal(holding), 1, 2).some((c) => ["0,3", "0,4", "0,5", "0,6"].includes(c))).toBe(false);
    expect(ends(legal(holding), 1, 2)).toContain("0,2");
  });

  it("a walk that enters the ball's cell takes the ball along for its remaining steps (dribble); the action says whether it ends holding the ball", () => {
    const s = position({ rest: "bench", home: { 6: [10, 4] }, ball: [11, 4], dice: [3, 5] });
    const three = walksOf(legal(s), 6, 3);
    expect(three.some((m) => m.to.x === 12 && m.to.y === 4 && m.ball)).toBe(true); // through the ball
    expect(three.some((m) => m.to.x === 12 && m.to.y === 4 && !m.ball)).toBe(true); // around it
    const through = played(s, walk(6, 3, [12, 4], { ball: true }));
    expect(xy(through.ball!)).toEqual([12, 4]);
    const around = played(s, walk(6, 3, [12, 4], { ball: false }));
    expect(xy(around.ball!)).toEqual([11, 4]);
  });

  it("a token that ends an action on the ball's cell holds it: its next action must be a kick or a walk by the same token", () => {
    const s = position({ rest: "bench", home: { 6: [10, 4], 7: [5, 5] }, ball: [11, 4], dice: [1, 2] });
    const after = played(s, walk(6, 1, [11, 4]));
    expect(after.holder).toBe(tokenIndex(0, 6));
    const next = legal(after);
    expect(next.length).toBeGreaterThan(0);
    expect(next.every((m) => "token" in m && m.token === 6)).toBe(true);
    expect(next.some((m) => m.type === "kick")).toBe(true);
    expect(refusal(after, walk(7, 2, [5, 7]))).toBe("HOLDER_MUST_ACT");
  });

  it("if the turn ends while it holds the ball, the mover puts the ball on an empty cell next to it, as part of the last action", () => {
    const s = position({ rest: "bench", home: { 6: [10, 4] }, ball: [11, 4], dice: [1, 2], used: [true, false], actions: 1 });
    const keeps = walksOf(legal(s), 6, 2).filter((m) => m.ball && m.to.x === 12 && m.to.y === 4);
    expect(keeps.map((m) => `${m.drop!.x},${m.drop!.y}`).sort()).toEqual(["11,3", "11,4", "11,5", "12,3", "12,5", "13,3", "13,4", "13,5"]);
    expect(refusal(s, walk(6, 2, [12, 4], { ball: true }))).toBe("DROP_REQUIRED");
    expect(refusal(s, walk(6, 2, [12, 4], { ball: true, drop: [14, 4] }))).toBe("BAD_DROP");
    const { state, notes } = playedFull(s, walk(6, 2, [12, 4], { ball: true, drop: [13, 4] }));
    expect(xy(state.ball!)).toEqual([13, 4]);
    expect(state.holder).toBeNull();
    expect(notes.map((n) => n.type)).toContain("ballDropped");
    expect(stageOf(state).side).toBe(1);
  });

  it("a drop is only due when the walk ends the turn holding the ball", () => {
    const s = position({ rest: "bench", home: { 6: [10, 4] }, ball: [11, 4], dice: [1, 2] });
    expect(refusal(s, walk(6, 1, [11, 4], { drop: [12, 4] }))).toBe("DROP_NOT_DUE");
    expect(refusal(s, walk(6, 2, [10, 6], { ball: false, drop: [10, 7] }))).toBe("DROP_NOT_DUE");
  });

  it("drop: any token-free neighbour of the holder except goal-zone cells; a walk that would end the turn holding the ball with no such cell is not legal", () => {
    // The home keeper steps out of its goal zone onto the ball; every other neighbour is taken.
    const s = position({
      rest: "bench",
      home: { 1: [0, 4] },
      away: { 2: [1, 3], 3: [1, 5], 4: [2, 3], 5: [2, 4], 6: [2, 5] },
      ball: [1, 4],
      dice: [3, 1],
      used: [true, false],
      actions: 1,
    });
    expect(walksOf(legal(s), 1, 1).some((m) => m.to.x === 1 && m.to.y === 4)).toBe(false);
    expect(refusal(s, walk(1, 1, [1, 4], { ball: true, drop: [0, 4] }))).toBe("BAD_DROP");
  });

  it("a drop is no kick: dropping the ball next to the opposing keeper outside its penalty area awards nothing", () => {
    const s = position({ rest: "bench", home: { 6: [10, 4] }, away: { 1: [13, 4] }, ball: [11, 4], dice: [1, 2], used: [true, false], actions: 1 });
    const { state, notes } = playedFull(s, walk(6, 2, [12, 4], { ball: true, drop: [12, 5] }));
    expect(notes.map((n) => n.type)).not.toContain("penaltyAwarded");
    expect(stageOf(state).play).toBe("ordinary");
  });

  it("one token may take both actions; two tokens may take one each", () => {
    const s = position({ rest: "bench", home: { 6: [10, 4], 7: [10, 6] }, ball: [15, 1], dice: [1, 2] });
    const a = played(s, walk(6, 1, [10, 5]));
    expect(legal(a).some((m) => m.type === "walk" && m.token === 6)).toBe(true);
    expect(legal(a).some((m) => m.type === "walk" && m.token === 7)).toBe(true);
    expect(stageOf(played(a, walk(6, 2, [10, 3]))).side).toBe(1);
    expect(stageOf(played(a, walk(7, 2, [10, 8]))).side).toBe(1);
  });

  it("the engine chooses the path a client left out and records it; the recorded action replays to the same state and record", () => {
    const s = position({ rest: "bench", home: { 6: [10, 4] }, ball: [11, 4], dice: [3, 5] });
    const first = playedFull(s, walk(6, 3, [12, 4]));
    expect(first.move).toMatchObject({ type: "walk", token: 6, die: 3, to: { x: 12, y: 4 }, ball: false });
    expect((first.move as { path: unknown[] }).path).toHaveLength(3);
    const again = playedFull(s, first.move);
    expect(again.state).toEqual(first.state);
    expect(again.move).toEqual(first.move);
  });

  it("ruling: a walk left without `ball` prefers the walk that leaves the ball where it lies, when both exist", () => {
    const s = position({ rest: "bench", home: { 6: [10, 4] }, ball: [11, 4], dice: [3, 5] });
    expect(xy(played(s, walk(6, 3, [12, 4])).ball!)).toEqual([11, 4]);
    expect(xy(played(s, walk(6, 3, [12, 4], { ball: true })).ball!)).toEqual([12, 4]);
  });

  it("a die is named by its points; with doubles both dice are the same action", () => {
    const s = position({ rest: "bench", home: { 6: [10, 4] }, ball: [15, 1], dice: [2, 2] });
    expect(walksOf(legal(s), 6, 2)).toHaveLength(25);
    expect(refusal(s, walk(6, 3, [13, 4]))).toBe("DIE_NOT_AVAILABLE");
    const once = played(s, walk(6, 2, [12, 4]));
    expect(stageOf(once).used).toEqual([true, false]);
    expect(stageOf(played(once, walk(6, 2, [14, 4]))).side).toBe(1);
  });
});

describe("the forced exit from a goalkeeper zone", () => {
  it("a field token that starts its side's turn in a goalkeeper zone without the ball must be moved first, ending outside when any walk allows it", () => {
    const s = position({ rest: "bench", home: { 6: [2, 4], 7: [10, 5] }, ball: [15, 1], dice: [1, 2] });
    expect(stageOf(s).forced).toEqual([tokenIndex(0, 6)]);
    const moves = legal(s);
    expect(moves.every((m) => m.type === "walk" && m.token === 6)).toBe(true);
    expect(moves.filter((m) => m.type === "walk" && m.die === 1).map((m) => (m as { to: { x: number } }).to.x).every((x) => x === 3)).toBe(true);
    expect(refusal(s, walk(7, 1, [10, 6]))).toBe("FORCED_EXIT");
    expect(refusal(s, walk(6, 1, [2, 3]))).toBe("MUST_LEAVE_ZONE");
    const after = played(s, walk(6, 1, [3, 4]));
    expect(legal(after).some((m) => m.type === "walk" && m.token === 7)).toBe(true);
  });

  it("one die each: two forced tokens use one die each; the forced walk may be the die of the seat's choice", () => {
    const s = position({ rest: "bench", home: { 6: [2, 4], 7: [1, 6] }, ball: [15, 1], dice: [1, 3] });
    expect(new Set(legal(s).map((m) => (m as { token: number }).token))).toEqual(new Set([6, 7]));
    const after = played(s, walk(7, 3, [4, 6]));
    expect(legal(after).every((m) => m.type === "walk" && m.token === 6 && m.die === 1)).toBe(true);
  });

  it("only the tokens of the seat to move are forced; a keeper in its own goalkeeper zone never is", () => {
    const s = position({ seats: 4, rest: "bench", home: { 3: [2, 4], 8: [2, 6] }, ball: [15, 1], dice: [1, 3] });
    expect(stageOf(s).forced).toEqual([tokenIndex(0, 3)]);
    const other = position({ seats: 4, seat: 1, rest: "bench", home: { 3: [2, 4], 8: [2, 6] }, ball: [15, 1], dice: [1, 3] });
    expect(stageOf(other).forced).toEqual([tokenIndex(0, 8)]);
  });

  it("a forced token with no walk at all is released", () => {
    const s = position({ rest: "bench", home: { 6: [1, 2] }, away: { 2: [1, 1], 3: [2, 1], 4: [2, 2], 5: [2, 3], 6: [1, 3], 7: [0, 1], 8: [0, 2] }, ball: [15, 1], dice: [1, 2] });
    expect(stageOf(s).forced).toEqual([tokenIndex(0, 6)]);
    expect(legal(s).some((m) => m.type === "walk" && m.token === 7)).toBe(true);
  });

  it("when a forced token takes the ball, the holder rule wins and the other forced tokens wait", () => {
    const s = position({ rest: "bench", home: { 6: [2, 4], 7: [1, 6] }, ball: [3, 4], dice: [1, 3] });
    const after = played(s, walk(6, 1, [3, 4]));
    expect(after.holder).toBe(tokenIndex(0, 6));
    expect(legal(after).every((m) => "token" in m && m.token === 6)).toBe(true);
  });

  it("a die that cannot be used lapses: after the forced walk out nothing can use the other die, so the turn ends with a note", () => {
    const s = position({
      seats: 10,
      seat: 1,
      rest: "bench",
      home: { 4: [2, 7], 5: [0, 9] },
      away: { 2: [3, 6], 3: [3, 7], 4: [2, 8], 5: [1, 8], 6: [4, 7], 7: [4, 8], 8: [4, 9], 9: [3, 9], 10: [2, 9], 11: [2, 6] },
      ball: [15, 1],
      dice: [1, 3],
    });
    // Token 5 is boxed in the corner by the bench and these: (0,8) (1,8) (1,9).
    const boxed = position({
      seats: 10,
      seat: 1,
      rest: "bench",
      home: { 4: [2, 7], 5: [0, 9], 1: [1, 6], 2: [0, 8], 3: [1, 9] },
      away: { 2: [3, 6], 3: [3, 7], 4: [2, 8], 5: [1, 8], 6: [4, 7], 7: [4, 8], 8: [4, 9], 9: [3, 9], 10: [2, 9], 11: [2, 6], 1: [1, 7] },
      ball: [15, 1],
      dice: [1, 3],
    });
    expect(legal(s).length).toBeGreaterThan(0);
    expect(legal(boxed).map((m) => JSON.stringify(m))).toEqual([JSON.stringify({ type: "walk", token: 4, die: 1, to: { x: 3, y: 8 }, ball: false })]);
    const notes = notesOf(boxed, walk(4, 1, [3, 8]));
    expect(notes).toContain("diceLapsed");
    expect(stageOf(played(boxed, walk(4, 1, [3, 8]))).side).toBe(1);
    expect(tokenAt(played(boxed, walk(4, 1, [3, 8])), 0, 4)).toEqual([3, 8]);
  });

  it("when neither die can be used the turn passes", () => {
    const s = position({ seats: 10, seat: 1, rest: "bench", home: { 4: [0, 9], 5: [19, 0], 2: [0, 8], 3: [1, 9] }, away: { 2: [1, 8], 3: [18, 0], 4: [18, 1], 5: [19, 1] }, ball: [10, 5], dice: [2, 5] });
    expect(legal(s)).toEqual([]);
    expect(rules.mustPass(s)).toEqual({ seat: 1, reason: "NO_LEGAL_MOVE" });
    const passed = passNow(rules, s);
    expect(passed.ok && stageOf(passed.value).side).toBe(1);
    const notPassable = position({ rest: "bench", home: { 6: [10, 4] }, dice: [1, 2] });
    expect(passNow(rules, notPassable).ok ? "" : (passNow(rules, notPassable) as { error: { reason: string } }).error.reason).toBe("LEGAL_MOVE_EXISTS");
  });
});

describe("the walk search", () => {
  it("finds exactly the end states a plain step-by-step search with the step rule finds, and its recorded paths check out", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: CELLS - 1 }), { minLength: 12, maxLength: 30 }), fc.integer({ min: 1, max: 6 }), fc.boolean(), fc.boolean(), (cells, depth, keeper, holding) => {
        const [start, ball, ...others] = [...new Set(cells)];
        if (start === undefined || ball === undefined) return;
        const occ = new Int8Array(CELLS);
        others.slice(0, 20).forEach((c, i) => (occ[c] = i + 2));
        const ctx: WalkContext = { occ, ball: holding ? start : ball, start, holding, side: start % 20 < 10 ? 0 : 1, keeper };
        const r = reach(ctx, depth);
        let frontier = new Set<number>([start * 2 + (holding ? 1 : 0)]);
        for (let k = 1; k <= depth; k++) {
          const next = new Set<number>();
          for (const s of frontier) {
            const from = s >> 1;
            for (const to of NEIGHBOURS[from]!) {
              const after = (s & 1) === 1 || to === ctx.ball;
              if (canStep(ctx, from, to, after)) next.add(to * 2 + (after ? 1 : 0));
            }
          }
          frontier = next;
          expect([...statesAt(r, k)].sort((a, b) => a - b)).toEqual([...frontier].sort((a, b) => a - b));
        }
        for (const st of statesAt(r, depth)) {
          const cells2: number[] = [];
          let cur = st;
          for (let k = depth; k >= 1; k--) {
            cells2.unshift(cur >> 1);
            cur = r.layers[k]![cur]! - 1;
          }
          const w = walkPath(ctx, cells2);
          expect(w && w.end === st >> 1 && w.carrying === ((st & 1) === 1)).toBe(true);
          expect(chebyshev(start, st >> 1)).toBeLessThanOrEqual(depth);
        }
      }),
      { numRuns: 150 },
    );
  });
});
