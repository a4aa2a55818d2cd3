import { ruleError, type Result } from "../result.js";

/** Every reason code this ruleset can refuse with; clients may switch on them. */
export const REASONS = [
  "INVALID_SEATS",
  "DICE_NOT_DUE",
  "INVALID_DICE",
  "UNPARSEABLE_MOVE",
  "NOT_A_LEGAL_PLAY",
  "AMBIGUOUS_PLAY",
  "NO_DICE",
  "CUBE_NOT_AVAILABLE",
  "CUBE_DECISION_PENDING",
  "LEGAL_PLAY_EXISTS",
  "NOTHING_TO_PASS",
  "GAME_OVER",
  "INVALID_POSITION_ID",
  "INVALID_MATCH_ID",
] as const;
export type Reason = (typeof REASONS)[number];

/** Typed wrapper so a misspelt reason code is a compile error. */
export const refuse = (reason: Reason, message: string): Result<never> => ruleError(reason, message);
