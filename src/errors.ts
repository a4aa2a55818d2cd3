/**
 * The closed set of error codes every API surface returns (GraphQL `extensions.code`, REST
 * `error.code`). Clients switch on these, so codes are only ever added, never renamed.
 */
export const ERROR_CODES = [
  "BAD_USER_INPUT",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "NOT_YOUR_TURN",
  "DICE_NOT_ROLLED",
  "ALREADY_ROLLED",
  "NO_DICE_IN_RULESET",
  "DICE_NOT_DUE",
  "ILLEGAL_MOVE",
  "VERSION_CONFLICT",
  "MATCH_FINISHED",
  "IDEMPOTENCY_KEY_REUSED",
  "PAYLOAD_TOO_LARGE",
  "QUERY_TOO_COMPLEX",
  "INTERNAL_SERVER_ERROR",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status for each code, shared by REST and the GraphQL error mapping. */
export const HTTP_STATUS: { readonly [C in ErrorCode]: number } = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  NOT_YOUR_TURN: 409,
  DICE_NOT_ROLLED: 409,
  ALREADY_ROLLED: 409,
  NO_DICE_IN_RULESET: 409,
  DICE_NOT_DUE: 409,
  ILLEGAL_MOVE: 422,
  VERSION_CONFLICT: 409,
  MATCH_FINISHED: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  PAYLOAD_TOO_LARGE: 413,
  QUERY_TOO_COMPLEX: 400,
  INTERNAL_SERVER_ERROR: 500,
};

/** An expected failure of a request: it carries a stable code and changes nothing stored. */
export class TabulaError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "TabulaError";
  }
}
