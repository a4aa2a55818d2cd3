import { ruleError, type Result } from "../result.js";

/** Every reason code this ruleset refuses with; clients may switch on them. */
export const REASONS = [
  "INVALID_SEATS",
  "INVALID_OPTIONS",
  "DICE_NOT_DUE",
  "INVALID_DICE",
  "NOT_MOVING",
  "NO_SUCH_TOKEN",
  "TOKEN_NOT_ACTIVE",
  "DIE_SPENT",
  "NOT_A_STEP",
  "CELL_OCCUPIED",
  "CELL_REVISITED",
  "GATE_CLOSED",
  "NOT_GATHERED",
  "WRONG_DESTINATION",
  "WRONG_POINTS",
  "EARLY_STOP",
  "NO_ROUTE",
  "LEGAL_MOVE_EXISTS",
  "GAME_OVER",
] as const;
export type Reason = (typeof REASONS)[number];

/** Typed wrapper so a misspelt reason code is a compile error. */
export const refuse = (reason: Reason, message: string): Result<never> => ruleError(reason, message);
