import { BAR, fromBuffer, toBuffer, type Position } from "../../src/engine/backgammon/position.js";
import { canStep, doStep, undoStep } from "../../src/engine/backgammon/step.js";

// The legal-play generator before the current one (string keys, steps built at every leaf), for
// `bench/suites/backgammon-plays.ts` to run next to today's.

/**
 * One single-die step of a play in notation points, from the mover's side: `from` 1..24 or 25
 * (bar), `to` 1..24 or 0 (off).
 */
export interface Step {
  readonly from: number;
  readonly to: number;
  readonly die: number;
  readonly hit: boolean;
}

/** A legal play: the steps of one way to reach it, from the position it starts in. */
export interface Play {
  readonly steps: readonly Step[];
  /** Exact key of the resulting position; plays are distinct iff their keys are. */
  readonly key: string;
  /** The position before the play (shared by all plays of one roll; never written to). */
  readonly before: Int8Array;
}

/**
 * The position a play reaches, the mover still "on roll". Computed on demand by replaying the
 * steps: most callers need it for one play only, and not copying a board per play keeps
 * generation fast.
 */
export function playPosition(play: Play): Position {
  const b = play.before.slice();
  for (const step of play.steps) doStep(b, step.from - 1, step.die);
  return fromBuffer(b);
}

export const isDoubles = (dice: readonly [number, number]): boolean => dice[0] === dice[1];

/** The dice a roll gives to play: doubles are played four times. */
export const diceToPlay = (dice: readonly [number, number]): number[] =>
  isDoubles(dice) ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]];

/**
 * Every legal play for a roll, one per distinct resulting position, in a deterministic order
 * (larger die first, higher points first). Applies maximum dice usage: only plays using as many
 * dice as possible are legal, and when only one die of a non-double can be used, the larger one
 * must be used if it can. Empty when nothing can be played.
 *
 * Works by depth-first search over single-die steps on one mutable buffer with undo, deduplicated
 * by the resulting position's key, so the cost is a handful of array writes per node.
 */
export function legalPlays(pos: Position, dice: readonly [number, number]): Play[] {
  const before = toBuffer(pos);
  const finder = new PlayFinder(before.slice(), before);
  if (isDoubles(dice)) {
    finder.run(diceToPlay(dice));
  } else {
    const high = Math.max(dice[0], dice[1]);
    const low = Math.min(dice[0], dice[1]);
    finder.run([high, low]);
    finder.run([low, high]);
  }
  let plays = [...finder.found.values()];
  if (finder.maxLen === 1 && !isDoubles(dice)) {
    // Only one die can be used: the larger one when it can be (larger-die plays were found first,
    // so a position reachable with either die is already recorded with the larger one).
    const high = Math.max(dice[0], dice[1]);
    if (plays.some((p) => p.steps[0]!.die === high)) plays = plays.filter((p) => p.steps[0]!.die === high);
  }
  return plays;
}

// Module-level aliases: the hot loop then calls plain functions, not imported live bindings.
const stepAllowed = canStep;
const makeStep = doStep;
const unmakeStep = undoStep;
const BAR_INDEX = BAR;

/** Depth-first search state of one `legalPlays` call (a class so the hot path allocates nothing). */
class PlayFinder {
  readonly found = new Map<string, Play>();
  maxLen = 0;
  private hitMask = 0;
  private order: readonly number[] = [];
  private doubles = false;
  private readonly froms = [0, 0, 0, 0];
  private readonly dies = [0, 0, 0, 0];
  private readonly hits = [false, false, false, false];

  constructor(
    private readonly b: Int8Array,
    private readonly before: Int8Array,
  ) {}

  run(order: readonly number[]): void {
    this.order = order;
    this.doubles = order.length === 4;
    this.search(0, BAR_INDEX);
  }

  private search(depth: number, start: number): void {
    if (depth === this.order.length) return this.record(depth);
    const b = this.b;
    const die = this.order[depth]!;
    let moved = false;
    // Checkers on the bar must enter first: then the bar is the only source.
    const lowest = b[BAR_INDEX]! > 0 ? BAR_INDEX : 0;
    for (let from = start; from >= lowest; from--) {
      if (b[from]! <= 0 || !stepAllowed(b, from, die)) continue;
      moved = true;
      const hit = makeStep(b, from, die);
      if (hit) this.hitMask |= 1 << (from - die);
      this.froms[depth] = from;
      this.dies[depth] = die;
      this.hits[depth] = hit;
      // With doubles the steps commute, so only non-increasing sources are tried: every reachable
      // position is still reached (moving the higher checker first never makes a step illegal).
      this.search(depth + 1, this.doubles ? from : BAR_INDEX);
      if (hit) this.hitMask &= ~(1 << (from - die));
      unmakeStep(b, from, die, hit);
    }
    if (!moved) this.record(depth);
  }

  private record(n: number): void {
    if (n < this.maxLen || n === 0) return;
    if (n > this.maxLen) {
      this.found.clear();
      this.maxLen = n;
    }
    const key = playKey(this.b, this.hitMask);
    if (this.found.has(key)) return;
    const steps: Step[] = [];
    for (let i = 0; i < n; i++) {
      const from = this.froms[i]!;
      const die = this.dies[i]!;
      steps.push({ from: from + 1, to: Math.max(from - die + 1, 0), die, hit: this.hits[i]! });
    }
    this.found.set(key, { steps, key, before: this.before });
  }
}

const pack = (b: Int8Array, i: number): number => b[i]! | (b[i + 1]! << 4) | (b[i + 2]! << 8) | (b[i + 3]! << 12);

/**
 * Exact key of a position reached from a fixed start: the mover's 25 counts (4 bits each, packed
 * four to a char) and the mask of points where a blot was hit (the only change to the opponent).
 */
export const playKey = (b: Int8Array, hitMask: number): string =>
  String.fromCharCode(
    pack(b, 0),
    pack(b, 4),
    pack(b, 8),
    pack(b, 12),
    pack(b, 16),
    pack(b, 20),
    b[24]!,
    hitMask & 0xffff,
    hitMask >>> 16,
  );

/** How many dice the legal plays use (0 when the roll cannot be played at all). */
export const diceUsed = (plays: readonly Play[]): number => plays[0]?.steps.length ?? 0;
