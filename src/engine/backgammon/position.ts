/**
 * A position seen by the player on roll, laid out exactly like gnubg's `TanBoard`: each side is
 * 25 counts, index 0..23 = that side's own points 1..24 (its ace point first), index 24 = its bar.
 * Checkers not on the board have been borne off. Keeping gnubg's layout makes the Position ID a
 * direct encoding and lets the CLI work on IDs without any match around them.
 */
export interface Position {
  readonly onRoll: readonly number[];
  readonly opponent: readonly number[];
}

export const CHECKERS = 15;
export const BAR = 24;
export const SLOTS = 25;

/** Both sides from their own view: 2 on the 24-point, 5 on 13, 3 on 8, 5 on 6. */
const START_SIDE: readonly number[] = [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0];
export const START_POSITION: Position = { onRoll: START_SIDE, opponent: START_SIDE };

export const sideTotal = (side: readonly number[]): number => side.reduce((a, b) => a + b, 0);

/** Pip count: a checker on point p needs p pips, one on the bar 25. */
export const pipCount = (side: readonly number[]): number => side.reduce((sum, n, i) => sum + n * (i + 1), 0);

/** The same position with the other player on roll. */
export const swapSides = (pos: Position): Position => ({ onRoll: pos.opponent, opponent: pos.onRoll });

const OPP = 25;

/**
 * Flat working copy used by the generators: [0..24] the player on roll, [25..49] the opponent.
 * Generators mutate it and undo, which is what keeps generation allocation-free.
 */
export const toBuffer = (pos: Position): Int8Array => {
  const b = new Int8Array(2 * SLOTS);
  for (let i = 0; i < SLOTS; i++) {
    b[i] = pos.onRoll[i] ?? 0;
    b[OPP + i] = pos.opponent[i] ?? 0;
  }
  return b;
};

export const fromBuffer = (b: Int8Array): Position => ({
  onRoll: Array.from(b.subarray(0, SLOTS)),
  opponent: Array.from(b.subarray(OPP, 2 * SLOTS)),
});

/** Structural problems that no legal sequence of plays can produce; null when the position is sound. */
export function positionProblem(pos: Position): string | null {
  for (const [name, side] of [
    ["player on roll", pos.onRoll],
    ["opponent", pos.opponent],
  ] as const) {
    if (side.length !== SLOTS) return `${name}: expected ${SLOTS} slots`;
    if (side.some((n) => !Number.isInteger(n) || n < 0)) return `${name}: counts must be non-negative integers`;
    if (sideTotal(side) > CHECKERS) return `${name} has more than ${CHECKERS} checkers`;
  }
  for (let i = 0; i < 24; i++) {
    if ((pos.onRoll[i] ?? 0) > 0 && (pos.opponent[23 - i] ?? 0) > 0) return `both players on point ${i + 1}`;
  }
  return null;
}
