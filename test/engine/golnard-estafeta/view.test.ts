import { describe, expect, it } from "vitest";
import { position, rules } from "./fixtures.js";

type View = {
  width: number;
  height: number;
  cells: { x: number; y: number; zone: number; marks: { team: number; face: string; role: string }[] }[];
  walls: unknown[];
  startFinish: unknown;
  teams: { seat: number; lane: number; gates: { face: string; formation: { x: number; y: number }[]; h0: { x: number; y: number } }[] }[];
  tokens: { team: number; letter: string; cell: { x: number; y: number } | null; state: string; lap: number }[];
  turn: unknown;
  dice: number[] | null;
  you: number | null;
};

describe("the view", () => {
  it("draws the board without the rules: cells with zones and marks, walls, gates, tokens, turn and dice", () => {
    const s = position({ variant: "stayer", lanes: [1, 3], tokens: { 1: [[null]] }, progress: [0, 4], dice: [2, 5] });
    const v = rules.view(s, 1) as unknown as View;
    expect([v.width, v.height, v.cells.length]).toEqual([12, 12, 144]);
    expect(v.cells[0]).toMatchObject({ x: 0, y: 0, zone: 1 });
    expect(v.cells[143]).toMatchObject({ x: 11, y: 11, zone: 3 });
    expect(v.cells[6 * 12 + 4]!.marks).toContainEqual({ team: 0, face: "F41", role: "g0" });
    expect(v.cells[5 * 12 + 4]!.marks).toContainEqual({ team: 0, face: "F41", role: "h0" });
    expect(v.walls).toHaveLength(2);
    expect(v.startFinish).toMatchObject({ face: "F41" });
    expect(v.teams[1]!.gates[0]).toMatchObject({ face: "F12", formation: [{ x: 5, y: 4 }, { x: 4, y: 4 }, { x: 3, y: 4 }, { x: 2, y: 4 }], h0: { x: 6, y: 4 } });
    expect(v.tokens).toHaveLength(8);
    expect(v.tokens.find((t) => t.team === 0 && t.letter === "B")).toMatchObject({ cell: { x: 7, y: 5 }, state: "post", lap: 1 });
    expect(v.tokens.find((t) => t.team === 1 && t.letter === "A")).toMatchObject({ cell: null, state: "finished" });
    expect(v.turn).toEqual({ phase: "move", seats: [0], seat: 0, awaiting: "move" });
    expect(v.dice).toEqual([2, 5]);
    expect(v.you).toBe(1);
    expect(JSON.parse(JSON.stringify(v))).toEqual(v);
    expect(rules.diceLeft(s)).toEqual([2, 5]);
    expect(rules.diceLeft({ ...s, dice: null })).toBeNull();
  });
});
