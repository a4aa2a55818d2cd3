import { describe, expect, it } from "vitest";
import { CELLS, cellOf, chebyshev, HEIGHT, inReach, WIDTH } from "../../../src/engine/gol/field.js";
import { DEFAULT_FORMATION, formationProblems, KICKOFF_SPOT } from "../../../src/engine/gol/formations.js";
import { goalCells, goalInReach } from "../../../src/engine/gol/goals.js";
import { optionsSchema } from "../../../src/engine/gol/options.js";
import { setup } from "../../../src/engine/gol/setup.js";
import { decide } from "../../../src/match/decide.js";
import { adjacent } from "../../../src/engine/gol/field.js";
import { options, start } from "./fixtures.js";

const ctx = { roll: () => [], diceSeed: "00", at: "2026-01-01T00:00:00.000Z" };
const create = (opts: unknown, seats?: number) => decide({ type: "CreateMatch", matchId: "m1", ruleset: "gol", options: opts, seats, diceCommitment: "c" }, null, ctx);

describe("the field (rule 17.4 of the original rules; ruling: size and goals)", () => {
  it("17.4: 24 x 19 = 456 cells, distances are Chebyshev", () => {
    expect([WIDTH, HEIGHT, CELLS]).toEqual([24, 19, 456]);
    expect(chebyshev(cellOf(0, 0), cellOf(3, 4))).toBe(4);
  });

  it("ruling: every cell has at least 24 cells within 4 (so a piece always has a move: 21 other pieces and the ball block at most 22)", () => {
    expect(Math.min(...Array.from({ length: CELLS }, (_, c) => inReach(c).length))).toBe(24);
    expect(inReach(cellOf(12, 9)).length).toBe(80);
  });

  it("ruling: the goals are 5 virtual cells beyond each end line at y 7..11", () => {
    expect(goalCells("home")).toEqual([7, 8, 9, 10, 11].map((y) => ({ x: -1, y })));
    expect(goalCells("away")).toEqual([7, 8, 9, 10, 11].map((y) => ({ x: 24, y })));
  });

  it("ruling: a goal is in reach when one of its cells is within 4 of the ball", () => {
    expect(goalInReach(cellOf(3, 9))).toBe("home");
    expect(goalInReach(cellOf(4, 9))).toBeNull();
    expect(goalInReach(cellOf(20, 3))).toBe("away");
    expect(goalInReach(cellOf(20, 15))).toBe("away");
    expect(goalInReach(cellOf(20, 2))).toBeNull();
    expect(goalInReach(cellOf(20, 16))).toBeNull();
    expect(goalInReach(cellOf(19, 9))).toBeNull();
    expect(goalInReach(cellOf(0, 0))).toBeNull();
  });
});

describe("formations and kickoff spots (ruling)", () => {
  it("ruling: the default 4-3-3 for home, mirrored (x -> 23 - x) for away", () => {
    expect(DEFAULT_FORMATION.home).toEqual([[0, 9], [3, 3], [3, 7], [3, 11], [3, 15], [7, 5], [7, 9], [7, 13], [10, 4], [10, 14], [10, 9]].map(([x, y]) => ({ x, y })));
    expect(DEFAULT_FORMATION.away.map((p) => p.x)).toEqual(DEFAULT_FORMATION.home.map((p) => 23 - p.x));
    expect(formationProblems("home", DEFAULT_FORMATION.home)).toEqual([]);
    expect(formationProblems("away", DEFAULT_FORMATION.away)).toEqual([]);
  });

  it("ruling: the match starts with home's kickoff: the ball on (11, 9), home in possession, 11 numbered pieces a side on their formations", () => {
    const s = start();
    expect(KICKOFF_SPOT).toEqual({ home: { x: 11, y: 9 }, away: { x: 12, y: 9 } });
    expect(s.ball).toBe(cellOf(11, 9));
    expect(s.possession).toBe("home");
    expect(s.turn).toMatchObject({ side: "home", role: "attack", kickoff: true, tempo: 0 });
    expect(s.pieces.home).toHaveLength(11);
    expect(s.pieces.away).toHaveLength(11);
    expect(s.pieces.away.some((c) => adjacent(c, s.ball))).toBe(false);
  });

  it("ruling: a formation is 11 distinct cells in the side's own half, off both spots and off the cells next to the other side's spot", () => {
    const home = DEFAULT_FORMATION.home.map((p) => ({ ...p }));
    expect(optionsSchema.safeParse({ formations: { home } }).success).toBe(true);
    const withCell = (i: number, x: number, y: number) => home.map((p, j) => (j === i ? { x, y } : p));
    for (const [x, y] of [[12, 4], [11, 8], [11, 9], [11, 10]] as const) {
      const parsed = optionsSchema.safeParse({ formations: { home: withCell(1, x, y) } });
      expect(parsed.success, `${x},${y}`).toBe(false);
    }
    // Next to home's own spot is fine: only the other side must keep away from the ball.
    expect(optionsSchema.safeParse({ formations: { home: withCell(1, 10, 8) } }).success).toBe(true);
    expect(optionsSchema.safeParse({ formations: { home: withCell(1, 0, 9) } }).success).toBe(false);
    const away = DEFAULT_FORMATION.away.map((p) => ({ ...p }));
    expect(optionsSchema.safeParse({ formations: { away: away.map((p, j) => (j === 3 ? { x: 12, y: 10 } : p)) } }).success).toBe(false);
    expect(optionsSchema.safeParse({ formations: { away: away.map((p, j) => (j === 3 ? { x: 11, y: 3 } : p)) } }).success).toBe(false);
    expect(optionsSchema.safeParse({ formations: { away: away.slice(0, 10) } }).success).toBe(false);
  });

  it("ruling: formations are options at createMatch; bad ones are refused as bad input, good ones used at every kickoff", () => {
    const home = DEFAULT_FORMATION.home.map((p, i) => (i === 10 ? { x: 9, y: 9 } : p));
    const made = create({ formations: { home } });
    expect(made.ok).toBe(true);
    const game = made.ok ? (made.value.state.game as ReturnType<typeof start>) : null;
    expect(game!.pieces.home[10]).toBe(cellOf(9, 9));
    const bad = create({ formations: { home: home.map((p, i) => (i === 0 ? { x: 11, y: 8 } : p)) } });
    expect(bad.ok ? null : bad.error.code).toBe("BAD_USER_INPUT");
    // setup checks formations too, for callers that skip the schema.
    const raw = setup({ options: { ...options(), formations: { home: home.map((p, i) => (i === 0 ? { x: 12, y: 0 } : p)) } } });
    expect(raw.ok ? null : raw.error.reason).toBe("INVALID_OPTIONS");
  });

  it("two seats, home (0) and away (1); any other count is refused", () => {
    expect(create({}, 2).ok).toBe(true);
    const three = create({}, 3);
    expect(three.ok ? null : three.error).toMatchObject({ code: "BAD_USER_INPUT", details: { reason: "INVALID_SEATS" } });
  });

  it("options: minutesPerHalf 1-90 (default 45), minSecondary 0-7 (default 4)", () => {
    expect(options()).toMatchObject({ minutesPerHalf: 45, minSecondary: 4 });
    expect(optionsSchema.safeParse({ minutesPerHalf: 1, minSecondary: 0 }).success).toBe(true);
    expect(optionsSchema.safeParse({ minSecondary: 8 }).success).toBe(false);
    expect(optionsSchema.safeParse({ minutesPerHalf: 0 }).success).toBe(false);
    expect(optionsSchema.safeParse({ extra: 1 }).success).toBe(false);
  });
});
