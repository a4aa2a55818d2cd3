import type { EstafetaMove } from "../../../src/engine/golnard-estafeta/options.js";
import { playNow, movesNow, recorded, rollNow, passNow } from "../../support/engine.js";
import { describe, expect, it } from "vitest";
import { cellOfToken, legalKeys, move, played, position, refusal, rules, recordedMove } from "./fixtures.js";

/** Lane 1 for team 0, lane 2 for team 1 (see the table in board.test.ts). */
const LANES = [1, 2] as const;

/**
 * Stayer, both teams in lap 2 in Z1 (progress 4, A finished). Team 1 walls in the centre corner:
 * B of team 0 starts on (4,5); (5,5) beside it is a dead end once B stands there.
 */
const pocket = (dice: readonly [number, number]) =>
  position({
    variant: "stayer",
    lanes: LANES,
    progress: [4, 4],
    tokens: {
      0: [[null], [[4, 5], "active", 2], [[0, 0], "active", 2], [[2, 3], "active", 2]],
      1: [[null], [[4, 4], "active", 2], [[5, 4], "active", 2], [[0, 4], "active", 2]],
    },
    dice,
  });

describe("steps, the wall and the gates (Movement)", () => {
  it("moves a token by king steps inside its zone; cells across the wall are not neighbours", () => {
    const s = position({ lanes: LANES, tokens: { 0: [[[5, 3]]] }, dice: [1, 2] });
    const firstDie = legalKeys(s).filter((k) => k.startsWith("A first"));
    expect(firstDie).toEqual(["A first 4,2 1", "A first 4,3 1", "A first 4,4 1", "A first 5,2 1", "A first 5,4 1"]);
    expect(refusal(s, move("A", "first", [6, 3], { path: [[6, 3]] }))).toBe("NOT_A_STEP");
    expect(refusal(s, move("A", "first", [6, 4], { path: [[6, 4]] }))).toBe("NOT_A_STEP");
    expect(refusal(s, move("A", "first", [6, 3]))).toBe("NO_ROUTE");
  });

  it("never jumps: one cell per point, and never onto another token", () => {
    const s = position({ lanes: LANES, tokens: { 0: [[[2, 2]]], 1: [[[3, 2]]] }, dice: [2, 1] });
    expect(refusal(s, move("A", "first", [4, 2], { path: [[4, 2]] }))).toBe("NOT_A_STEP");
    expect(refusal(s, move("A", "first", [4, 2], { path: [[3, 2], [4, 2]] }))).toBe("CELL_OCCUPIED");
    expect(legalKeys(s)).not.toContain("A second 3,2 1");
    expect(cellOfToken(played(s, move("A", "first", [4, 2])), 0, 0)).toEqual([4, 2]);
  });

  it("R: crosses the wall only by the team's own gate step g0 -> h0, which costs one point", () => {
    const s = position({ lanes: LANES, tokens: { 0: [[[5, 2]]] }, dice: [1, 3] });
    expect(legalKeys(s)).toContain("A first 6,2 1");
    const after = played(s, move("A", "first", [6, 2]));
    expect(cellOfToken(after, 0, 0)).toEqual([6, 2]);
    expect(after.progress[0]).toBe(1);
    expect(after.dice).toEqual([0, 3]);
    // With three points: the gate step and two more in Z2.
    expect(legalKeys(s)).toContain("A second 8,2 3");
    expect(legalKeys(s)).not.toContain("A second 9,2 3");
    // Another lane's gate is wall for this team.
    const other = position({ lanes: LANES, tokens: { 0: [[[5, 1]]] }, dice: [1, 3] });
    expect(refusal(other, move("A", "first", [6, 1], { path: [[6, 1]] }))).toBe("NOT_A_STEP");
    expect(legalKeys(other).filter((k) => k.startsWith("A first"))).toEqual(["A first 4,0 1", "A first 4,1 1", "A first 4,2 1", "A first 5,0 1", "A first 5,2 1"]);
  });

  it("R: gates are one-way (clockwise)", () => {
    const s = position({ lanes: LANES, progress: [1, 0], tokens: { 0: [[[6, 2]]] }, dice: [1, 2] });
    expect(refusal(s, move("A", "first", [5, 2], { path: [[5, 2]] }))).toBe("NOT_A_STEP");
    expect(legalKeys(s).some((k) => / [0-5],\d /.test(k))).toBe(false);
  });

  it("R: h0 must be empty for a crossing", () => {
    const s = position({ lanes: LANES, progress: [0, 1], tokens: { 0: [[[5, 2]]], 1: [[[6, 2]]] }, dice: [1, 2] });
    expect(refusal(s, move("A", "first", [6, 2], { path: [[6, 2]] }))).toBe("CELL_OCCUPIED");
    expect(legalKeys(s).some((k) => / (6|7|8),\d /.test(k))).toBe(false);
  });

  it("moves only active tokens: posts wait for the handoff", () => {
    const s = position({ lanes: LANES, dice: [1, 2] });
    expect(refusal(s, move("B", "first", [8, 4]))).toBe("TOKEN_NOT_ACTIVE");
    expect(legalKeys(s).every((k) => k.startsWith("A "))).toBe(true);
  });
});

describe("no cell twice in a turn (seed: «дважды в одну клетку ходить запрещено»)", () => {
  it("forbids re-entering the start cell of the turn", () => {
    const s = position({ lanes: LANES, tokens: { 0: [[[2, 2]]] }, dice: [2, 1] });
    expect(refusal(s, move("A", "first", [2, 2], { path: [[3, 2], [2, 2]] }))).toBe("CELL_REVISITED");
    expect(legalKeys(s).some((k) => k.includes(" 2,2 "))).toBe(false);
  });

  it("remembers the cells of earlier actions in the same turn", () => {
    const s = position({ lanes: LANES, tokens: { 0: [[[2, 2]]] }, dice: [2, 1] });
    const after = played(s, move("A", "first", [4, 2], { path: [[3, 2], [4, 2]] }));
    expect(refusal(after, move("A", "second", [3, 2], { path: [[3, 2]] }))).toBe("CELL_REVISITED");
    expect(legalKeys(after)).toEqual(["A second 3,1 1", "A second 3,3 1", "A second 4,1 1", "A second 4,3 1", "A second 5,1 1", "A second 5,2 1", "A second 5,3 1"]);
  });

  it("starts afresh next turn", () => {
    const s = position({ lanes: LANES, tokens: { 0: [[[2, 2]]] }, dice: [1, 1] });
    let t = played(played(s, move("A", "first", [3, 2])), move("A", "second", [4, 2]));
    expect(rules.turn(t)).toEqual({ phase: "roll", seats: [1], count: 2, awaiting: "roll" });
    t = { ...t, toMove: 0 };
    const again = rollNow(rules, t, [1, 1]);
    expect(again.ok && movesNow<EstafetaMove>(rules, again.value).some((m) => m.to !== "finish" && m.to.x === 3 && m.to.y === 2)).toBe(true);
  });
});

describe("all points are used (Movement)", () => {
  it("R: a token stops before its die is spent only on a cell where it has no legal next step", () => {
    const s = pocket([4, 2]);
    expect(legalKeys(s)).toContain("B first 5,5 1");
    expect(legalKeys(s)).toContain("B second 5,5 1");
    expect(refusal(s, move("B", "first", [3, 4], { points: 1 }))).toBe("EARLY_STOP");
    expect(refusal(s, move("B", "first", [3, 4], { path: [[3, 4]] }))).toBe("EARLY_STOP");
    const after = played(s, move("B", "first", [5, 5]));
    expect(after.dice).toEqual([3, 2]);
    expect(cellOfToken(after, 0, 1)).toEqual([5, 5]);
  });

  it("R: the rest of that die is then spent by any token of the team that can step", () => {
    const after = played(pocket([4, 2]), move("B", "first", [5, 5], { points: 1 }));
    const keys = legalKeys(after);
    expect(keys.some((k) => k.startsWith("B "))).toBe(false);
    expect(keys).toContain("D first 2,0 3");
    expect(keys.filter((k) => k.startsWith("D first")).every((k) => k.endsWith(" 3"))).toBe(true);
    const next = played(after, move("D", "first", [2, 0]));
    expect(next.dice).toEqual([0, 2]);
    expect(rules.turn(next)).toEqual({ phase: "move", seats: [0], awaiting: "move" });
  });

  it("ends the turn when the dice are spent, or when no active token can use what is left", () => {
    const spent = played(played(pocket([1, 1]), move("D", "first", [2, 4])), move("D", "second", [2, 5]));
    expect(rules.turn(spent)).toEqual({ phase: "roll", seats: [1], count: 2, awaiting: "roll" });
    // Sprint, A alone: stuck in the corner after one point, the other five are lost.
    const alone = position({ lanes: LANES, progress: [0, 4], tokens: { 1: [[[4, 4]], [[5, 4]]] }, dice: [6, 2] });
    const stuck = played(alone, move("A", "first", [5, 5]));
    expect(rules.turn(stuck)).toEqual({ phase: "roll", seats: [1], count: 2, awaiting: "roll" });
    expect(stuck.turns).toBe(1);
  });

  it("passes automatically when nothing can move, and refuses a pass otherwise", () => {
    const blocked = position({ lanes: LANES, progress: [0, 4], tokens: { 0: [[[5, 5]]], 1: [[[4, 4]], [[5, 4]], [[4, 5]]] }, dice: [3, 4] });
    expect(rules.turn(blocked)).toEqual({ phase: "move", seats: [0], awaiting: "move" });
    expect(movesNow<EstafetaMove>(rules, blocked)).toEqual([]);
    const passed = passNow(rules, blocked);
    expect(passed.ok && rules.turn(passed.value)).toEqual({ phase: "roll", seats: [1], count: 2, awaiting: "roll" });
    const free = position({ lanes: LANES, dice: [3, 4] });
    expect(passNow(rules, free)).toMatchObject({ ok: false, error: { reason: "LEGAL_MOVE_EXISTS" } });
    expect(passNow(rules, { ...free, dice: null })).toMatchObject({ ok: false, error: { reason: "NOTHING_TO_PASS" } });
  });
});

describe("dice (two dice, doubles are not doubled)", () => {
  it("a double gives its two dice once: 3-3 is six points, first or second or both", () => {
    const s = position({ lanes: LANES, tokens: { 0: [[[2, 2]]] }, dice: [3, 3] });
    expect(rules.diceLeft(s)).toEqual([3, 3]);
    const keys = legalKeys(s);
    expect(keys.some((k) => k.includes(" second "))).toBe(false);
    expect(keys.filter((k) => k.includes(" both ")).every((k) => k.endsWith(" 6"))).toBe(true);
    // R: with equal points either label is accepted; both are one action, recorded as "first".
    const viaSecond = played(s, move("A", "second", [5, 2]));
    expect(viaSecond).toEqual(played(s, move("A", "first", [5, 2])));
    expect(recordedMove(s, move("A", "second", [5, 2])).die).toBe("first");
  });

  it("one token may use both dice in one route; 'both' spends all their points", () => {
    const s = position({ lanes: LANES, tokens: { 0: [[[0, 0]]] }, dice: [2, 3] });
    expect(legalKeys(s)).toContain("A both 5,0 5");
    const after = played(s, move("A", "both", [5, 0]));
    expect(rules.turn(after)).toEqual({ phase: "roll", seats: [1], count: 2, awaiting: "roll" });
    expect(refusal(s, move("A", "both", [2, 0], { points: 2 }))).toBe("WRONG_POINTS");
    expect(refusal(s, move("A", "both", [2, 0], { path: [[1, 0], [2, 0]] }))).toBe("EARLY_STOP");
  });

  it("two tokens may spend one die each, in any order", () => {
    const s = position({ variant: "stayer", lanes: LANES, progress: [4, 0], tokens: { 0: [[null], [[1, 1], "active", 2], [[4, 1], "active", 2], [[3, 3], "active", 2]] }, dice: [2, 5] });
    const a = played(played(s, move("C", "second", [0, 3])), move("B", "first", [1, 3]));
    const b = played(played(s, move("B", "first", [1, 3])), move("C", "second", [0, 3]));
    expect(a.tokens).toEqual(b.tokens);
    expect(rules.turn(a)).toEqual(rules.turn(b));
  });

  it("refuses a spent die and moves before the roll", () => {
    const s = position({ lanes: LANES, tokens: { 0: [[[0, 0]]] }, dice: [2, 3] });
    const after = played(s, move("A", "first", [2, 0]));
    expect(refusal(after, move("A", "first", [3, 0]))).toBe("DIE_SPENT");
    expect(refusal(after, move("A", "both", [3, 0]))).toBe("DIE_SPENT");
    expect(refusal({ ...s, dice: null }, move("A", "first", [2, 0]))).toBe("NO_DICE");
    expect(movesNow<EstafetaMove>(rules, { ...s, dice: null })).toEqual([]);
  });
});

describe("routes (Fine points)", () => {
  it("R: an action is token, die, destination and points; routes are recorded by normalize and replay alike", () => {
    const s = position({ lanes: LANES, tokens: { 0: [[[1, 1]]] }, dice: [4, 6] });
    for (const m of movesNow<EstafetaMove>(rules, s)) {
      const recorded = recordedMove(s, m);
      expect(recorded.path?.length).toBe(m.to === "finish" ? m.points! - 1 : m.points);
      expect(played(s, recorded)).toEqual(played(s, m));
    }
  });

  it("chooses routes by its documented rule: distance to the destination closest to the points left, ties N, NE, E, ...", () => {
    const s = position({ lanes: LANES, tokens: { 0: [[[0, 0]]] }, dice: [3, 6] });
    // Step 1 wants distance 2 from 2,0: S (0,1). Step 2 wants 1: NE (1,0) before E (1,1). Step 3 arrives.
    expect(recordedMove(s, move("A", "first", [2, 0])).path).toEqual([{ x: 0, y: 1 }, { x: 1, y: 0 }, { x: 2, y: 0 }]);
    expect(recordedMove(s, move("A", "first", [2, 0]))).toEqual(recordedMove(s, move("A", "first", [2, 0], { points: 3 })));
  });

  it("follows a route given with the move, and checks it", () => {
    const s = position({ lanes: LANES, tokens: { 0: [[[1, 1]]] }, dice: [3, 6] });
    const route: [number, number][] = [[2, 1], [3, 1], [2, 2]];
    const after = played(s, move("A", "first", [2, 2], { path: route }));
    expect(after.visited[0]).toEqual([13, 14, 15, 26]);
    expect(refusal(s, move("A", "first", [2, 3], { path: route }))).toBe("WRONG_DESTINATION");
    expect(refusal(s, move("A", "first", [2, 2], { path: route, points: 2 }))).toBe("WRONG_POINTS");
    expect(refusal(s, move("A", "first", [3, 3], { path: [[2, 1], [3, 2], [3, 3], [3, 4]] }))).toBe("WRONG_DESTINATION");
  });

  it("without points, takes the action to that destination that spends the most points", () => {
    const s = pocket([4, 2]);
    expect(recordedMove(s, move("B", "first", [5, 5])).points).toBe(1);
    expect(recordedMove(s, move("D", "first", [2, 0])).points).toBe(4);
  });
});

describe("the rules reference", () => {
  it("shows example actions that are legal in the position it describes", async () => {
    const { readFile } = await import("node:fs/promises");
    const doc = await readFile(new URL("../../../docs/rules/golnard-estafeta.md", import.meta.url), "utf8");
    const block = doc.split("with A on 1,1")[1]!.split("```json")[1]!.split("```")[0]!;
    const examples = block.trim().split("\n").map((line) => rules.moveSchema.parse(JSON.parse(line)));
    expect(examples).toHaveLength(3);
    const s = position({ lanes: LANES, tokens: { 0: [[[1, 1]]] }, dice: [3, 5] });
    for (const m of examples) expect(playNow(rules, s, m).ok, JSON.stringify(m)).toBe(true);
    expect(played(s, examples[2]!).progress[0]).toBe(1);
  });
});
