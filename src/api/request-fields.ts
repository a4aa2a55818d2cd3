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
  if (found.kind !== "found") return { operation: null };
  const id = found.params.id;
  const concernsMatch = found.spec.path === MATCH_PATH || found.spec.path.startsWith(`${MATCH_PATH}/`);
  return concernsMatch && id !== undefined ? { operation: found.handler, matchId: decoded(id) } : { operation: found.handler };
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
