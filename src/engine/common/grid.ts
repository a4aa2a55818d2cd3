/** A cell's coordinates as the API spells them: x = column (0 = left), y = row (0 = top). A type, not an interface, so that points are JSON values for views and notes. */
export type Point = { readonly x: number; readonly y: number };

/** A cell inside the engine: `y * width + x`, a small integer, cheap to compare, store and index. */
export type Cell = number;

/**
 * The geometry of a `width` x `height` board of cells, for the cells on it (0 <= c < width * height).
 * Distances are Chebyshev: a king's step counts 1 in any of the 8 directions.
 * The functions close over the board's constant width, so the path searches' inner loops pay no
 * more than with a literal; none allocates: each cell's point is one frozen object, shared, so
 * move lists and views are built from them without allocating.
 */
export function grid(width: number, height: number) {
  const xOf = (c: Cell): number => c % width;
  const yOf = (c: Cell): number => (c / width) | 0;
  const points: readonly Point[] = Array.from({ length: width * height }, (_, c) => Object.freeze({ x: xOf(c), y: yOf(c) }));
  return {
    cellOf: (x: number, y: number): Cell => y * width + x,
    cellAt: (p: Point): Cell => p.y * width + p.x,
    xOf,
    yOf,
    pointOf: (c: Cell): Point => points[c] ?? { x: xOf(c), y: yOf(c) },
    /** Whether (x, y) is on the board. */
    inside: (x: number, y: number): boolean => x >= 0 && x < width && y >= 0 && y < height,
    chebyshev: (a: Cell, b: Cell): number => Math.max(Math.abs((a % width) - (b % width)), Math.abs(((a / width) | 0) - ((b / width) | 0))),
  };
}
