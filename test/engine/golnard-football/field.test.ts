import { rollNow } from "../../support/engine.js";
import { describe, expect, it } from "vitest";
import { CELLS, cellOf, isCentreCircle, KICKOFF_SPOT, zoneOf, halfOf } from "../../../src/engine/golnard-football/board.js";
import { DEFAULT_FORMATION_HOME } from "../../../src/engine/golnard-football/options.js";
import { ownerSeat, tokenIndex, type FootballState } from "../../../src/engine/golnard-football/state.js";
import { rules } from "./fixtures.js";

const setup = (options: Record<string, unknown> = {}, seats?: number) => rules.setup({ options: rules.optionsSchema.parse(options), seats });
const must = (options: Record<string, unknown> = {}, seats?: number): FootballState => {
  const r = setup(options, seats);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const cellsOf = (zone: string, half: 0 | 1) => Array.from({ length: CELLS }, (_, c) => c).filter((c) => zoneOf(c) === zone && halfOf(c) === half);
const xs = (cells: number[]) => cells.map((c) => `${c % 20},${Math.floor(c / 20)}`);

describe("the field", () => {
  it("20 x 10 cells (200); home defends the left end (x = 0), away the right end (x = 19)", () => {
    expect(CELLS).toBe(200);
    expect(xs(cellsOf("goal", 0))).toEqual(["0,3", "0,4", "0,5", "0,6"]);
    expect(xs(cellsOf("goal", 1))).toEqual(["19,3", "19,4", "19,5", "19,6"]);
  });

  it("goal zone x = 0, y 3..6; goalkeeper zone x 1..2, y 2..7; penalty zone x 1..4, y 1..8 minus the goalkeeper zone; free zone the rest", () => {
    expect(cellsOf("keeper", 0)).toHaveLength(12);
    expect(cellsOf("keeper", 0).every((c) => c % 20 >= 1 && c % 20 <= 2 && c >= 40 && c < 160)).toBe(true);
    expect(cellsOf("penalty", 0)).toHaveLength(20);
    expect(zoneOf(cellOf(3, 1))).toBe("penalty");
    expect(zoneOf(cellOf(1, 1))).toBe("penalty");
    expect(zoneOf(cellOf(1, 0))).toBe("free");
    expect(zoneOf(cellOf(0, 2))).toBe("free");
    expect(zoneOf(cellOf(5, 4))).toBe("free");
    expect(cellsOf("free", 0)).toHaveLength(100 - 4 - 12 - 20);
  });

  it("the right half mirrored, x -> 19 - x", () => {
    for (let c = 0; c < CELLS; c++) {
      const mirrored = cellOf(19 - (c % 20), Math.floor(c / 20));
      expect(zoneOf(mirrored)).toBe(zoneOf(c));
    }
  });

  it("centre circle x 8..11, y 3..6; kickoff spot home (9, 4), away (10, 5)", () => {
    expect(Array.from({ length: CELLS }, (_, c) => c).filter(isCentreCircle)).toHaveLength(16);
    expect(isCentreCircle(cellOf(8, 3)) && isCentreCircle(cellOf(11, 6)) && !isCentreCircle(cellOf(7, 3))).toBe(true);
    expect(KICKOFF_SPOT).toEqual([cellOf(9, 4), cellOf(10, 5)]);
  });
});

describe("sides, seats and tokens", () => {
  it("two sides of 1, 2 or 5 seats: createMatch seats 2, 4 or 10, default 2; any other count is refused", () => {
    expect(rules.sides(must())).toEqual([{ side: "home", seats: [0] }, { side: "away", seats: [1] }]);
    for (const bad of [1, 3, 6, 8, 12]) {
      const r = setup({}, bad);
      expect(r.ok ? "" : r.error.reason).toBe("INVALID_SEATS");
    }
  });

  it("ruling: home plays seats 0..k-1 and away seats k..2k-1", () => {
    expect(rules.sides(must({}, 4))).toEqual([{ side: "home", seats: [0, 1] }, { side: "away", seats: [2, 3] }]);
    expect(rules.sides(must({}, 10))).toEqual([{ side: "home", seats: [0, 1, 2, 3, 4] }, { side: "away", seats: [5, 6, 7, 8, 9] }]);
  });

  it("the keeper is number 1, field tokens 2-11; 2 seats per side: 2-6 and 7-11; the keeper joins keeperSeat (default 0)", () => {
    const s = must({}, 4);
    const seats = (side: 0 | 1) => Array.from({ length: 11 }, (_, i) => ownerSeat(s, tokenIndex(side, i + 1)));
    expect(seats(0)).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
    expect(seats(1)).toEqual([2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3]);
    const other = must({ keeperSeat: { home: 1, away: 0 } }, 4);
    expect(ownerSeat(other, tokenIndex(0, 1))).toBe(1);
    expect(ownerSeat(other, tokenIndex(1, 1))).toBe(2);
  });

  it("5 seats: 2-3, 4-5, 6-7, 8-9, 10-11, the keeper with keeperSeat", () => {
    const s = must({ keeperSeat: 3 }, 10);
    expect(Array.from({ length: 11 }, (_, i) => ownerSeat(s, tokenIndex(1, i + 1)))).toEqual([8, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9]);
  });

  it("1 seat per side moves all 11 tokens; keeperSeat must name a seat of the side", () => {
    const s = must();
    expect(Array.from({ length: 11 }, (_, i) => ownerSeat(s, tokenIndex(0, i + 1))).every((x) => x === 0)).toBe(true);
    const r = setup({ keeperSeat: 2 }, 4);
    expect(r.ok ? "" : r.error.reason).toBe("INVALID_OPTIONS");
  });
});

describe("formations and the start", () => {
  it("default formation (4-4-2), home: keeper (1,4); (5,1) (5,3) (5,6) (5,8) (7,1) (7,3) (7,6) (7,8) (9,2) (9,7); away is the point mirror (19-x, 9-y)", () => {
    const s = must();
    const home = [[1, 4], [5, 1], [5, 3], [5, 6], [5, 8], [7, 1], [7, 3], [7, 6], [7, 8], [9, 2], [9, 7]];
    expect(s.tokens.slice(0, 11)).toEqual(home.map(([x, y]) => cellOf(x!, y!)));
    expect(s.tokens.slice(11)).toEqual(home.map(([x, y]) => cellOf(19 - x!, 9 - y!)));
  });

  it("each side places its 10 field tokens in its own free zone outside the centre circle and its goalkeeper in its goalkeeper zone", () => {
    const f = DEFAULT_FORMATION_HOME.map((p) => ({ ...p }));
    expect(rules.optionsSchema.safeParse({ formations: { home: f } }).success).toBe(true);
    const bad = (edit: (f: { x: number; y: number }[]) => void, side: "home" | "away" = "home") => {
      const g = (side === "home" ? DEFAULT_FORMATION_HOME : DEFAULT_FORMATION_HOME.map((q) => ({ x: 19 - q.x, y: 9 - q.y }))).map((q) => ({ ...q }));
      edit(g);
      return rules.optionsSchema.safeParse({ formations: { [side]: g } }).success;
    };
    expect(bad(() => {})).toBe(true);
    expect(bad(() => {}, "away")).toBe(true);
    expect(bad((g) => (g[0] = { x: 3, y: 4 }))).toBe(false); // keeper outside its goalkeeper zone
    expect(bad((g) => (g[1] = { x: 8, y: 4 }))).toBe(false); // centre circle
    expect(bad((g) => (g[1] = { x: 3, y: 4 }))).toBe(false); // penalty zone
    expect(bad((g) => (g[1] = { x: 12, y: 0 }))).toBe(false); // the other half
    expect(bad((g) => (g[2] = { ...g[1]! }))).toBe(false); // two on one cell
    const custom = must({ formations: { home: f.map((q, i) => (i === 10 ? { x: 9, y: 9 } : q)) } });
    expect(custom.formation[10]).toBe(cellOf(9, 9));
  });

  it("the opening roll (one die per side, ties re-rolled) picks the side that kicks off; the ball starts on its kickoff spot", () => {
    const s = must({}, 4);
    expect(rules.turn(s)).toEqual({ phase: "roll", seats: [0, 1, 2, 3], count: 2, awaiting: "openingRoll" });
    const tie = rollNow(rules, s, [4, 4]);
    expect(tie.ok && rules.turn(tie.value)).toMatchObject({ phase: "roll", awaiting: "openingRoll", count: 2 });
    const away = rollNow(rules, s, [2, 5]);
    if (!away.ok) throw new Error("refused");
    expect(rules.turn(away.value)).toEqual({ phase: "roll", seats: [2], count: 2, awaiting: "kickoff" });
    expect(away.value.ball).toBe(cellOf(10, 5));
    expect(away.value.firstKick).toBe(1);
    expect(rollNow(rules, s, [7, 1]).ok).toBe(false);
  });
});

describe("options", () => {
  it("mode-specific options are refused in the other mode, so no option silently does nothing", () => {
    const reason = (o: Record<string, unknown>) => {
      const r = setup(o);
      return r.ok ? "ok" : r.error.reason;
    };
    expect(reason({ goals: 3 })).toBe("INVALID_OPTIONS");
    expect(reason({ maxTurns: 10 })).toBe("INVALID_OPTIONS");
    expect(reason({ mode: "goals", halfTurns: 10 })).toBe("INVALID_OPTIONS");
    expect(reason({ mode: "goals", extraTime: true })).toBe("INVALID_OPTIONS");
    expect(reason({ mode: "goals", goals: 2, maxTurns: 50 })).toBe("ok");
  });

  it("ruling: draw says whether a level match may end drawn; it is false exactly when a shoot-out decides", () => {
    const reason = (o: Record<string, unknown>) => {
      const r = setup(o);
      return r.ok ? "ok" : r.error.reason;
    };
    expect(reason({ draw: false })).toBe("INVALID_OPTIONS");
    expect(reason({ draw: false, extraTime: true })).toBe("INVALID_OPTIONS");
    expect(reason({ draw: true, shootout: true })).toBe("INVALID_OPTIONS");
    expect(reason({ draw: false, shootout: true })).toBe("ok");
    expect(must({ shootout: true }).rules.draw).toBe(false);
    expect(must().rules.draw).toBe(true);
  });

  it("offside, throwIns, corners and penalties are on by default; defaults: halves of 20 turns, goals mode first to 3 within 200 turns", () => {
    const r = must().rules;
    expect([r.offside, r.throwIns, r.corners, r.penalties]).toEqual([true, true, true, true]);
    expect([r.mode, r.periodTurns, r.extraTurns]).toEqual(["halves", 20, 6]);
    const g = must({ mode: "goals" }).rules;
    expect([g.goals, g.periodTurns]).toEqual([3, 200]);
    expect(rules.optionsSchema.safeParse({ bogus: 1 }).success).toBe(false);
  });

  it("extra time: two halves of max(1, N div 3) turns", () => {
    expect(must({ halfTurns: 2, extraTime: true }).rules.extraTurns).toBe(1);
    expect(must({ halfTurns: 10, extraTime: true }).rules.extraTurns).toBe(3);
  });
});
