import { TabulaError } from "../../errors.js";
/** A route of the REST API; `path` is an OpenAPI path template such as `/api/matches/{id}`. */
export interface RouteSpec<Handler> {
  readonly method: "GET" | "POST";
  readonly path: string;
  readonly handler: Handler;
}

export type RouteMatch<Spec extends RouteSpec<unknown>> =
  | { readonly kind: "found"; readonly spec: Spec; readonly handler: Spec["handler"]; readonly params: Record<string, string> }
  | { readonly kind: "method-not-allowed"; readonly allow: string[] }
  | { readonly kind: "not-found" };

/** A path segment as text; malformed percent-encoding is the client's mistake, not ours. */
export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new TabulaError("BAD_USER_INPUT", `the path segment "${segment.slice(0, 64)}" is not valid percent-encoded UTF-8`);
  }
}

/** Template segments, split once per template: routing runs on every request. */
const SEGMENTS = new Map<string, readonly string[]>();

function matchPath(template: string, got: readonly string[]): Record<string, string> | null {
  let want = SEGMENTS.get(template);
  if (!want) SEGMENTS.set(template, (want = template.split("/")));
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i] as string;
    const actual = got[i] as string;
    if (segment.startsWith("{") && segment.endsWith("}")) {
      if (actual === "") return null;
      params[segment.slice(1, -1)] = actual;
    } else if (segment !== actual) return null;
  }
  return params;
}

/**
 * Finds the route for a method and path; a known path with another method is a 405, not a 404.
 * HEAD finds the GET route (the caller drops the body).
 */
export function route<Spec extends RouteSpec<unknown>>(routes: readonly Spec[], method: string, path: string): RouteMatch<Spec> {
  const allow: string[] = [];
  const segments = path.split("/");
  for (const spec of routes) {
    const params = matchPath(spec.path, segments);
    if (!params) continue;
    if (spec.method === method || (method === "HEAD" && spec.method === "GET")) return { kind: "found", spec, handler: spec.handler, params };
    allow.push(...(spec.method === "GET" ? ["GET", "HEAD"] : [spec.method]));
  }
  return allow.length > 0 ? { kind: "method-not-allowed", allow } : { kind: "not-found" };
}
