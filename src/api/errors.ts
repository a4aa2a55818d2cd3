import { type ErrorCode, ERROR_CODES, HTTP_STATUS, TabulaError } from "../errors.js";
import { type HttpResponse, jsonResponse } from "./http.js";
import type { Logger } from "../logger.js";

export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === "string" && (ERROR_CODES as readonly string[]).includes(code);

/** What a client may see of an error: a stable code, a message and the code's details. */
export interface PublicError {
  readonly code: ErrorCode;
  readonly message: string;
  readonly details: Record<string, unknown>;
}

export const INTERNAL_MESSAGE = "internal server error";

/**
 * TabulaErrors pass through with their details; anything else is a bug or an outage, which is
 * logged in full and shown only as INTERNAL_SERVER_ERROR (no message, no stack).
 */
export function toPublicError(error: unknown, logger: Logger): PublicError {
  if (error instanceof TabulaError) return { code: error.code, message: error.message, details: error.details };
  logger.error("unexpected error", error);
  return { code: "INTERNAL_SERVER_ERROR", message: INTERNAL_MESSAGE, details: {} };
}

/** The headers an error asks for: RATE_LIMITED says in `Retry-After` what `retryAfter` says in the body. */
export function errorHeaders(error: PublicError): Record<string, string> {
  const { retryAfter } = error.details;
  return error.code === "RATE_LIMITED" && typeof retryAfter === "number" ? { "retry-after": String(retryAfter) } : {};
}

/** REST error body: `{"error": {"code", "message", ...details}}`; status from HTTP_STATUS unless given. */
export function restError(error: PublicError, status: number = HTTP_STATUS[error.code], headers: Record<string, string> = {}): HttpResponse {
  return jsonResponse(status, { error: { ...error.details, code: error.code, message: error.message } }, { ...errorHeaders(error), ...headers });
}

/** GraphQL-shaped error response for failures before Apollo sees the request (size, JSON). */
export function graphqlTransportError(error: PublicError, status: number = HTTP_STATUS[error.code]): HttpResponse {
  return jsonResponse(status, { errors: [{ message: error.message, extensions: { ...error.details, code: error.code } }] });
}
