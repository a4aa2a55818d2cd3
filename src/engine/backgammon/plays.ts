import { codeKey, keyText, KEY_WORDS } from "./play-key.js";
import { PlayFinder } from "./play-finder.js";
import { fromBuffer, toBuffer, type Position } from "./position.js";
import { doStep } from "./step.js";
import { stepDie, stepFrom } from "./step-code.js";

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

/**
 * A legal play: the steps of one way to reach it, from the position it starts in. Its steps and
 * key are worked out when first asked for: generation only packs them, and many callers look at
 * one play or none.
 */
export class Play {
  #steps: readonly Step[] | undefined;

  constructor(
    /** The position before the play (shared by all plays of one roll). */
    readonly start: Position,
    /** The steps packed as `step-code.ts` says. */
    readonly code: number,
    readonly length: number,
    /** The opponent's blots at the start, as `codeKey` takes them. */
    private readonly blots: number,
  ) {}

  get steps(): readonly Step[] {
    if (this.#steps) return this.#steps;
    const steps: Step[] = [];
    let hits = 0;
    for (let k = 0; k < this.length; k++) {
      const from = stepFrom(this.code, k);
      const die = stepDie(this.code, k);
      const to = from - die;
      // A step hits where a blot stood and no earlier step of the play has hit.
      const hit = to >= 0 && (this.blots & ~hits & (1 << to)) !== 0;
      if (hit) hits |= 1 << to;
      steps.push({ from: from + 1, to: Math.max(to + 1, 0), die, hit });
    }
    return (this.#steps = steps);
  }

  /** Exact key of the resulting position (see `play-key.ts`); plays of one roll are distinct iff their keys are. */
  keyWords(): Int32Array {
    return codeKey(this.code, this.length, this.blots, new Int32Array(KEY_WORDS));
  }

  get key(): string {
    return keyText(this.keyWords());
  }
}

/**
 * The position a play reaches, the mover still "on roll". Computed on demand by replaying the
 * steps: most callers need it for one play only, and not copying a board per play keeps
 * generation fast.
 */
export function playPosition(play: Play): Position {
  const b = toBuffer(play.start);
  for (let k = 0; k < play.length; k++) doStep(b, stepFrom(play.code, k), stepDie(play.code, k));
  return fromBuffer(b);
}

export const isDoubles = (dice: readonly [number, number]): boolean => dice[0] === dice[1];

/** The dice a roll gives to play: doubles are played four times. */
export const diceToPlay = (dice: readonly [number, number]): number[] =>
  isDoubles(dice) ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]];

/** One finder serves every call: generation is synchronous and never re-entered. */
const finder = new PlayFinder();

/**
 * Every legal play for a roll, one per distinct resulting position, in a deterministic order
 * (larger die first, higher points first). Applies maximum dice usage: only plays using as many
 * dice as possible are legal, and when only one die of a non-double can be used, the larger one
 * must be used if it can. Empty when nothing can be played.
 */
export function legalPlays(pos: Position, dice: readonly [number, number]): Play[] {
  finder.reset(pos);
  const high = Math.max(dice[0], dice[1]);
  const low = Math.min(dice[0], dice[1]);
  if (high === low) {
    finder.runDoubles(high);
  } else {
    finder.runPair(high, low);
  }
  const { found, maxLen, blots } = finder;
  const n = found.count;
  const codes = found.codes;
  // Only one die can be used: the larger one when it can be (larger-die plays were found first,
  // so a position reachable with either die is already recorded with the larger one).
  const onlyHigh = maxLen === 1 && high !== low && codes.subarray(0, n).some((c) => stepDie(c, 0) === high);
  const plays: Play[] = [];
  for (let i = 0; i < n; i++) {
    if (!onlyHigh || stepDie(codes[i]!, 0) === high) plays.push(new Play(pos, codes[i]!, maxLen, blots));
  }
  return plays;
}

/** How many dice the legal plays use (0 when the roll cannot be played at all). */
export const diceUsed = (plays: readonly Play[]): number => plays[0]?.length ?? 0;
