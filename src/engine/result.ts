/** Rule violations are values, not exceptions: engines return a Result and never throw for them. */
export type Result<T, E = RuleError> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

/** Why an engine refused something. `reason` is a stable machine-readable code (e.g. `BLOCKED_POINT`). */
export interface RuleError {
  readonly reason: string;
  readonly message: string;
}

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E = RuleError>(error: E): Result<never, E> => ({ ok: false, error });
export const ruleError = (reason: string, message: string): Result<never, RuleError> => err({ reason, message });
