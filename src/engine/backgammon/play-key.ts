import { SLOTS } from "./position.js";
import { stepDie, stepFrom } from "./step-code.js";

/**
 * The exact key of a position a play reaches, relative to the position it starts from: the change
 * of each of the mover's 25 counts, 7 slots to a word as base-16 digits, and the mask of points
 * where a blot was hit (the only change to the opponent). A play moves at most 4 checkers, so a
 * digit stays within -4..4 and the digits of a word never carry into each other: two plays reach
 * the same position iff their 5 words are equal.
 */
export const KEY_WORDS = 5;
export const HIT_WORD = 4;

/** The word slot `i` (0..23 points, 24 bar) counts in, and its digit's unit there. */
const WORD = Int8Array.from({ length: SLOTS }, (_, i) => Math.floor(i / 7));
const UNIT = Int32Array.from({ length: SLOTS }, (_, i) => 16 ** (i % 7));

/** Adds `count` checkers moved from index `from` to index `to` (-1: off) to the mover's words. */
export function moveCheckers(words: Int32Array, from: number, to: number, count = 1): void {
  words[WORD[from]!]! -= count * UNIT[from]!;
  if (to >= 0) words[WORD[to]!]! += count * UNIT[to]!;
}

/**
 * The key of the `n` steps packed in `code` (see `step-code.ts`), written into `out`. `blots` has
 * bit t set where the opponent has a single checker on the mover's index t: a step landing there
 * hits, since only a hit changes the opponent's counts, and only from 1 to 0.
 */
export function codeKey(code: number, n: number, blots: number, out: Int32Array): Int32Array {
  // Five stores, not `fill`: this runs for every play found, and the builtin costs more.
  out[0] = out[1] = out[2] = out[3] = out[4] = 0;
  for (let k = 0; k < n; k++) {
    const from = stepFrom(code, k);
    const to = from - stepDie(code, k);
    moveCheckers(out, from, to);
    if (to >= 0) out[HIT_WORD]! |= blots & (1 << to);
  }
  return out;
}

/** The 5 words of `after` (a buffer, see `toBuffer`) reached from `before` with these hits. */
export function keyWords(before: Int8Array, after: Int8Array, hitMask: number): Int32Array {
  const words = new Int32Array(KEY_WORDS);
  for (let i = 0; i < SLOTS; i++) words[WORD[i]!]! += (after[i]! - before[i]!) * UNIT[i]!;
  words[HIT_WORD] = hitMask;
  return words;
}

/** The words as one string, for maps and equality where a single value is wanted. */
export const keyText = (w: Int32Array): string => `${w[0]},${w[1]},${w[2]},${w[3]},${w[4]}`;
