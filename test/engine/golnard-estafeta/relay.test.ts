import type { EstafetaMove } from "../../../src/engine/golnard-estafeta/options.js";
import { movesNow, rollNow } from "../../support/engine.js";
import { describe, expect, it } from "vitest";
import { cellOfToken, legalKeys, move, played, position, refusal, rules, statusOf } from "./fixtures.js";

const LANES = [1, 2] as const;
// Team 0 runs lane 1: F12 g0..g3 (5,2) (4,2) (3,2) (2,2) -> h0 (6,2); F23 (7,5) (7,4) (7,3) (7,2) -> (7,6);
// F34 (6,11) (7,11) (8,11) (9,11) -> (5,11); F41 (4,6) (4,7) (4,8) (4,9) -> (4,5).

describe("the handoff (R)", () => {
  it("activates B when A stands on g1 of F23 in front of it, once the action ends", () => {
    const s = position({ lanes: LANES, progress: [1, 0], tokens: { 0: [[[8, 2]]] }, dice: [2, 5] });
    expect(statusOf(s, 0, 1)).toBe("post");
    const after = played(s, move("A", "first", [7, 4]));
    expect(statusOf(after, 0, 1)).toBe("active");
    // The new runner may use the rest of the turn: gathered (B on g0, A on g1), it crosses F23.
    expect(legalKeys(after).some((k) => k.startsWith("B second "))).toBe(true);
    const crossed = played(after, move("B", "second", [7, 10], { path: [[7, 6], [7, 7], [7, 8], [7, 9], [7, 10]] }));
    expect(crossed.progress[0]).toBe(2);
  });

  it("does not activate on any other cell, and reaching the formation allows no early stop", () => {
    const s = position({ lanes: LANES, progress: [1, 0], tokens: { 0: [[[7, 2]]] }, dice: [1, 3] });
    const g2 = played(s, move("A", "first", [7, 3]));
    expect(statusOf(g2, 0, 1)).toBe("post");
    expect(refusal(s, move("A", "second", [7, 4], { points: 2 }))).toBe("EARLY_STOP");
  });

  it("is blocked by an opponent standing in front of the post until it leaves", () => {
    const s = position({ lanes: LANES, progress: [1, 1], tokens: { 0: [[[8, 3]]], 1: [[[7, 4]]] }, dice: [1, 2] });
    expect(legalKeys(s).some((k) => k.includes(" 7,4 "))).toBe(false);
    const moved = played(s, move("A", "first", [7, 3]));
    expect(statusOf(moved, 0, 1)).toBe("post");
    const left = { ...moved, tokens: moved.tokens.map((t, i) => (i === 1 ? t.map((x, j) => (j === 0 ? { ...x, cell: 9 * 12 + 9 } : x)) : t)) };
    const done = played(left, move("A", "second", [7, 4]));
    expect(statusOf(done, 0, 1)).toBe("active");
  });

  it("activates C when A and B stand on g1 and g2 of F34, D when three stand on g1..g3 of F41", () => {
    const c = position({ lanes: LANES, progress: [2, 0], tokens: { 0: [[[7, 11]], [[9, 10]]] }, dice: [1, 3] });
    expect(statusOf(played(c, move("B", "first", [9, 11])), 0, 2)).toBe("post");
    expect(statusOf(played(c, move("B", "first", [8, 11])), 0, 2)).toBe("active");
    const d = position({ lanes: LANES, progress: [3, 0], tokens: { 0: [[[4, 7]], [[4, 8]], [[5, 10]]] }, dice: [1, 3] });
    expect(statusOf(d, 0, 3)).toBe("post");
    expect(statusOf(played(d, move("C", "first", [4, 9])), 0, 3)).toBe("active");
  });
});

describe("gathering and crossing (R)", () => {
  it("lets the first token cross a face only when the team fills g0..g(n-1)", () => {
    const gathered = position({ lanes: LANES, progress: [2, 0], tokens: { 0: [[[7, 11]], [[8, 11]], [[6, 11]]] }, dice: [1, 2] });
    expect(legalKeys(gathered)).toContain("C first 5,11 1");
    expect(played(gathered, move("C", "first", [5, 11])).progress[0]).toBe(3);
    const scattered = position({ lanes: LANES, progress: [2, 0], tokens: { 0: [[[7, 11]], [[9, 9]], [[6, 11]]] }, dice: [1, 2] });
    expect(refusal(scattered, move("C", "first", [5, 11], { path: [[5, 11]] }))).toBe("NOT_GATHERED");
    expect(legalKeys(scattered).some((k) => / [0-5],(6|7|8|9|10|11) /.test(k))).toBe(false);
  });

  it("gathers the team in later laps too (stayer: «собраться все вместе на своей дорожке»)", () => {
    const lap2 = (d: readonly [number, number]) =>
      position({ variant: "stayer", lanes: LANES, progress: [4, 0], tokens: { 0: [[null], [[5, 2], "active", 2], [[4, 2], "active", 2], [d, "active", 2]] }, dice: [1, 2] });
    expect(played(lap2([3, 2]), move("B", "first", [6, 2])).progress[0]).toBe(5);
    expect(refusal(lap2([2, 2]), move("B", "first", [6, 2], { path: [[6, 2]] }))).toBe("NOT_GATHERED");
  });

  it("lets no token cross a face before all its team crossed the previous one", () => {
    const s = position({ variant: "stayer", lanes: LANES, progress: [4, 0], tokens: { 0: [[null], [[5, 2], "active", 2], [[4, 8], "active", 1], [[4, 2], "active", 2]] }, dice: [1, 2] });
    expect(refusal(s, move("B", "first", [6, 2], { path: [[6, 2]] }))).toBe("NOT_GATHERED");
  });

  it("lets the others cross one by one, through the same gate, whenever they reach g0", () => {
    const s = position({ lanes: LANES, progress: [3, 0], tokens: { 0: [[[6, 11]], [[9, 9]], [[3, 9]]] }, dice: [1, 2] });
    expect(legalKeys(s)).toContain("A first 5,11 1");
    const after = played(s, move("A", "first", [5, 11]));
    expect(after.progress[0]).toBe(3);
    const blocked = position({ lanes: LANES, progress: [3, 0], tokens: { 0: [[[6, 11]], [[9, 9]], [[5, 11]]] }, dice: [1, 2] });
    expect(legalKeys(blocked).some((k) => k.includes(" 5,11 "))).toBe(false);
  });

  it("lets one route cross several faces when the conditions hold at each gate step", () => {
    const lap4 = position({ variant: "stayer", lanes: LANES, progress: [12, 0], tokens: { 0: [[null], [null], [null], [[5, 2], "active", 4]] }, dice: [2, 3] });
    expect(legalKeys(lap4)).toContain("D both 7,6 5");
    expect(played(lap4, move("D", "both", [7, 6])).progress[0]).toBe(14);
    // A straggler crosses behind its team, then opens the next face where the team waits for it.
    const behind = position({ variant: "stayer", lanes: LANES, progress: [5, 0], tokens: { 0: [[null], [[5, 2], "active", 2], [[7, 4], "active", 2], [[7, 3], "active", 2]] }, dice: [2, 3] });
    expect(legalKeys(behind)).toContain("B both 7,6 5");
    expect(played(behind, move("B", "both", [7, 6])).progress[0]).toBe(6);
  });
});

describe("finishing (R)", () => {
  const sprintEnd = (extra: { opponentOnH0?: boolean } = {}) =>
    position({
      lanes: LANES,
      progress: [3, 0],
      tokens: { 0: [[[4, 7]], [[4, 8]], [[4, 9]], [[4, 6]]], 1: extra.opponentOnH0 ? [[[4, 5]]] : [] },
      dice: [3, 2],
    });

  it("takes the token off the board by the gate step over F41; the rest of that die stays with the team", () => {
    const s = sprintEnd();
    expect(legalKeys(s)).toContain("D first finish 1");
    const after = played(s, move("D", "first", "finish"));
    expect(statusOf(after, 0, 3)).toBe("finished");
    expect(cellOfToken(after, 0, 3)).toBeNull();
    expect(after.dice).toEqual([2, 2]);
    expect(after.progress[0]).toBe(4);
    // Sprint: the others finish too, one by one, as they reach g0.
    expect(legalKeys(after)).toContain("A first finish 2");
    expect(statusOf(played(after, move("A", "first", "finish")), 0, 0)).toBe("finished");
  });

  it("needs no empty h0 to finish", () => {
    expect(statusOf(played(sprintEnd({ opponentOnH0: true }), move("D", "first", "finish")), 0, 3)).toBe("finished");
  });

  it("R: 'both' may finish only with its last point; earlier is a one-die action", () => {
    const s = sprintEnd();
    expect(refusal(s, move("D", "both", "finish", { points: 1 }))).toBe("WRONG_POINTS");
    expect(refusal(s, move("D", "both", "finish", { path: [] }))).toBe("EARLY_STOP");
    const after = played(s, move("D", "first", "finish"));
    expect(legalKeys(after)).toContain("A both finish 4");
    expect(legalKeys(after)).not.toContain("A both finish 2");
  });

  it("tells apart finishes that spend different points", () => {
    const s = position({ lanes: LANES, progress: [4, 0], tokens: { 0: [[[4, 7]], [[4, 8]], [[4, 9]], [null]] }, dice: [3, 6] });
    const keys = legalKeys(s);
    expect(keys).toContain("A first finish 2");
    expect(keys).toContain("A first finish 3");
    expect(played(s, move("A", "first", "finish", { points: 3 })).dice).toEqual([0, 6]);
    expect(played(s, move("A", "first", "finish", { points: 2 })).dice).toEqual([1, 6]);
  });

  it("wins the match for the first team with four tokens finished", () => {
    const s = position({ lanes: LANES, progress: [4, 0], tokens: { 0: [[null], [null], [null], [[4, 6]]] }, dice: [1, 2] });
    const over = played(s, move("D", "first", "finish"));
    expect(rules.turn(over)).toEqual({ phase: "over", awaiting: "over" });
    expect(rules.outcome(over)).toMatchObject({ winningSides: ["team0"], detail: { reason: "finished", result: "win" } });
    expect(movesNow<EstafetaMove>(rules, over)).toEqual([]);
    expect(refusal(over, move("A", "first", [1, 1]))).toBe("GAME_OVER");
    expect(rollNow(rules, over, [1, 2])).toMatchObject({ ok: false, error: { reason: "DICE_NOT_DUE" } });
  });
});

describe("stayer laps (R)", () => {
  it("finishes the first token across F41 in lap 1 and sends the others into Z1 for lap 2", () => {
    const s = position({ variant: "stayer", lanes: LANES, progress: [3, 0], tokens: { 0: [[[4, 7]], [[4, 8]], [[4, 9]], [[4, 6]]] }, dice: [1, 2] });
    const first = played(s, move("D", "first", "finish"));
    expect(statusOf(first, 0, 3)).toBe("finished");
    expect(legalKeys(first)).toContain("A second 4,5 2");
    const second = played(first, move("A", "second", [4, 5]));
    expect(second.tokens[0]![0]).toEqual({ cell: 5 * 12 + 4, status: "active", lap: 2 });
  });

  it("needs an empty h0 for a token entering the next lap", () => {
    const s = position({ variant: "stayer", lanes: LANES, progress: [4, 0], tokens: { 0: [[[4, 5], "active", 2], [[4, 6], "active", 1], [[4, 8], "active", 1], [null]] }, dice: [1, 2] });
    expect(legalKeys(s).some((k) => k.startsWith("B ") && k.includes(" 4,5 "))).toBe(false);
    const away = played(s, move("A", "first", [3, 4]));
    expect(legalKeys(away)).toContain("B second 4,4 2");
  });

  it("finishes the first token of laps 2 and 3 whichever it is, and the last token in lap 4", () => {
    const lap2 = position({ variant: "stayer", lanes: LANES, progress: [7, 0], tokens: { 0: [[[4, 6], "active", 2], [[4, 7], "active", 2], [[4, 8], "active", 2], [null]] }, dice: [1, 2] });
    const a = played(lap2, move("A", "first", "finish"));
    expect(a.tokens[0]!.filter((t) => t.status === "finished")).toHaveLength(2);
    const b = played(a, move("B", "second", [4, 5]));
    expect(b.tokens[0]![1]).toEqual({ cell: 5 * 12 + 4, status: "active", lap: 3 });
    const lap4 = position({ variant: "stayer", lanes: LANES, progress: [15, 0], tokens: { 0: [[null], [null], [[4, 6], "active", 4], [null]] }, dice: [1, 2] });
    const won = played(lap4, move("C", "first", "finish"));
    expect(rules.outcome(won)).toMatchObject({ winningSides: ["team0"], detail: { reason: "finished" } });
  });

  it("plays laps 2-4 without posts", () => {
    const s = position({ variant: "stayer", lanes: LANES, progress: [8, 0], tokens: { 0: [[[2, 2], "active", 3], [[3, 3], "active", 3], [null], [null]] }, dice: [1, 2] });
    expect(s.tokens[0]!.some((t) => t.status === "post")).toBe(false);
    expect(legalKeys(s).length).toBeGreaterThan(0);
  });
});
