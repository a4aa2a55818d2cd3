import type { Json } from "../engine/ruleset.js";

/** What a client asks of a match. The service has already authenticated `seat`. */
export type Command =
  | { type: "CreateMatch"; matchId: string; ruleset: string; options: unknown; seats?: number | undefined; diceCommitment: string }
  | { type: "RollDice"; seat: number }
  | { type: "SubmitMove"; seat: number; move: Json };

/** Server-side inputs of a decision: time and randomness come in from outside so `decide` stays pure. */
export interface DecideContext {
  /** Roll number n with `count` dice, derived from the match's secret seed. */
  roll(n: number, count: number): number[];
  /** The secret seed, revealed in MatchFinished. */
  readonly diceSeed: string;
  /** When the events are appended (ISO 8601). */
  readonly at: string;
}
