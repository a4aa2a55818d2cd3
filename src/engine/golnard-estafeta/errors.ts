import { COMMON_REASONS, refuser } from "../common/reasons.js";

/** Every reason code this ruleset refuses with; clients may switch on them. */
export const REASONS = [
  ...COMMON_REASONS,
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
] as const;
export type Reason = (typeof REASONS)[number];

/** Typed wrapper so a misspelt reason code is a compile error. */
export const refuse = refuser<Reason>();
