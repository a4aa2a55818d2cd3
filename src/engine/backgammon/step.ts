import { BAR } from "./position.js";

/**
 * One checker moved by one die on a flat buffer (see `toBuffer`): the single rule every play is
 * built from. Indices are the mover's: 0..23 = points 1..24, 24 = bar; a target below 0 is off.
 */

/** The opponent's slot holding its checkers on the mover's point index t (its point 24 - t). */
const oppAt = (t: number): number => 48 - t;
const OPP_BAR = 49;

/** True when no checker of the mover is outside its home board (points 1..6), bar included. */
function allHome(b: Int8Array): boolean {
  for (let i = 6; i <= BAR; i++) if (b[i]! > 0) return false;
  return true;
}

export type StepRefusal = "NO_CHECKER" | "BAR_FIRST" | "BLOCKED" | "NOT_ALL_HOME" | "HIGHER_CHECKER";

/** Why a single-die step is illegal, or null when it is legal. */
export function stepRefusal(b: Int8Array, from: number, die: number): StepRefusal | null {
  if (b[from]! <= 0) return "NO_CHECKER";
  if (from !== BAR && b[BAR]! > 0) return "BAR_FIRST";
  const to = from - die;
  if (to >= 0) return b[oppAt(to)]! >= 2 ? "BLOCKED" : null;
  if (!allHome(b)) return "NOT_ALL_HOME";
  // A die larger than needed may only bear off from the highest occupied point (standard rule).
  if (to < -1) for (let i = from + 1; i < 6; i++) if (b[i]! > 0) return "HIGHER_CHECKER";
  return null;
}

/** The same rule as `stepRefusal`, without the reasons: the generator's hot path. */
export function canStep(b: Int8Array, from: number, die: number): boolean {
  if (b[from]! <= 0 || (from !== BAR && b[BAR]! > 0)) return false;
  const to = from - die;
  if (to >= 0) return b[48 - to]! < 2;
  for (let i = from + 1; i <= BAR; i++) if (b[i]! > 0 && (i >= 6 || to < -1)) return false;
  return true;
}

/** Applies a legal step; returns whether it hit a blot (needed to undo it and for the notation). */
export function doStep(b: Int8Array, from: number, die: number): boolean {
  const to = from - die;
  b[from]!--;
  if (to < 0) return false;
  b[to]!++;
  const o = oppAt(to);
  if (b[o] === 1) {
    b[o] = 0;
    b[OPP_BAR]!++;
    return true;
  }
  return false;
}

export function undoStep(b: Int8Array, from: number, die: number, hit: boolean): void {
  const to = from - die;
  b[from]!++;
  if (to < 0) return;
  b[to]!--;
  if (hit) {
    b[oppAt(to)] = 1;
    b[OPP_BAR]!--;
  }
}
