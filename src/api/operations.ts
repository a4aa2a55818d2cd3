import type { ErrorCode } from "../errors.js";
import type { OperationSpec } from "./operation.js";
import { getMatchArchive } from "./operations/archive.js";
import { getBoardSvg } from "./operations/board.js";
import { addBot, createMatch, getMatch, joinMatch, listEvents, matchUpdated, streamUpdates } from "./operations/matches.js";
import { abort, acceptDraw, acceptResignation, claimTimeout, declineDraw, declineResignation, offerDraw, resign, rollDice, submitMove } from "./operations/match-commands.js";
import { createPlayer, myMatches } from "./operations/players.js";
import { getOpenApi, getRuleset, listRulesets } from "./operations/rulesets.js";
import { createWebhook, deleteWebhook, rotateWebhookSecret, testWebhook, updateWebhook, webhookDeliveries, webhooks } from "./operations/webhooks.js";

/**
 * Every operation of the API, each declared once (src/api/operations/): the service facade
 * (service.ts), the REST routes (rest/routes.ts), the GraphQL resolvers (graphql/resolvers.ts),
 * OpenAPI's paths (rest/openapi.ts), the SDL's root fields and "Errors:" lines and the README's
 * tables (schema/sync.ts) are made from this table. test/api/operations.test.ts checks the
 * generated files, and the fuzz harness checks that no operation answers a code it does not list.
 */
export const OPERATIONS = {
  createPlayer,
  createMatch,
  joinMatch,
  addBot,
  rollDice,
  submitMove,
  claimTimeout,
  resign,
  acceptResignation,
  declineResignation,
  offerDraw,
  acceptDraw,
  declineDraw,
  abort,
  myMatches,
  getMatch,
  getBoardSvg,
  listEvents,
  getMatchArchive,
  streamUpdates,
  matchUpdated,
  createWebhook,
  webhooks,
  updateWebhook,
  rotateWebhookSecret,
  deleteWebhook,
  webhookDeliveries,
  testWebhook,
  listRulesets,
  getRuleset,
  getOpenApi,
} as const satisfies Record<string, OperationSpec>;
export type OperationName = keyof typeof OPERATIONS;
export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];

/** Codes any request may get: a body that is not JSON or too large, a bug or an outage. */
export const ANY_REQUEST: readonly ErrorCode[] = ["BAD_USER_INPUT", "PAYLOAD_TOO_LARGE", "INTERNAL_SERVER_ERROR"];
/** And a GraphQL operation beyond its limits. */
export const ANY_GRAPHQL_REQUEST: readonly ErrorCode[] = [...ANY_REQUEST, "QUERY_TOO_COMPLEX"];

/** An operation's own codes: those it lists, and RATE_LIMITED where it draws on a budget. */
export const ownErrors = (name: OperationName): readonly ErrorCode[] => {
  const operation: OperationSpec = OPERATIONS[name];
  return operation.rateLimit ? [...operation.errors, "RATE_LIMITED"] : operation.errors;
};

/** Every code an operation can answer over a transport, in the closed set's order. */
export function operationErrors(name: OperationName, transport: "graphql" | "rest", order: readonly ErrorCode[]): ErrorCode[] {
  const operation: OperationSpec = OPERATIONS[name];
  const own = ownErrors(name).filter((code) => transport === "rest" || !operation.restOnly?.includes(code));
  const any = transport === "graphql" ? ANY_GRAPHQL_REQUEST : ANY_REQUEST;
  return order.filter((code) => own.includes(code) || any.includes(code));
}

/** `METHOD /path` of an operation's REST route, if it has one. */
export const restRouteOf = (name: OperationName): string | undefined => {
  const rest = (OPERATIONS[name] as OperationSpec).rest;
  return rest && `${rest.method} ${rest.path}`;
};

/** `Type.field` of an operation's GraphQL field, if it has one. */
export const graphqlFieldOf = (name: OperationName): string | undefined => (OPERATIONS[name] as OperationSpec).graphql?.field;

const BY_FIELD = new Map(OPERATION_NAMES.flatMap((name) => (graphqlFieldOf(name) ? [[graphqlFieldOf(name)!, name] as const] : [])));

/** The operation a GraphQL field (`Mutation.rollDice`) serves. */
export const operationOfField = (field: string): OperationName | undefined => BY_FIELD.get(field);

/** The input field that names an operation's match: the one its REST route's `/api/matches/{id}` fills (`Query.match`: `id`), else `matchId`. */
export const matchFieldOf = (name: OperationName): string => {
  const rest = (OPERATIONS[name] as OperationSpec).rest;
  return (rest?.path.startsWith("/api/matches/{id}") ? rest.params?.id : undefined) ?? "matchId";
};
