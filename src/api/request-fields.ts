import type { HttpRequest } from "./http.js";
import { OPERATION_NAMES, OPERATIONS, type OperationName } from "./operations.js";
import { route, type RouteSpec } from "./rest/router.js";

/**
 * What a request's log line says of it besides the transport's part (method, path, status,
 * latency): the operation asked for, by its name in OPERATIONS, and the match it concerns.
 */
export interface RequestFields {
  /** The operation's name in OPERATIONS; several joined by "," (one GraphQL document may ask for more); null for none (an unknown route, a document that does not parse). */
  readonly operation: string | null;
  /** The match the request concerns, as the client named it. */
  readonly matchId?: string;
}

/** Every REST route of OPERATIONS (`METHOD /path`), routed as the REST API routes them. */
const REST_ROUTES: readonly RouteSpec<OperationName>[] = OPERATION_NAMES.flatMap((name) => {
  const rest = OPERATIONS[name].rest;
  return rest ? [{ method: rest.method, path: rest.path, handler: name }] : [];
});

const MATCH_PATH = "/api/matches/{id}";

/** The operation and match of a REST request, from its method and path alone. */
export function restRequestFields(request: Pick<HttpRequest, "method" | "path">): RequestFields {
  const found = route(REST_ROUTES, request.method, request.path);
  return found.kind === "found" ? routeFields(found.handler, found.spec.path, found.params) : { operation: null };
}

/** The same of a route already found: its operation, and the match its `{id}` names (still percent-encoded). */
export function routeFields(operation: OperationName, template: string, params: Readonly<Record<string, string>>): RequestFields {
  const id = params.id;
  const concernsMatch = template === MATCH_PATH || template.startsWith(`${MATCH_PATH}/`);
  return concernsMatch && id !== undefined ? { operation, matchId: decoded(id) } : { operation };
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Milliseconds since `started` (a `performance.now()`), to a tenth: a request line's `latencyMs`. */
export const elapsedMs = (started: number): number => Math.round((performance.now() - started) * 10) / 10;
