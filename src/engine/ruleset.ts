import type { z } from "zod";
import type { Result, RuleError } from "./result.js";

/** A JSON value as it travels through the API and the log. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * What the game waits for now. Every ruleset is driven through the same three operations, so
 * the match layer only needs to know whether dice are due, who may act, or that it is over.
 * - `roll`: `rollDice` is due; `count` dice are drawn by the server. `seats` lists who may ask
 *   for them (an opening roll may be requested by any seat). A ruleset may also list moves that
 *   are legal before the roll (a cube offer), so `legalMoves` is consulted in this phase too.
 * - `move`: `seat` must act with `submitMove`; rulesets without dice only ever use this phase.
 * - `over`: the match has ended; `outcome` says how.
 */
export type Turn =
  | { readonly phase: "roll"; readonly seats: readonly number[]; readonly count: number }
  | { readonly phase: "move"; readonly seat: number }
  | { readonly phase: "over" };

export interface Outcome {
  /** The winning seat (for sides of several seats: the side's first seat); null for a draw. */
  readonly winner: number | null;
  /** Every seat that shares the win (a side, a tie at the top); empty for a draw with no winner. */
  readonly winners: readonly number[];
  /** Ruleset-specific detail for clients: points, ranking, reason. JSON only. */
  readonly detail: Json;
}

export interface SetupInput<Options> {
  readonly options: Options;
  /** Seats the client asked for; undefined = the ruleset's default for these options. */
  readonly seats?: number | undefined;
}

/**
 * One ruleset. All functions are pure and deterministic: no clock, no randomness, no I/O.
 * State is plain JSON (it is stored in snapshots) and is never mutated: every transition
 * returns a new value.
 */
export interface Ruleset<Options = unknown, State = unknown, Move = unknown> {
  readonly id: string;
  readonly optionsSchema: z.ZodType<Options>;
  readonly moveSchema: z.ZodType<Move>;
  /** Validates the seat count against the options and builds the initial state. */
  setup(input: SetupInput<Options>): Result<State, RuleError>;
  seatCount(state: State): number;
  turn(state: State): Turn;
  /** Applies dice drawn by the server while `turn(state).phase === "roll"`. */
  applyDice(state: State, dice: readonly number[]): Result<State, RuleError>;
  /**
   * Every action legal right now for the seat that may act (`turn`). Every element is accepted
   * by `play` as it is. Empty in the `move` phase means the seat must pass (see `pass`).
   */
  legalMoves(state: State): Move[];
  /** Legality has one source: `play` accepts a move iff it is one of `legalMoves` (in any accepted spelling). */
  play(state: State, move: Move): Result<State, RuleError>;
  /**
   * Optional: the form of a legal move that the log records (e.g. with the route the engine chose
   * or in canonical notation), so that replay never depends on a search heuristic. Called only
   * after `play` accepted the move.
   */
  normalize?(state: State, move: Move): Move;
  /** The automatic pass when `turn` is `move` and `legalMoves` is empty. */
  pass(state: State): Result<State, RuleError>;
  /** The dice the seat to move may still use, for clients; null when no dice are in play. */
  dice(state: State): number[] | null;
  /** A drawable JSON view for `seat` (null = spectator). Nothing hidden from that viewer. */
  view(state: State, seat: number | null): Json;
  outcome(state: State): Outcome | null;
}

/** Erases type parameters so the registry can hold every ruleset in one map. */
export type AnyRuleset = Ruleset<any, any, any>;
