import { COMMON_REASONS, refuser } from "../common/reasons.js";

/** Every reason code this ruleset can refuse with; clients may switch on them. */
export const REASONS = [
  ...COMMON_REASONS,
  "NOT_A_LEGAL_PLAY",
  "AMBIGUOUS_PLAY",
  "CUBE_NOT_AVAILABLE",
  "CUBE_DECISION_PENDING",
  "INVALID_POSITION_ID",
  "INVALID_MATCH_ID",
] as const;
export type Reason = (typeof REASONS)[number];

/** Typed wrapper so a misspelt reason code is a compile error. */
export const refuse = refuser<Reason>();
