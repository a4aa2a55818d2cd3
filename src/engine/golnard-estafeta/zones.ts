import { grid } from "../common/grid.js";
import { CELLS, chebyshev, SIZE, xOf, yOf, ZONE_ORIGIN, ZONE_SIZE, zoneOf, type Cell, type ZoneIndex } from "./board.js";

/**
 * Zone-local geometry for the path search. Steps never leave a zone except through a gate, so
 * the search works on one 6 x 6 zone at a time. A zone's 36 cells are held as two 18-bit ints
 * (rows 0-2 and rows 3-5 of the zone): JavaScript bit operations are 32-bit, and two small ints
 * let a whole breadth-first layer be computed with a dozen operations instead of a loop.
 */

/** A zone as a grid of its own: local cells 0..35, row-major inside the zone. */
export const ZONE_GRID = grid(ZONE_SIZE, ZONE_SIZE);

/** Local index 0..35 of a cell in its own zone. */
export const LOCAL: Int8Array = new Int8Array(CELLS);
/** ZONE_CELL[zone * 36 + local] = board cell. */
export const ZONE_CELL: Int16Array = new Int16Array(4 * 36);
for (let cell = 0; cell < CELLS; cell++) {
  const zone = zoneOf(cell);
  const o = ZONE_ORIGIN[zone]!;
  const local = ZONE_GRID.cellOf(xOf(cell) - o.x, yOf(cell) - o.y);
  LOCAL[cell] = local;
  ZONE_CELL[zone * 36 + local] = cell;
}

export const HALF = 18;
export const FULL = (1 << HALF) - 1;
export const bitA = (local: number): number => (local < HALF ? 1 << local : 0);
export const bitB = (local: number): number => (local < HALF ? 0 : 1 << (local - HALF));

/** Bits of one half (three rows) whose column is not 0 / not 5: shifting by one column must not wrap rows. */
let notCol0 = 0;
let notCol5 = 0;
for (let i = 0; i < HALF; i++) {
  if (i % ZONE_SIZE !== 0) notCol0 |= 1 << i;
  if (i % ZONE_SIZE !== ZONE_SIZE - 1) notCol5 |= 1 << i;
}
export const NOT_COL0 = notCol0;
export const NOT_COL5 = notCol5;

/** The eight king directions in the order every deterministic choice of the engine uses them. */
export const DIRECTIONS = [
  [0, -1], // N
  [1, -1], // NE
  [1, 0], // E
  [1, 1], // SE
  [0, 1], // S
  [-1, 1], // SW
  [-1, 0], // W
  [-1, -1], // NW
] as const;

/** Neighbours of a local cell inside its zone (walls cut the rest), in DIRECTIONS order. */
export const NEIGHBOURS: readonly (readonly number[])[] = Array.from({ length: 36 }, (_, local) => {
  const out: number[] = [];
  for (const [dx, dy] of DIRECTIONS) {
    const nx = ZONE_GRID.xOf(local) + dx;
    const ny = ZONE_GRID.yOf(local) + dy;
    if (ZONE_GRID.inside(nx, ny)) out.push(ZONE_GRID.cellOf(nx, ny));
  }
  return out;
});
/** The same neighbours as masks. */
export const NB_A: Int32Array = new Int32Array(36);
export const NB_B: Int32Array = new Int32Array(36);
NEIGHBOURS.forEach((list, local) => {
  for (const n of list) {
    NB_A[local] = NB_A[local]! | bitA(n);
    NB_B[local] = NB_B[local]! | bitB(n);
  }
});

/** Are two board cells one king step apart inside the same zone (i.e. not across a wall)? */
export const isZoneStep = (from: Cell, to: Cell): boolean => zoneOf(from) === zoneOf(to) && chebyshev(from, to) === 1;

/** Board cells of a zone, for tests and the view. */
export const cellsOfZone = (zone: ZoneIndex): Cell[] => Array.from({ length: 36 }, (_, local) => ZONE_CELL[zone * 36 + local]!);

export function popcount(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The wall as grid-line segments (between cells), for drawing: x = 6 top to bottom, y = 6 left to right. */
export const WALLS = [
  { from: { x: 6, y: 0 }, to: { x: 6, y: SIZE } },
  { from: { x: 0, y: 6 }, to: { x: SIZE, y: 6 } },
] as const;

