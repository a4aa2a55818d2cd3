import { ERROR_CODES, type ErrorCode, HTTP_STATUS } from "../../src/errors.js";
import { ANY_GRAPHQL_REQUEST, ANY_REQUEST, graphqlFieldOf, OPERATION_NAMES, operationErrors, type OperationName, restRouteOf } from "../../src/api/operations.js";

/**
 * Which codes a request may be answered with, from the documented operations table
 * (src/api/operations.ts): the fuzzer's oracle for "every error is one the operation lists".
 */

/** What a REST request target is, by the documented routes (matched here, not by the server's router). */
export type RestTarget =
  | { readonly kind: "operation"; readonly name: OperationName }
  | { readonly kind: "method-not-allowed" }
  | { readonly kind: "not-found" }
  | { readonly kind: "health" }
  | { readonly kind: "preflight" };

const REST_OPERATIONS: { method: string; segments: string[]; name: OperationName }[] = OPERATION_NAMES.flatMap((name) => {
  const rest = restRouteOf(name);
  if (!rest) return [];
  const [method, path] = rest.split(" ") as [string, string];
  return [{ method, segments: path.split("/"), name }];
});

const matches = (template: string[], segments: string[]) =>
  template.length === segments.length && template.every((t, i) => (t.startsWith("{") ? segments[i] !== "" : t === segments[i]));

export function restTargetOf(method: string, target: string): RestTarget {
  if (method === "OPTIONS") return { kind: "preflight" };
  const path = target.split("?")[0] ?? "";
  if (path === "/healthz") return { kind: "health" };
  const segments = path.split("/");
  const found = REST_OPERATIONS.filter((op) => matches(op.segments, segments));
  const exact = found.find((op) => op.method === method);
  if (exact) return { kind: "operation", name: exact.name };
  return found.length > 0 ? { kind: "method-not-allowed" } : { kind: "not-found" };
}

export function allowedRestCodes(target: RestTarget): ReadonlySet<string> {
  switch (target.kind) {
    case "operation":
      return new Set(operationErrors(target.name, "rest", ERROR_CODES));
    case "method-not-allowed":
    case "health":
    case "preflight":
      return new Set(ANY_REQUEST);
    case "not-found":
      // Unknown routes are NOT_FOUND; a path that cannot be decoded is BAD_USER_INPUT.
      return new Set<string>([...ANY_REQUEST, "NOT_FOUND"]);
  }
}

export const restTargetLabel = (target: RestTarget): string => (target.kind === "operation" ? target.name : target.kind);

/** The operation behind each root field of the schema. */
export const ROOT_FIELD_OPERATIONS: Readonly<Record<string, OperationName>> = Object.fromEntries(
  OPERATION_NAMES.flatMap((name) => {
    const graphql = graphqlFieldOf(name);
    return graphql && !graphql.startsWith("Match.") ? [[graphql.split(".")[1] as string, name]] : [];
  }),
);

/** The codes a GraphQL request may carry, given the operations of the root fields it holds. */
export function allowedGraphqlCodes(operations: readonly OperationName[]): ReadonlySet<string> {
  return new Set<string>([...ANY_GRAPHQL_REQUEST, ...operations.flatMap((name) => operationErrors(name, "graphql", ERROR_CODES))]);
}

export const isClosedSetCode = (code: string): code is ErrorCode => (ERROR_CODES as readonly string[]).includes(code);

/** REST answers a code with its documented status; 405 and 415 are BAD_USER_INPUT by transport. */
export function restStatusFits(status: number, code: string): boolean {
  if (!isClosedSetCode(code)) return false;
  return status === HTTP_STATUS[code] || (code === "BAD_USER_INPUT" && (status === 405 || status === 415));
}
