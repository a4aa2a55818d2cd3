import { ruleError, type Result } from "../result.js";

/**
 * Refusal reasons every ruleset shares; each ruleset's own closed set starts with these, so a
 * client can switch on `NO_DICE` or `NOT_YOUR_TURN` whatever the game.
 */
export const COMMON_REASONS = [
  /** The seat count does not fit the ruleset or its options. */
  "INVALID_SEATS",
  /** Options that the schema accepts but that do not fit together. */
  "INVALID_OPTIONS",
  /** Dice were applied when no roll is due. */
  "DICE_NOT_DUE",
  /** Dice of the wrong number or value. */
  "INVALID_DICE",
  /** A move the ruleset cannot read at all (a notation it does not parse). */
  "UNPARSEABLE_MOVE",
  /** A move that needs the dice before they are rolled. */
  "NO_DICE",
  /** The seat may not act now. */
  "NOT_YOUR_TURN",
  /** A pass while some legal move exists. */
  "LEGAL_MOVE_EXISTS",
  /** A pass when no pass can be due (no roll being played, the match over). */
  "NOTHING_TO_PASS",
  /** Anything after the end. */
  "GAME_OVER",
] as const;
export type CommonReason = (typeof COMMON_REASONS)[number];

/** A ruleset's refusal helper over its own closed set: a misspelt reason is a compile error. */
export const refuser =
  <R extends string>() =>
  (reason: R | CommonReason, message: string): Result<never> =>
    ruleError(reason, message);
