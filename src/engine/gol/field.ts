import { grid, type Cell } from "../common/grid.js";

export type { Cell, Point } from "../common/grid.js";

/**
 * The 24 x 19 field (456 cells, rule 17.4 of the original rules) and its geometry, on the
 * common grid: cells numbered `y * 24 + x`, Chebyshev distances.
 */
export const WIDTH = 24;
export const HEIGHT = 19;
export const CELLS = WIDTH * HEIGHT;
/** How far a piece moves and how far a kick flies (rule 17.1). */
export const REACH = 4;

export const { cellOf, cellAt, xOf, yOf, pointOf, inside, chebyshev } = grid(WIDTH, HEIGHT);
export const adjacent = (a: Cell, b: Cell): boolean => chebyshev(a, b) === 1;

/** The cells at distance 1..r of each cell, nearest first: generation walks these lists, never the whole field. */
function within(r: number): Int16Array[] {
  return Array.from({ length: CELLS }, (_, c) => {
    const out: Cell[] = [];
    for (let d = 1; d <= r; d++) {
      for (let dy = -d; dy <= d; dy++) {
        for (let dx = -d; dx <= d; dx++) {
          if (Math.max(Math.abs(dx), Math.abs(dy)) !== d) continue;
          const x = xOf(c) + dx;
          const y = yOf(c) + dy;
          if (inside(x, y)) out.push(cellOf(x, y));
        }
      }
    }
    return Int16Array.from(out);
  });
}
// Built on first use, not at load: every Lambda bundle carries this ruleset, and most cold
// starts never play it.
let tables: { readonly neighbours: readonly Int16Array[]; readonly inReach: readonly Int16Array[] } | null = null;
const tablesOf = () => (tables ??= { neighbours: within(1), inReach: within(REACH) });
/** The cells adjacent to `c`. */
export const neighbours = (c: Cell): Int16Array => tablesOf().neighbours[c]!;
/** The cells at distance 1..REACH of `c`, nearest first. */
export const inReach = (c: Cell): Int16Array => tablesOf().inReach[c]!;

/**
 * The cell one step beyond `to` seen from `from` (they are neighbours), or null off the field:
 * where a pushed piece goes.
 */
export function beyond(from: Cell, to: Cell): Cell | null {
  const x = 2 * xOf(to) - xOf(from);
  const y = 2 * yOf(to) - yOf(from);
  return inside(x, y) ? cellOf(x, y) : null;
}
