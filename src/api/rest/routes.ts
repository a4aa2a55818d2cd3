import { TabulaError } from "../../errors.js";
import { type MatchView, matchViewFields, movesOfPiece, toMatchView, type ViewedMatch } from "../../service/match-view.js";
import { parseAuthorization, tokenOf } from "../auth.js";
import { header, type HttpRequest, type HttpResponse, isJsonMediaType, jsonResponse } from "../http.js";
import type { OperationSpec, QueryKind, ServedOperation } from "../operation.js";
import { OPERATION_NAMES, OPERATIONS, type OperationName } from "../operations.js";
import { call, type ServedName, type TabulaService } from "../service.js";
import { parseInput } from "../parse-input.js";
import { matchTag } from "./entity-tags.js";
import { openApiDocument } from "./openapi.js";
import type { RouteSpec } from "./router.js";
import { viewFields, viewPiece } from "./view-fields.js";

export interface RouteContext {
  readonly request: HttpRequest;
  readonly params: Record<string, string>;
  readonly service: TabulaService;
}
export type RouteHandler = (ctx: RouteContext) => Promise<HttpResponse>;

/** A REST route of a declared operation: the operation's name is what rate limits and logs go by. */
export interface RestRoute extends RouteSpec<RouteHandler> {
  readonly operation: OperationName;
}

/** A body-level failure that is not one of the closed codes' usual statuses (415). */
export class HttpStatusError extends TabulaError {
  constructor(readonly status: number, message: string) {
    super("BAD_USER_INPUT", message);
  }
}

/** The JSON body as an object; `optional` bodies may be empty (and then need no content type). */
export function readBody(request: HttpRequest, body: "required" | "optional"): Record<string, unknown> {
  if (body === "optional" && request.body.trim() === "") return {};
  if (!isJsonMediaType(header(request, "content-type"))) {
    throw new HttpStatusError(415, "the request body must be JSON: send `content-type: application/json`");
  }
  let json: unknown;
  try {
    json = JSON.parse(request.body);
  } catch {
    throw new TabulaError("BAD_USER_INPUT", "the request body is not valid JSON");
  }
  if (json === null || typeof json !== "object" || Array.isArray(json)) throw new TabulaError("BAD_USER_INPUT", "invalid request body: expected a JSON object");
  return json as Record<string, unknown>;
}

function queryValue(value: string | undefined, kind: QueryKind, name: string): unknown {
  if (value === undefined || value === "") return undefined;
  if (kind === "string") return value;
  if (kind === "boolean") {
    if (value !== "true" && value !== "false") throw new TabulaError("BAD_USER_INPUT", `\`${name}\` is true or false`);
    return value === "true";
  }
  if (!/^\d{1,15}$/.test(value)) throw new TabulaError("BAD_USER_INPUT", `\`${name}\` must be a non-negative integer`);
  return Number(value);
}

/**
 * The input of an operation from a request: the body's fields, then the query's and the path's
 * (a body may not name those), checked against the operation's schema; then its headers'.
 */
function inputOf(operation: OperationSpec, request: HttpRequest, params: Record<string, string>): unknown {
  const rest = operation.rest!;
  const fields: Record<string, unknown> = rest.body === "none" ? {} : readBody(request, rest.body);
  const elsewhere = [...Object.values(rest.params ?? {}), ...Object.keys(rest.query ?? {})];
  const misplaced = elsewhere.find((name) => name in fields);
  if (misplaced) throw new TabulaError("BAD_USER_INPUT", `invalid request body: unrecognized key "${misplaced}"`);
  for (const [name, kind] of Object.entries(rest.query ?? {}) as [string, QueryKind][]) {
    const value = queryValue(request.query[name], kind, name);
    if (value !== undefined) fields[name] = value;
  }
  for (const [param, field] of Object.entries(rest.params ?? {})) fields[field] = params[param];
  const input = parseInput(operation.input, fields, rest.body === "none" ? "invalid request" : "invalid request body");
  return rest.fromHeaders ? rest.fromHeaders(request, input) : input;
}

const bearerOf = (request: HttpRequest) => tokenOf(parseAuthorization(header(request, "authorization")));

/**
 * A match's answer carries its ETag (for `If-None-Match` on the next read and `If-Match` on a
 * move), and only the fields `?fields=` names (view-fields.ts), which are read before the
 * command runs, so a bad list changes nothing; `?piece=` keeps one piece's legal moves.
 */
function matchHandler(name: ServedName, operation: OperationSpec): RouteHandler {
  return async ({ request, params, service }) => {
    const fields = viewFields(request);
    const piece = viewPiece(request);
    const input = inputOf(operation, request, params);
    const { state, seat } = (await call(service, name, input, bearerOf(request))) as ViewedMatch;
    const view: Partial<MatchView> = fields ? matchViewFields(state, seat, fields) : toMatchView(state, seat);
    if (piece !== undefined && view.legalMoves) view.legalMoves = movesOfPiece(state.ruleset, view.legalMoves, piece);
    return jsonResponse(operation.rest!.status ?? 200, view, { etag: matchTag({ version: state.version, seat }, piece), ...operation.rest!.headers?.(view, input) });
  };
}

function valueHandler(name: ServedName, operation: ServedOperation<unknown, unknown>): RouteHandler {
  const rest = operation.rest!;
  return async ({ request, params, service }) => {
    const input = inputOf(operation, request, params);
    const result = await call(service, name, input, operation.caller === "anyone" ? undefined : bearerOf(request));
    const payload = operation.present ? operation.present(result) : result;
    return jsonResponse(rest.status ?? 200, payload, rest.headers?.(payload, input) ?? {});
  };
}

/** The routes the REST layer serves itself, for operations declared `answers: "transport"`. */
const SERVED_HERE: Partial<Record<OperationName, RouteHandler>> = {
  getOpenApi: async () => jsonResponse(200, openApiDocument(), { "cache-control": "public, max-age=300" }),
};

function handlerOf(name: OperationName): RouteHandler {
  const operation: OperationSpec = OPERATIONS[name];
  if (operation.answers === "match") return matchHandler(name as ServedName, operation);
  if (operation.answers === "value") return valueHandler(name as ServedName, operation);
  const { handler } = operation.rest!;
  // An operation open to anyone reads no token, so a malformed Authorization header is no error of its.
  if (handler) return async ({ request, params, service }) => handler(request, inputOf(operation, request, params), service.deps, operation.caller === "anyone" ? undefined : bearerOf(request));
  const served = SERVED_HERE[name];
  if (!served) throw new Error(`${name} has a REST route but neither a service call nor a handler`);
  return served;
}

/** Every REST route, one per operation with a `rest` side; the OpenAPI document describes exactly these. Each GET answers HEAD too. */
export const REST_ROUTES: readonly RestRoute[] = OPERATION_NAMES.flatMap((name) => {
  const rest = (OPERATIONS[name] as OperationSpec).rest;
  return rest ? [{ method: rest.method, path: rest.path, handler: handlerOf(name), operation: name }] : [];
});
