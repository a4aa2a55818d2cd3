import { PlaySet } from "./play-set.js";
import { BAR, SLOTS, type Position } from "./position.js";
import { packStep } from "./step-code.js";

/**
 * The search behind `legalPlays`: single-die steps on one mutable board with undo, each leaf
 * added to a set of distinct positions by a hash that the steps keep up to date (see
 * `play-set.ts`). The step rule is `canStep`/`doStep` of `step.ts`, restated here so that the
 * hash, the occupied points and the count of checkers outside the home board follow every step;
 * the brute-force cross-check in the tests keeps the two in agreement. The last die of a play is
 * never made on the board: its leaf's hash is the current one plus that step's change.
 */

/** Random per-slot hash terms, additive, so a step updates the hash in two additions. */
const terms = (seed: number): Int32Array => {
  const out = new Int32Array(SLOTS);
  for (let i = 0; i < SLOTS; i++) out[i] = seed = (Math.imul(seed, 1103515245) + 12345) | 0;
  return out;
};
const MOVER_TERM = terms(0x2545f491);
const HIT_TERM = terms(0x6b43a9b5);

const OPP_BAR = 49;

export class PlayFinder {
  readonly found = new PlaySet();
  /** How many dice the plays in `found` use: shorter leaves are dropped, a longer one restarts it. */
  maxLen = 0;
  private readonly b = new Int8Array(2 * SLOTS);
  /** The hash of the position on the board (relative to the start, so 0 there). */
  private hash = 0;
  /** Bit i set iff the mover has a checker on index i: the loops visit occupied points only. */
  private occupied = 0;
  /** Bit t set iff the opponent had a single checker on the mover's index t at the start. */
  blots = 0;
  /** The mover's checkers outside the home board (indices 6..24): bearing off needs none. */
  private outside = 0;
  private barAtStart = false;

  /** Starts a search from `pos` (laid out as `toBuffer` does, without allocating a buffer). */
  reset(pos: Position): void {
    const b = this.b;
    let outside = 0;
    let occupied = 0;
    let blots = 0;
    for (let i = 0; i < SLOTS; i++) {
      // Stored first and read back: a missing slot becomes 0 in the typed array.
      b[i] = pos.onRoll[i]!;
      b[SLOTS + i] = pos.opponent[i]!;
      const mine = b[i]!;
      const theirs = b[SLOTS + i]!;
      if (mine > 0) occupied |= 1 << i;
      if (i >= 6) outside += mine;
      if (theirs === 1 && i < 24) blots |= 1 << (23 - i);
    }
    this.outside = outside;
    this.barAtStart = b[BAR]! > 0;
    this.occupied = occupied;
    this.blots = blots;
    this.hash = 0;
    this.maxLen = 0;
    this.found.clear();
  }

  /** Every play of a non-double: the larger die first, then the smaller first. */
  runPair(high: number, low: number): void {
    this.pair(high, low, false);
    this.pair(low, high, true);
  }

  /**
   * The plays of a non-double with the `first` die first. In the second order, when no checker
   * started on the bar and none can bear off, a play of two checkers that started on points of
   * their own was found in the first order already (each step was legal there too: a point is
   * blocked or open whatever our other checker does), so only the checker just moved is tried;
   * were the first order's plays one die long, those others cannot be played at all.
   */
  private pair(first: number, second: number, reversed: boolean): void {
    const b = this.b;
    for (let m = this.sources(BAR); m !== 0; ) {
      const from = 31 - Math.clz32(m);
      m ^= 1 << from;
      if (!this.allowed(from, first)) continue;
      const hit = this.make(from, first);
      const code = packStep(from, first, 0);
      const to = from - first;
      const moved =
        reversed && !this.barAtStart && this.outside > 0
          ? b[to] === 1 && this.allowed(to, second) && this.leaf(1, to, second, code)
          : this.leaves(1, BAR, second, code);
      if (!moved) this.record(1, this.hash, code);
      this.unmake(from, first, hit);
    }
  }

  /** Every play of doubles: up to four steps of `die`. */
  runDoubles(die: number): void {
    this.doubles(0, BAR, die, 0);
  }

  private doubles(depth: number, start: number, die: number, code: number): boolean {
    if (depth === 3) return this.leaves(3, start, die, code);
    let moved = false;
    // The steps commute, so only non-increasing sources are tried: every reachable position is
    // still reached (moving the higher checker first never makes a step illegal).
    for (let m = this.sources(start); m !== 0; ) {
      const from = 31 - Math.clz32(m);
      m ^= 1 << from;
      if (!this.allowed(from, die)) continue;
      moved = true;
      const hit = this.make(from, die);
      const next = code | packStep(from, die, depth);
      if (!this.doubles(depth + 1, from, die, next)) this.record(depth + 1, this.hash, next);
      this.unmake(from, die, hit);
    }
    return moved;
  }

  /** Records every last step of `die` from `start` down; false when there is none. */
  private leaves(depth: number, start: number, die: number, code: number): boolean {
    let moved = false;
    for (let m = this.sources(start); m !== 0; ) {
      const from = 31 - Math.clz32(m);
      m ^= 1 << from;
      if (this.allowed(from, die)) moved = this.leaf(depth, from, die, code);
    }
    return moved;
  }

  /** Records the play ending with this legal step, without making it on the board. */
  private leaf(depth: number, from: number, die: number, code: number): true {
    const to = from - die;
    let hash = this.hash - MOVER_TERM[from]!;
    if (to >= 0) {
      hash += MOVER_TERM[to]!;
      if (this.b[48 - to] === 1) hash += HIT_TERM[to]!;
    }
    this.record(depth + 1, hash | 0, code | packStep(from, die, depth));
    return true;
  }

  private record(n: number, hash: number, code: number): void {
    if (n < this.maxLen) return;
    if (n > this.maxLen) {
      this.found.clear();
      this.maxLen = n;
    }
    this.found.add(hash, code, n, this.blots);
  }

  /**
   * The points a step may start from, `start` or below, as a mask to visit from the highest
   * bit down: checkers on the bar must enter first, and then the bar is the only source.
   */
  private sources(start: number): number {
    if (this.b[BAR]! > 0) return start === BAR ? 1 << BAR : 0;
    return this.occupied & ((2 << start) - 1);
  }

  /** `canStep` for a source from `sources` (occupied, and the bar rule kept). */
  private allowed(from: number, die: number): boolean {
    const b = this.b;
    const to = from - die;
    if (to >= 0) return b[48 - to]! < 2;
    // Bearing off: every checker home, and a die larger than needed only from the highest point.
    if (this.outside > 0) return false;
    if (to < -1) for (let i = from + 1; i < 6; i++) if (b[i]! > 0) return false;
    return true;
  }

  /** `doStep`, keeping the hash, `occupied` and `outside` in step. */
  private make(from: number, die: number): boolean {
    const b = this.b;
    const to = from - die;
    if (--b[from]! === 0) this.occupied ^= 1 << from;
    this.hash = (this.hash - MOVER_TERM[from]!) | 0;
    if (to < 0) return false;
    if (b[to]!++ === 0) this.occupied ^= 1 << to;
    this.hash = (this.hash + MOVER_TERM[to]!) | 0;
    if (from >= 6 && to < 6) this.outside--;
    const opp = 48 - to;
    if (b[opp] !== 1) return false;
    b[opp] = 0;
    b[OPP_BAR]!++;
    this.hash = (this.hash + HIT_TERM[to]!) | 0;
    return true;
  }

  private unmake(from: number, die: number, hit: boolean): void {
    const b = this.b;
    const to = from - die;
    if (b[from]!++ === 0) this.occupied ^= 1 << from;
    this.hash = (this.hash + MOVER_TERM[from]!) | 0;
    if (to < 0) return;
    if (--b[to]! === 0) this.occupied ^= 1 << to;
    this.hash = (this.hash - MOVER_TERM[to]!) | 0;
    if (from >= 6 && to < 6) this.outside++;
    if (!hit) return;
    b[48 - to] = 1;
    b[OPP_BAR]!--;
    this.hash = (this.hash - HIT_TERM[to]!) | 0;
  }
}
