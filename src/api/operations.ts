import type { ErrorCode } from "../errors.js";

/**
 * Every operation of the API and the error codes it can answer, beyond the ones any request can
 * get (`ANY_REQUEST`). This one table is the source of the SDL's "Errors:" lines (schema/sync.ts
 * writes them), the OpenAPI responses and the README's table; test/api/operations.test.ts checks
 * all three, and the fuzz harness checks that no operation answers a code it does not list.
 */
export interface Operation {
  /** `Type.field` in the GraphQL schema, if the operation is offered there. */
  readonly graphql?: string;
  /** `METHOD /path` of the REST route, if the operation is offered there. */
  readonly rest?: string;
  readonly errors: readonly ErrorCode[];
  /** Codes of `errors` that only REST answers (GraphQL's `Query.match` is null for an unknown id). */
  readonly restOnly?: readonly ErrorCode[];
}

/** Codes any request may get: a body that is not JSON or too large, a bug or an outage. */
export const ANY_REQUEST: readonly ErrorCode[] = ["BAD_USER_INPUT", "PAYLOAD_TOO_LARGE", "INTERNAL_SERVER_ERROR"];
/** And a GraphQL operation beyond its limits. */
export const ANY_GRAPHQL_REQUEST: readonly ErrorCode[] = [...ANY_REQUEST, "QUERY_TOO_COMPLEX"];

// RATE_LIMITED: the local server limits commands, new matches and new players per client (src/api/rate-limit.ts).
/** Any command on a match, by a seat's token or its player's. */
const ON_MATCH: readonly ErrorCode[] = ["UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND", "MATCH_FINISHED", "VERSION_CONFLICT", "RATE_LIMITED"];
/** And it needs the match under way: every seat taken, nobody out of time. */
const IN_PLAY: readonly ErrorCode[] = [...ON_MATCH, "WAITING_FOR_PLAYERS", "DEADLINE_PASSED"];
const PLAY: readonly ErrorCode[] = [...IN_PLAY, "NOT_YOUR_TURN"];
const ANSWER: readonly ErrorCode[] = [...IN_PLAY, "NO_OFFER"];
const READ: readonly ErrorCode[] = ["UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND"];

export const OPERATIONS = {
  createPlayer: { graphql: "Mutation.createPlayer", rest: "POST /api/players", errors: ["RATE_LIMITED"] },
  // A player token is optional; one that is given must be valid (and `playerSeat` needs one).
  createMatch: { graphql: "Mutation.createMatch", rest: "POST /api/matches", errors: ["UNAUTHENTICATED", "FORBIDDEN", "RATE_LIMITED"] },
  joinMatch: {
    graphql: "Mutation.joinMatch",
    rest: "POST /api/matches/{id}/join",
    errors: [...ON_MATCH, "INVITATION_INVALID", "INVITATION_EXPIRED", "MATCH_FULL", "ALREADY_JOINED"],
  },
  rollDice: {
    graphql: "Mutation.rollDice",
    rest: "POST /api/matches/{id}/dice",
    errors: [...PLAY, "ALREADY_ROLLED", "DICE_NOT_DUE", "NO_DICE_IN_RULESET"],
  },
  submitMove: {
    graphql: "Mutation.submitMove",
    rest: "POST /api/matches/{id}/moves",
    errors: [...PLAY, "DICE_NOT_ROLLED", "ILLEGAL_MOVE", "IDEMPOTENCY_KEY_REUSED"],
  },
  claimTimeout: { graphql: "Mutation.claimTimeout", rest: "POST /api/matches/{id}/timeout", errors: [...ON_MATCH, "TIMEOUT_NOT_DUE"] },
  resign: { graphql: "Mutation.resign", rest: "POST /api/matches/{id}/resign", errors: [...IN_PLAY, "OFFER_PENDING"] },
  acceptResignation: { graphql: "Mutation.acceptResignation", rest: "POST /api/matches/{id}/resignation/accept", errors: ANSWER },
  declineResignation: { graphql: "Mutation.declineResignation", rest: "POST /api/matches/{id}/resignation/decline", errors: ANSWER },
  offerDraw: { graphql: "Mutation.offerDraw", rest: "POST /api/matches/{id}/draw/offer", errors: [...IN_PLAY, "DRAW_NOT_ALLOWED", "OFFER_PENDING"] },
  acceptDraw: { graphql: "Mutation.acceptDraw", rest: "POST /api/matches/{id}/draw/accept", errors: ANSWER },
  declineDraw: { graphql: "Mutation.declineDraw", rest: "POST /api/matches/{id}/draw/decline", errors: ANSWER },
  abort: { graphql: "Mutation.abort", rest: "POST /api/matches/{id}/abort", errors: [...ON_MATCH, "TOO_LATE_TO_ABORT"] },
  myMatches: { graphql: "Query.myMatches", rest: "GET /api/players/me/matches", errors: ["UNAUTHENTICATED", "FORBIDDEN"] },
  getMatch: { graphql: "Query.match", rest: "GET /api/matches/{id}", errors: READ, restOnly: ["NOT_FOUND"] },
  // Over GraphQL the log is a field of a match already read (and its token already checked).
  listEvents: { graphql: "Match.events", rest: "GET /api/matches/{id}/events", errors: READ, restOnly: READ },
  streamUpdates: { rest: "GET /api/matches/{id}/stream", errors: READ },
  matchUpdated: { graphql: "Subscription.matchUpdated", errors: READ },
  listRulesets: { graphql: "Query.rulesets", rest: "GET /api/rulesets", errors: [] },
  getRuleset: { graphql: "Query.ruleset", rest: "GET /api/rulesets/{id}", errors: ["NOT_FOUND"], restOnly: ["NOT_FOUND"] },
  getOpenApi: { rest: "GET /api/openapi.json", errors: [] },
} as const satisfies Record<string, Operation>;
export type OperationName = keyof typeof OPERATIONS;

/** Every code an operation can answer over a transport, in the closed set's order. */
export function operationErrors(name: OperationName, transport: "graphql" | "rest", order: readonly ErrorCode[]): ErrorCode[] {
  const operation: Operation = OPERATIONS[name];
  const own = operation.errors.filter((code) => transport === "rest" || !operation.restOnly?.includes(code));
  const any = transport === "graphql" ? ANY_GRAPHQL_REQUEST : ANY_REQUEST;
  return order.filter((code) => own.includes(code) || any.includes(code));
}
