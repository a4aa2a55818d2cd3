import type { Cell } from "./board.js";
import type { Rules } from "./options.js";
import type { SideIndex } from "../common/home-away.js";

/** The kind of turn a side is taking (each set piece has its own procedure). */
export const PLAYS = ["kickoff", "ordinary", "throwIn", "corner", "goalKick", "penalty", "shootout"] as const;
export type Play = (typeof PLAYS)[number];

/**
 * Where a turn stands: `place` (goal-kick placement), `keeper`, `ball`, `kicker` (penalty
 * placements), `roll` (the dice are due), `move` (the dice are being played).
 */
export const STEPS = ["place", "keeper", "ball", "kicker", "roll", "move"] as const;
export type Step = (typeof STEPS)[number];

/** The line a throw-in or corner ball starts on: the touch line (a row) or a goal line (a column). */
export const LINES = ["touch", "goal"] as const;
export type Line = (typeof LINES)[number];

export interface TurnStage {
  readonly kind: "turn";
  readonly side: SideIndex;
  /** The seat taking the turn (penalty keeper placement is made by the defending keeper's seat). */
  readonly seat: number;
  readonly play: Play;
  /** Taken right after its own side's turn: it does not count toward the period's length. */
  readonly extra: boolean;
  /** A pass-bonus extra turn (the same seat rolls again). */
  readonly bonus: boolean;
  readonly step: Step;
  /** The dice as rolled (null before the roll) and which of them are spent. */
  readonly dice: readonly number[] | null;
  readonly used: readonly boolean[];
  /** Actions taken this turn (the second one may earn the pass bonus). */
  readonly actions: number;
  /** Token indexes of the mover that are offside for this whole turn. */
  readonly offside: readonly number[];
  /** Token indexes still owed their forced walk out of a goalkeeper zone. */
  readonly forced: readonly number[];
  /** Throw-in / corner: the line the ball starts on, and whether the ball die was played. */
  readonly line: Line | null;
  readonly ballMoved: boolean;
  /** Penalty: the kicker's token index once placed, and whether its run reached the ball. */
  readonly kicker: number | null;
  readonly reached: boolean;
  /** Where the set piece comes from (exit, catch or foul cell), for clients. */
  readonly origin: Cell | null;
}

export type Stage = { readonly kind: "opening"; readonly tied: readonly SideIndex[] } | TurnStage | { readonly kind: "over" };

/** How a match ended. */
export const END_REASONS = ["goals", "fullTime", "extraTime", "maxTurns", "shootout"] as const;
export type EndReason = (typeof END_REASONS)[number];

export interface Shootout {
  /** The side that shoots first (the first half's kicking side). */
  readonly first: SideIndex;
  readonly goals: readonly [number, number];
  readonly kicks: readonly [number, number];
}

export interface FootballState {
  readonly rules: Rules;
  /** Seats per side: 1, 2 or 5. Home plays seats 0..k-1, away k..2k-1. */
  readonly perSide: number;
  /** Each side's seat (0-based within the side) that also plays its keeper. */
  readonly keeperSeat: readonly [number, number];
  /** Formation cells of all 22 tokens (index = side * 11 + number - 1). */
  readonly formation: readonly Cell[];
  /** Current cells of all 22 tokens, same indexing. */
  readonly tokens: readonly Cell[];
  /** The ball's cell; null while it is in hand for a placement (goal kick, penalty). */
  readonly ball: Cell | null;
  /** The token index holding the ball in the middle of a turn, or null. */
  readonly holder: number | null;
  readonly score: readonly [number, number];
  /** 1-2 the halves, 3-4 extra time (goals mode: always 1); 0 before the opening roll. */
  readonly period: number;
  /** The side that kicked off the first half. */
  readonly firstKick: SideIndex | null;
  /** Counted (ordinary) turns per side in this period, and in the whole match. */
  readonly counted: readonly [number, number];
  readonly turnsPlayed: readonly [number, number];
  /** Next seat (0-based within the side) to take a turn for each side. */
  readonly rotation: readonly [number, number];
  /** The side that took the last turns of this period and how many in a row. */
  readonly run: { readonly side: SideIndex; readonly length: number } | null;
  readonly stage: Stage;
  readonly shootout: Shootout | null;
  readonly lastRoll: readonly number[] | null;
  readonly ended: EndReason | null;
}

/** `pair` (a per-side count: score, turns, kicks) with `by` added to `side`'s count. */
export const inc = (pair: readonly [number, number], side: SideIndex, by = 1): [number, number] => (side === 0 ? [pair[0] + by, pair[1]] : [pair[0], pair[1] + by]);

export const TOKENS_PER_SIDE = 11;
export const tokenIndex = (side: SideIndex, number: number): number => side * TOKENS_PER_SIDE + number - 1;
export const sideOfToken = (i: number): SideIndex => (i < TOKENS_PER_SIDE ? 0 : 1);
export const numberOf = (i: number): number => (i % TOKENS_PER_SIDE) + 1;
export const isKeeper = (i: number): boolean => i % TOKENS_PER_SIDE === 0;
export const keeperOf = (side: SideIndex): number => side * TOKENS_PER_SIDE;

/** The seat within its side that plays field token `number` (2-11): 2 seats 2-6 / 7-11; 5 seats in pairs. */
export function localSeatOfNumber(number: number, perSide: number): number {
  if (perSide === 1) return 0;
  if (perSide === 2) return number <= 6 ? 0 : 1;
  return Math.floor((number - 2) / 2);
}

/** The seat that moves token `i`. */
export function ownerSeat(state: Pick<FootballState, "perSide" | "keeperSeat">, i: number): number {
  const side = sideOfToken(i);
  const local = isKeeper(i) ? state.keeperSeat[side] : localSeatOfNumber(numberOf(i), state.perSide);
  return side * state.perSide + local;
}

export const sideOfSeat = (state: Pick<FootballState, "perSide">, seat: number): SideIndex => (seat < state.perSide ? 0 : 1);
export const seatOf = (state: Pick<FootballState, "perSide">, side: SideIndex, local: number): number => side * state.perSide + local;

/** The token indexes seat `seat` moves. */
export function tokensOfSeat(state: Pick<FootballState, "perSide" | "keeperSeat">, seat: number): number[] {
  const side = sideOfSeat(state as FootballState, seat);
  const out: number[] = [];
  for (let n = 1; n <= TOKENS_PER_SIDE; n++) if (ownerSeat(state, tokenIndex(side, n)) === seat) out.push(tokenIndex(side, n));
  return out;
}

/** Occupancy: for each cell, the token index on it + 1 (0 = empty). */
export function occupancy(tokens: readonly Cell[]): Int8Array {
  const occ = new Int8Array(200);
  tokens.forEach((c, i) => (occ[c] = i + 1));
  return occ;
}

export const isTurn = (s: FootballState): s is FootballState & { stage: TurnStage } => s.stage.kind === "turn";
