import { ERROR_CODES, ERROR_MEANINGS, type ErrorCode, HTTP_STATUS } from "../../errors.js";
import type { OperationSpec } from "../operation.js";
import { OPERATION_NAMES, OPERATIONS, operationErrors, type OperationName } from "../operations.js";
import { jsonSchemaOf } from "../ruleset-catalog.js";
import { etag, json, ref } from "./openapi-refs.js";
import { documented } from "./openapi-schema.js";

/**
 * OpenAPI's paths, one operation each, from the declarations (src/api/operations/): the summary
 * and description, who may call it, its path, query and header parameters and its body (from the
 * input's zod schema), its answer, and its error responses (its codes grouped by HTTP status).
 */
const parameter = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const notModified = { "304": { description: "Not Modified: the `If-None-Match` tag is still current; no body.", headers: etag } };
const unsupportedMediaType = { "415": { description: "BAD_USER_INPUT: the body is not sent as `application/json`.", content: json(ref("ErrorBody")) } };

/** `rollDice` -> `RollDice`: the component names of an operation's schemas. */
const capitalized = (name: string): string => name[0]!.toUpperCase() + name.slice(1);

type Schema = { [key: string]: unknown; properties?: Record<string, Schema>; required?: string[] | undefined; anyOf?: Schema[] };

const inputSchema = (operation: OperationSpec): Schema => documented(jsonSchemaOf(operation.input)) as Schema;

/** A nullish field's schema without its `null`: a query parameter is there or not. */
const present = (schema: Schema): Schema => (schema.anyOf?.length === 2 && schema.anyOf.some((s) => s.type === "null") ? schema.anyOf.find((s) => s.type !== "null")! : schema);

/** The error responses of an operation: its codes grouped by HTTP status, each status described by its codes. */
function errorResponses(name: OperationName): Record<string, object> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of operationErrors(name, "rest", ERROR_CODES)) byStatus.set(HTTP_STATUS[code], [...(byStatus.get(HTTP_STATUS[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      String(status),
      {
        description: codes.map((c) => `${c}: ${ERROR_MEANINGS[c]}.`).join(" "),
        ...(codes.includes("RATE_LIMITED") ? { headers: { "Retry-After": { description: "Seconds to wait before sending again.", schema: { type: "integer", minimum: 1 } } } } : {}),
        content: json(ref("ErrorBody")),
      },
    ]),
  );
}

/** The fields of an operation's input its JSON body carries: all but the path's and the query's. */
function bodySchema(operation: OperationSpec): Schema | null {
  const rest = operation.rest!;
  if (rest.body === "none") return null;
  const schema = inputSchema(operation);
  const elsewhere = new Set([...Object.values(rest.params ?? {}), ...Object.keys(rest.query ?? {})]);
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([name]) => !elsewhere.has(name)));
  const required = (schema.required ?? []).filter((name) => !elsewhere.has(name));
  return { ...schema, properties, ...(required.length > 0 ? { required } : { required: undefined }) };
}

const hasBodyFields = (schema: Schema | null): schema is Schema => schema !== null && Object.keys(schema.properties ?? {}).length > 0;

/** Request bodies as components: `<Operation>Request`, and `EmptyRequest` for the commands that take none. */
export function requestSchemas(): Record<string, object> {
  const bodies = OPERATION_NAMES.flatMap((name) => {
    const operation: OperationSpec = OPERATIONS[name];
    const body = operation.rest ? bodySchema(operation) : null;
    return hasBodyFields(body) ? [[`${capitalized(name)}Request`, body] as const] : [];
  });
  return { ...Object.fromEntries(bodies), EmptyRequest: { type: "object", additionalProperties: false, description: "No parameters: an empty body or `{}`." } };
}

const SECURITY = { anyone: [], optionalToken: [{}, { bearerAuth: [] }], seat: [{ bearerAuth: [] }], player: [{ bearerAuth: [] }] } as const;

function pathOperation(name: OperationName) {
  const operation: OperationSpec = OPERATIONS[name];
  const rest = operation.rest!;
  const properties = inputSchema(operation).properties ?? {};
  const isMatch = operation.answers === "match";
  // A read of a match, or an answer declared so, has an ETag that If-None-Match is held to.
  const conditional = rest.responds.conditional === true || (isMatch && rest.method === "GET");
  const parameters = [
    ...Object.entries(rest.params ?? {}).map(([param, field]) =>
      rest.path.startsWith("/api/matches/") ? parameter("MatchId") : { name: param, in: "path", required: true, schema: properties[field] ?? { type: "string" } },
    ),
    ...Object.keys(rest.query ?? {}).map((field) => {
      const { description, ...schema } = present(properties[field] ?? {});
      return { name: field, in: "query", required: false, ...(description ? { description } : {}), schema };
    }),
    ...(isMatch ? [parameter("Fields"), parameter("Piece")] : []),
    ...(rest.headerParams ?? []).map(parameter),
    ...(conditional ? [parameter("IfNoneMatch")] : []),
  ];
  const body = bodySchema(operation);
  const responds = rest.responds;
  const success = {
    description: responds.description,
    ...(isMatch || responds.headers ? { headers: { ...(isMatch ? etag : {}), ...responds.headers } } : {}),
    ...(responds.content ? { content: responds.content } : responds.schema ? { content: json(responds.schema) } : {}),
  };
  return {
    operationId: name,
    tags: [rest.tag],
    summary: operation.summary,
    description: [operation.description, operation.restNote].filter(Boolean).join("\n\n"),
    security: SECURITY[operation.caller],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: { required: rest.body === "required", content: json(ref(hasBodyFields(body) ? `${capitalized(name)}Request` : "EmptyRequest")) } } : {}),
    responses: {
      [String(rest.status ?? 200)]: success,
      ...responds.others,
      ...(conditional ? notModified : {}),
      ...(body ? unsupportedMediaType : {}),
      ...errorResponses(name),
    },
  };
}

/** Every path, each with the methods of its operations. */
export function pathsOf(): Record<string, Record<string, object>> {
  const paths: Record<string, Record<string, object>> = {};
  for (const name of OPERATION_NAMES) {
    const rest = (OPERATIONS[name] as OperationSpec).rest;
    if (rest) (paths[rest.path] ??= {})[rest.method.toLowerCase()] = pathOperation(name);
  }
  return paths;
}
