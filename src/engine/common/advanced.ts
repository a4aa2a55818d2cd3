import { ok, type Result, type RuleError } from "../result.js";
import type { Advanced } from "../ruleset.js";

/** A transition of a ruleset that has nothing to note about it (most rolls and passes). */
export const withoutNotes = <State>(result: Result<State, RuleError>): Result<Advanced<State>, RuleError> =>
  result.ok ? ok({ state: result.value, notes: [] }) : result;
