import type * as z from "../zod.js";
import type { Result, RuleError } from "./result.js";

/** A JSON value as it travels through the API and the log. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Whether a ruleset rolls dice at all. A dice-less ruleset implements no dice functions. */
export const DICE_KINDS = ["none", "d6"] as const;
export type DiceKind = (typeof DICE_KINDS)[number];

/** One side of a game (a player, a team) and the seats that play for it, in seat order. */
export interface Side {
  readonly side: string;
  readonly seats: readonly number[];
}

/**
 * What the game waits for now. Every ruleset is driven through the same operations, so the match
 * layer only needs to know whether dice are due, who may act, or that it is over; `awaiting`
 * tells clients, from a closed set the ruleset declares, which step of the game this is (a
 * throw-in, the secondary tempos, an answer to a double), so no client ever guesses it.
 * - `roll`: `rollDice` is due; `count` dice are drawn by the server. `seats` lists who may ask
 *   for them (an opening roll may be requested by any seat). A ruleset may also list moves that
 *   are legal before the roll (a cube offer), so `legalMoves` is consulted in this phase too.
 * - `move`: the `seats` listed may act with `submitMove` (several at once where the game lets
 *   them act in any order, e.g. both sides placing their formations).
 * - `over`: the match has ended; `outcome` says how.
 */
export type Turn =
  | { readonly phase: "roll"; readonly seats: readonly number[]; readonly count: number; readonly awaiting: string }
  | { readonly phase: "move"; readonly seats: readonly number[]; readonly awaiting: string }
  | { readonly phase: "over"; readonly awaiting: "over" };

/** How a ruleset reports the end: which sides won (one = a win; several = shared; none = a draw). */
export interface RulesetOutcome {
  readonly winningSides: readonly string[];
  /** Ruleset-specific detail for clients: points, score, ranking, how it ended. JSON only. */
  readonly detail: Json;
}

/**
 * A game-level fact a move produced (`goal`, `handoff`, `throwInAwarded`), recorded with the move
 * and pushed with it, so an embed or a webhook can react without re-implementing the rules.
 * `type` is from the ruleset's closed `notes` set; the other fields are the note's data.
 */
export type Note = { readonly type: string } & { readonly [key: string]: Json };

/** A transition's result: the next state and the notes on what happened (a roll, a pass can end a half too). */
export interface Advanced<State> {
  readonly state: State;
  readonly notes: readonly Note[];
}

/** What `play` returns: the next state, the move as the log must record it, and its notes. */
export interface Played<State, Move> extends Advanced<State> {
  /** The canonical form (a route chosen, notation normalised): replaying it must give `state`. */
  readonly move: Move;
}

/**
 * Why the match layer passes a turn on a seat's behalf. Dice that lapse after part of a roll was
 * played end the turn inside `play` (with a note), so every pass is a seat with nothing legal.
 */
export const PASS_REASONS = [
  /** The seat to act has no legal action at all. */
  "NO_LEGAL_MOVE",
] as const;
export type PassReason = (typeof PASS_REASONS)[number];

export interface Pass {
  readonly seat: number;
  readonly reason: PassReason;
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
interface RulesetBase<Options, State, Move> {
  readonly id: string;
  /**
   * The format of `State`. Bump it whenever a change means an old stored state would be misread;
   * snapshots of another format are then ignored and the match is rebuilt from its log.
   */
  readonly stateVersion: number;
  /**
   * The version of the rules themselves, from 1. Bump it whenever a change would play an old
   * match differently (another legal move, another outcome); the previous object stays in the
   * registry, so a match keeps replaying under the version its MatchCreated recorded.
   */
  readonly rulesVersion: number;
  readonly optionsSchema: z.ZodMiniType<Options>;
  readonly moveSchema: z.ZodMiniType<Move>;
  /** The closed set of `Turn.awaiting` values, `over` included (documented per ruleset). */
  readonly awaiting: readonly string[];
  /** The closed set of note types `play` may return. */
  readonly notes: readonly string[];
  /** The closed set of refusal reasons (`RuleError.reason`), starting with the common ones. */
  readonly reasons: readonly string[];
  /** Validates the seat count against the options (already accepted by `optionsSchema`) and builds the initial state. */
  setup(input: SetupInput<Options>): Result<State, RuleError>;
  /** The sides and their seats; every seat belongs to exactly one side. */
  sides(state: State): readonly Side[];
  turn(state: State): Turn;
  /**
   * Every distinct action `seat` may take right now, each accepted by `play` as it is; empty
   * when the seat may not act. Where a whole action is too large to list (a formation), its parts
   * are listed and the compound form is accepted exactly when its parts are, in sequence.
   */
  legalMoves(state: State, seat: number): Move[];
  /**
   * Optional: the piece a move moves (a token, a numbered piece), by a name clients may filter
   * `legalMoves` with; null for a move of no one piece (ending a turn, the ball's own moves, a
   * placement). Absent where a move is no piece's (backgammon's plays move several checkers).
   */
  pieceOf?(move: Move): string | null;
  /**
   * Legality has one source: `play` accepts a move iff it is (a spelling of) one of `legalMoves`.
   * The match layer hands it only moves that `moveSchema` accepted, live and on replay.
   */
  play(state: State, seat: number, move: Move): Result<Played<State, Move>, RuleError>;
  /**
   * Whether the match layer must pass the turn now, and for whom: a cheap test (no move list is
   * built) that is true exactly when the acting seat has no legal move in the `move` phase.
   */
  mustPass(state: State): Pass | null;
  /** Applies the pass `mustPass` asked for; refused while a legal move exists. */
  pass(state: State): Result<Advanced<State>, RuleError>;
  /** A drawable JSON view for `seat` (null = spectator). Nothing hidden from that viewer. */
  view(state: State, seat: number | null): Json;
  outcome(state: State): RulesetOutcome | null;
  /**
   * Optional: whether the sides may end the match now by agreeing a draw (`offerDraw`,
   * `acceptDraw`). Absent: never (a race always has a winner). The match layer builds the drawn
   * outcome itself, so the ruleset only says whether a draw is a result its game knows.
   */
  drawAllowed?(state: State): boolean;
  /**
   * Optional, with `concede`: what a resigning seat may offer for the game in progress, weakest
   * first (backgammon: `single`, `gammon`, `backgammon`, as gnubg offers them). Without it a
   * resignation concedes the whole match at once.
   */
  readonly resignationValues?: readonly string[];
  /**
   * The game in progress ends as lost by `seat` for `value` (one of `resignationValues`), because
   * its opponent accepted that resignation; scored as the game scores it (backgammon: the value
   * times the cube). The match may go on with the next game: `outcome` says whether it ended.
   */
  concede?(state: State, seat: number, value: string): Result<Advanced<State>, RuleError>;
}

export interface DiceRuleset<Options = unknown, State = unknown, Move = unknown> extends RulesetBase<Options, State, Move> {
  readonly dice: "d6";
  /** Applies dice drawn by the server while `turn(state).phase === "roll"`. */
  applyDice(state: State, dice: readonly number[]): Result<Advanced<State>, RuleError>;
  /** The dice the seat to move may still use, for clients; null when no roll is being played. */
  diceLeft(state: State): number[] | null;
}

export interface DicelessRuleset<Options = unknown, State = unknown, Move = unknown> extends RulesetBase<Options, State, Move> {
  readonly dice: "none";
}

export type Ruleset<Options = unknown, State = unknown, Move = unknown> = DiceRuleset<Options, State, Move> | DicelessRuleset<Options, State, Move>;

/** Erases type parameters so the registry can hold every ruleset in one map. */
export type AnyRuleset = Ruleset<any, any, any>;
