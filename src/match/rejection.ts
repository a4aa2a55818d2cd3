import { err, type Result } from "../engine/result.js";
import type { ErrorCode } from "../errors.js";

/** Why a command is refused: a code from the closed set, a message for people, details for programs. */
export interface Rejection {
  readonly code: ErrorCode;
  readonly message: string;
  readonly details?: Record<string, unknown>;
}

export const rejection = (code: ErrorCode, message: string, details?: Record<string, unknown>): Rejection => ({ code, message, ...(details ? { details } : {}) });

export const reject = (code: ErrorCode, message: string, details?: Record<string, unknown>): Result<never, Rejection> => err(rejection(code, message, details));
