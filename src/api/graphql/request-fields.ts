import { Kind, type OperationDefinitionNode, parse, type ValueNode } from "graphql";
import type { HttpRequest } from "../http.js";
import { LIMITS } from "../limits.js";
import { matchFieldOf, type OperationName, operationOfField } from "../operations.js";
import type { RequestFields } from "../request-fields.js";

const ROOT_TYPE = { query: "Query", mutation: "Mutation", subscription: "Subscription" } as const;

/**
 * The operations and match of a GraphQL request: the root fields of the operation it runs (each
 * `Type.field` of OPERATIONS), and the first `matchId` argument among them, literal or a variable.
 * It parses the document on its own, so callers ask only for a line that is written.
 */
export function graphqlRequestFields(request: HttpRequest): RequestFields {
  const params = requestParams(request);
  if (!params) return { operation: null };
  let definitions;
  try {
    definitions = parse(params.query, { noLocation: true, maxTokens: LIMITS.maxQueryTokens }).definitions;
  } catch {
    return { operation: null };
  }
  const operations = definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = params.operationName ? operations.find((o) => o.name?.value === params.operationName) : operations.length === 1 ? operations[0] : undefined;
  if (!operation) return { operation: null };
  const names: OperationName[] = [];
  let matchId: string | undefined;
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) continue;
    const field = `${ROOT_TYPE[operation.operation]}.${selection.name.value}`;
    const name = operationOfField(field);
    if (!name) continue;
    if (!names.includes(name)) names.push(name);
    const argument = selection.arguments?.find((a) => a.name.value === matchFieldOf(name));
    if (argument && matchId === undefined) matchId = stringOf(argument.value, params.variables);
  }
  return { operation: names.length > 0 ? names.join(",") : null, ...(matchId !== undefined ? { matchId } : {}) };
}

interface Params {
  readonly query: string;
  readonly operationName?: string;
  readonly variables: Record<string, unknown>;
}

/** The document, operation name and variables of a POST body or a GET query string; null when there is no document to read. */
function requestParams(request: HttpRequest): Params | null {
  let raw: { query?: unknown; operationName?: unknown; variables?: unknown };
  try {
    raw =
      request.method === "POST"
        ? (JSON.parse(request.body) as typeof raw)
        : { ...request.query, variables: request.query.variables === undefined ? undefined : JSON.parse(request.query.variables) };
  } catch {
    return null;
  }
  if (raw === null || typeof raw !== "object" || typeof raw.query !== "string") return null;
  const variables = raw.variables !== null && typeof raw.variables === "object" ? (raw.variables as Record<string, unknown>) : {};
  return { query: raw.query, ...(typeof raw.operationName === "string" ? { operationName: raw.operationName } : {}), variables };
}

function stringOf(value: ValueNode, variables: Record<string, unknown>): string | undefined {
  if (value.kind === Kind.STRING || value.kind === Kind.INT) return value.value;
  if (value.kind === Kind.VARIABLE) {
    const given = variables[value.name.value];
    return typeof given === "string" ? given : undefined;
  }
  return undefined;
}
