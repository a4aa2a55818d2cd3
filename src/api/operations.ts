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

// RATE_LIMITED: the local server limits commands and new matches per client (src/api/rate-limit.ts).
const COMMAND: readonly ErrorCode[] = ["UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND", "NOT_YOUR_TURN", "MATCH_FINISHED", "VERSION_CONFLICT", "RATE_LIMITED"];
const READ: readonly ErrorCode[] = ["UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND"];

export const OPERATIONS = {
  createMatch: { graphql: "Mutation.createMatch", rest: "POST /api/matches", errors: ["RATE_LIMITED"] },
  rollDice: {
    graphql: "Mutation.rollDice",
    rest: "POST /api/matches/{id}/dice",
    errors: [...COMMAND, "ALREADY_ROLLED", "DICE_NOT_DUE", "NO_DICE_IN_RULESET"],
  },
  submitMove: {
    graphql: "Mutation.submitMove",
    rest: "POST /api/matches/{id}/moves",
    errors: [...COMMAND, "DICE_NOT_ROLLED", "ILLEGAL_MOVE", "IDEMPOTENCY_KEY_REUSED"],
  },
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
