import { grid, type Cell, type Point } from "../common/grid.js";

export type { Cell, Point } from "../common/grid.js";

/**
 * The board of the relay ("Board"): 12 x 12 cells, four 6 x 6 zones behind a
 * cross-shaped wall, and for every lane the gate and formation cells on each of the four faces.
 * The table below is the rules reference's lane table cell for cell; everything else is derived from it.
 */

export const SIZE = 12;
export const ZONE_SIZE = 6;
export const CELLS = SIZE * SIZE;

/** Cells on the common grid: numbered y * 12 + x inside the engine. */
export const { cellOf, cellAt, xOf, yOf, pointOf, chebyshev } = grid(SIZE, SIZE);

/** Zones clockwise from the top left; the course runs Z1 -> Z2 -> Z3 -> Z4 -> finish. */
export const ZONES = ["Z1", "Z2", "Z3", "Z4"] as const;
export type ZoneIndex = 0 | 1 | 2 | 3;
/** Top-left corner of each zone, by zone index. */
export const ZONE_ORIGIN: readonly Point[] = [
  { x: 0, y: 0 },
  { x: 6, y: 0 },
  { x: 6, y: 6 },
  { x: 0, y: 6 },
];
export const zoneOf = (cell: Cell): ZoneIndex => {
  const left = xOf(cell) < ZONE_SIZE;
  const top = yOf(cell) < ZONE_SIZE;
  return top ? (left ? 0 : 1) : left ? 3 : 2;
};

/**
 * The four wall faces. Face f leads out of zone f into zone f + 1 (mod 4), so a token's next
 * face is always the index of the zone it stands in. F41 is the start/finish line.
 */
export const FACES = ["F12", "F23", "F34", "F41"] as const;
export type FaceId = (typeof FACES)[number];
export type FaceIndex = ZoneIndex;
export const FINISH_FACE: FaceIndex = 3;
export const nextZone = (zone: ZoneIndex): ZoneIndex => ((zone + 1) % 4) as ZoneIndex;

export const LANES = [1, 2, 3, 4, 5] as const;
export type Lane = (typeof LANES)[number];

/** g0 g1 g2 g3 (formation, g0 touching the face on the near side) and h0 (far side of the gate). */
type Row = readonly [g0: readonly [number, number], g1: readonly [number, number], g2: readonly [number, number], g3: readonly [number, number], h0: readonly [number, number]];

/** The lane table of the rules reference, verbatim: lane -> face -> g0 g1 g2 g3 -> h0 as [x, y]. */
export const LANE_TABLE: { readonly [L in Lane]: { readonly [F in FaceId]: Row } } = {
  1: {
    F12: [[5, 2], [4, 2], [3, 2], [2, 2], [6, 2]],
    F23: [[7, 5], [7, 4], [7, 3], [7, 2], [7, 6]],
    F34: [[6, 11], [7, 11], [8, 11], [9, 11], [5, 11]],
    F41: [[4, 6], [4, 7], [4, 8], [4, 9], [4, 5]],
  },
  2: {
    F12: [[5, 1], [4, 1], [3, 1], [2, 1], [6, 1]],
    F23: [[10, 5], [10, 4], [10, 3], [10, 2], [10, 6]],
    F34: [[6, 10], [7, 10], [8, 10], [9, 10], [5, 10]],
    F41: [[3, 6], [3, 7], [3, 8], [3, 9], [3, 5]],
  },
  3: {
    F12: [[5, 4], [4, 4], [3, 4], [2, 4], [6, 4]],
    F23: [[11, 5], [11, 4], [11, 3], [11, 2], [11, 6]],
    F34: [[6, 9], [7, 9], [8, 9], [9, 9], [5, 9]],
    F41: [[2, 6], [2, 7], [2, 8], [2, 9], [2, 5]],
  },
  4: {
    F12: [[5, 0], [4, 0], [3, 0], [2, 0], [6, 0]],
    F23: [[8, 5], [8, 4], [8, 3], [8, 2], [8, 6]],
    F34: [[6, 8], [7, 8], [8, 8], [9, 8], [5, 8]],
    F41: [[1, 6], [1, 7], [1, 8], [1, 9], [1, 5]],
  },
  5: {
    F12: [[5, 3], [4, 3], [3, 3], [2, 3], [6, 3]],
    F23: [[9, 5], [9, 4], [9, 3], [9, 2], [9, 6]],
    F34: [[6, 7], [7, 7], [8, 7], [9, 7], [5, 7]],
    F41: [[0, 6], [0, 7], [0, 8], [0, 9], [0, 5]],
  },
};

/** One lane on one face, as cells: `g[0]` is g0 (touching the face), `h0` is across it. */
export interface Gate {
  readonly lane: Lane;
  readonly face: FaceIndex;
  readonly g: readonly [Cell, Cell, Cell, Cell];
  readonly h0: Cell;
}

const toCell = ([x, y]: readonly [number, number]): Cell => cellOf(x, y);

/** GATES[lane - 1][face]. */
export const GATES: readonly (readonly Gate[])[] = LANES.map((lane) =>
  FACES.map((faceId, face) => {
    const [g0, g1, g2, g3, h0] = LANE_TABLE[lane][faceId];
    return { lane, face: face as FaceIndex, g: [toCell(g0), toCell(g1), toCell(g2), toCell(g3)] as const, h0: toCell(h0) };
  }),
);
export const gateOf = (lane: Lane, face: FaceIndex): Gate => GATES[lane - 1]![face]!;

/** Where each token of a team stands at the start (Setup): A on h0 of F41, posts on g0. */
export const startCells = (lane: Lane): readonly [a: Cell, b: Cell, c: Cell, d: Cell] => [
  gateOf(lane, 3).h0,
  gateOf(lane, 1).g[0],
  gateOf(lane, 2).g[0],
  gateOf(lane, 3).g[0],
];
