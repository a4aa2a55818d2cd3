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
  "WAITING_FOR_PLAYERS",
  "INVITATION_INVALID",
  "INVITATION_EXPIRED",
  "MATCH_FULL",
  "ALREADY_JOINED",
  "DEADLINE_PASSED",
  "TIMEOUT_NOT_DUE",
  "DRAW_NOT_ALLOWED",
  "OFFER_PENDING",
  "NO_OFFER",
  "TOO_LATE_TO_ABORT",
  "PAYLOAD_TOO_LARGE",
  "QUERY_TOO_COMPLEX",
  "RATE_LIMITED",
  "TOO_MANY_SUBSCRIPTIONS",
  "MATCH_NOT_FINISHED",
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
  WAITING_FOR_PLAYERS: 409,
  INVITATION_INVALID: 403,
  INVITATION_EXPIRED: 410,
  MATCH_FULL: 409,
  ALREADY_JOINED: 409,
  DEADLINE_PASSED: 409,
  TIMEOUT_NOT_DUE: 409,
  DRAW_NOT_ALLOWED: 422,
  OFFER_PENDING: 409,
  NO_OFFER: 409,
  TOO_LATE_TO_ABORT: 409,
  PAYLOAD_TOO_LARGE: 413,
  QUERY_TOO_COMPLEX: 400,
  RATE_LIMITED: 429,
  TOO_MANY_SUBSCRIPTIONS: 429,
  MATCH_NOT_FINISHED: 409,
  INTERNAL_SERVER_ERROR: 500,
};

/** When each code is answered: one line each, for the README, OpenAPI and SDL tables. */
export const ERROR_MEANINGS: { readonly [C in ErrorCode]: string } = {
  BAD_USER_INPUT: "malformed JSON, wrong types, unknown fields, unknown ruleset, invalid options, a malformed or unreadable move (`issues` or `reason` says what)",
  UNAUTHENTICATED: "a command without `Authorization: Bearer <seat token>`, or a header that is not a bearer token",
  FORBIDDEN: "the token belongs to no seat of this match",
  NOT_FOUND: "no such match (or ruleset)",
  NOT_YOUR_TURN: "another seat is to act (`toMove`, `toAct`)",
  DICE_NOT_ROLLED: "a move that needs the dice before they are rolled",
  ALREADY_ROLLED: "a second roll in the same turn",
  NO_DICE_IN_RULESET: "a roll asked of a ruleset played without dice",
  DICE_NOT_DUE: "a roll when the game awaits something else (an answer to a double, a placement before the roll; `awaiting`)",
  ILLEGAL_MOVE: "the move is not legal now (`reason` says why, from the ruleset's closed set)",
  VERSION_CONFLICT: "stale `expectedVersion`, or the match kept changing (`currentVersion`)",
  MATCH_FINISHED: "any command after the end",
  IDEMPOTENCY_KEY_REUSED: "an `idempotencyKey` reused for a different move",
  WAITING_FOR_PLAYERS: "a roll, a move, an offer or a resignation while a seat is still open (`openSeats`)",
  INVITATION_INVALID: "a join without an invitation of this match (a wrong code, or none for a seat not reserved for the caller)",
  INVITATION_EXPIRED: "a join after the invitation lapsed (`expiresAt`)",
  MATCH_FULL: "a join when the seat (or every seat) is taken (`openSeats`)",
  ALREADY_JOINED: "a player joining a match where it already holds a seat",
  DEADLINE_PASSED: "a command from a match whose clock ran out: only a timeout may end it now (`deadline`, `overdue`)",
  TIMEOUT_NOT_DUE: "a timeout claimed before the deadline, or in a match without a clock (`deadline`)",
  DRAW_NOT_ALLOWED: "a draw offered in a ruleset (or with options) where the match cannot end drawn",
  OFFER_PENDING: "an offer while another offer awaits its answer (`offer`)",
  NO_OFFER: "accepting or declining when no offer from the other side awaits an answer",
  TOO_LATE_TO_ABORT: "an abort once every side has moved",
  PAYLOAD_TOO_LARGE: "the request body, a move or the options over their size limit (`limit`)",
  QUERY_TOO_COMPLEX: "a GraphQL operation too deep or selecting too many fields",
  RATE_LIMITED: "too many commands, new matches or new players from one client in a short time (`retryAfter` seconds, also the `Retry-After` header)",
  TOO_MANY_SUBSCRIPTIONS: "a subscription over the cap on live subscriptions of one WebSocket connection or one client address (`limit`, `scope`: `connection` or `address`); complete one first (no `retryAfter`: it is a cap, not a rate)",
  MATCH_NOT_FINISHED: "the archive of a match still being played (or waiting for players): its dice seed is revealed only at the end (`status`)",
  INTERNAL_SERVER_ERROR: "a bug or an outage (logged; no detail is shown)",
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
