import { grid, type Cell } from "../common/grid.js";
import type { SideIndex } from "../common/home-away.js";

export type { Cell, Point } from "../common/grid.js";

/**
 * The 20 x 10 field, on the common grid: cells numbered `y * 20 + x` (x = column from the left,
 * y = row from the top). Home defends the left end (x = 0), away the right end (x = 19); the
 * right half is the left half mirrored (x -> 19 - x).
 * Sides are indexes (`SideIndex`): 0 = home (defends x = 0), 1 = away (defends x = 19).
 */
export const WIDTH = 20;
export const HEIGHT = 10;
export const CELLS = WIDTH * HEIGHT;

export const { cellOf, cellAt, xOf, yOf, pointOf, inside, chebyshev } = grid(WIDTH, HEIGHT);

/** The eight straight directions a kick or a set-piece ball move may take (N = toward y = 0). */
export const DIRECTIONS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const DX: Readonly<Record<Direction, number>> = { N: 0, NE: 1, E: 1, SE: 1, S: 0, SW: -1, W: -1, NW: -1 };
export const DY: Readonly<Record<Direction, number>> = { N: -1, NE: -1, E: 0, SE: 1, S: 1, SW: 1, W: 0, NW: -1 };

/** The cell `n` steps from `c` in direction `d`, or -1 off the field. */
export function stepFrom(c: Cell, d: Direction, n = 1): Cell {
  const x = xOf(c) + DX[d] * n;
  const y = yOf(c) + DY[d] * n;
  return inside(x, y) ? cellOf(x, y) : -1;
}

/** King-step neighbours of every cell, in direction order (so every search is deterministic). */
export const NEIGHBOURS: readonly (readonly Cell[])[] = Array.from({ length: CELLS }, (_, c) =>
  DIRECTIONS.map((d) => stepFrom(c, d)).filter((n) => n >= 0),
);

export const ZONES = ["goal", "keeper", "penalty", "free"] as const;
export type Zone = (typeof ZONES)[number];

/** Zone of a cell of the left half, by its distance from its own goal line (0..9). */
function leftZone(x: number, y: number): Zone {
  if (x === 0 && y >= 3 && y <= 6) return "goal";
  if (x >= 1 && x <= 2 && y >= 2 && y <= 7) return "keeper";
  if (x >= 1 && x <= 4 && y >= 1 && y <= 8) return "penalty";
  return "free";
}

/** Which half a cell lies in: the side whose end it is (x 0..9 home, 10..19 away). */
export const halfOf = (c: Cell): SideIndex => (xOf(c) < WIDTH / 2 ? 0 : 1);

const ZONE_OF: readonly Zone[] = Array.from({ length: CELLS }, (_, c) => {
  const x = xOf(c);
  return leftZone(x < WIDTH / 2 ? x : WIDTH - 1 - x, yOf(c));
});
export const zoneOf = (c: Cell): Zone => ZONE_OF[c]!;
export const isGoalZone = (c: Cell): boolean => ZONE_OF[c] === "goal";
export const isKeeperZone = (c: Cell): boolean => ZONE_OF[c] === "keeper";
/** The penalty area of the half: penalty + goalkeeper + goal zone. */
export const isPenaltyArea = (c: Cell): boolean => ZONE_OF[c] !== "free";
export const isCentreCircle = (c: Cell): boolean => xOf(c) >= 8 && xOf(c) <= 11 && yOf(c) >= 3 && yOf(c) <= 6;

/** Where each side kicks off: home (9, 4), away (10, 5). */
export const KICKOFF_SPOT: readonly [Cell, Cell] = [cellOf(9, 4), cellOf(10, 5)];
/** The goal line each side defends. */
export const GOAL_LINE_X: readonly [number, number] = [0, WIDTH - 1];
/** +1 when a side attacks toward growing x (home), -1 otherwise. */
export const ATTACK_DX: readonly [number, number] = [1, -1];

/** The three directions whose x-component points at the goal line the side attacks. */
export const FORWARD: readonly [readonly Direction[], readonly Direction[]] = [
  ["NE", "E", "SE"],
  ["NW", "W", "SW"],
];

/** Distance of a cell to the goal line a side attacks (0 on that line). */
export const toGoalLine = (side: SideIndex, c: Cell): number => (side === 0 ? WIDTH - 1 - xOf(c) : xOf(c));

export const GOAL_CELLS: readonly [readonly Cell[], readonly Cell[]] = [
  [3, 4, 5, 6].map((y) => cellOf(0, y)),
  [3, 4, 5, 6].map((y) => cellOf(WIDTH - 1, y)),
];
export const KEEPER_CELLS: readonly [readonly Cell[], readonly Cell[]] = [0, 1].map((s) =>
  Array.from({ length: CELLS }, (_, c) => c).filter((c) => isKeeperZone(c) && halfOf(c) === s),
) as unknown as readonly [readonly Cell[], readonly Cell[]];
export const PENALTY_ZONE_CELLS: readonly [readonly Cell[], readonly Cell[]] = [0, 1].map((s) =>
  Array.from({ length: CELLS }, (_, c) => c).filter((c) => zoneOf(c) === "penalty" && halfOf(c) === s),
) as unknown as readonly [readonly Cell[], readonly Cell[]];

/** Goal zone a cell belongs to (the side that defends it), or null. */
export const goalOwner = (c: Cell): SideIndex | null => (isGoalZone(c) ? halfOf(c) : null);
