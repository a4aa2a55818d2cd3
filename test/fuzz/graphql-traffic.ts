import fc from "fast-check";
import { createdIn, matchViewsIn } from "./answer-checks.js";
import { allowedGraphqlCodes, ROOT_FIELD_OPERATIONS } from "./expected-codes.js";
import type { CommandClaim, Exchange } from "./exchange.js";
import { anyRootField, buildDocument, type BuiltDocument, type DocumentIntent, documentIntent } from "./graphql-documents.js";
import { exchangeHttp, type Target } from "./http-exchange.js";
import { byteMutation, type ByteMutation, hostileJsonText, mutateBytes, percentEncode } from "./hostile-values.js";
import type { RawHttpRequest } from "./raw-http.js";
import { type AuthRef, authRef, resolveAuth, resolveMatch } from "./world-refs.js";

/** GraphQL over HTTP: POST with every envelope a client can get wrong, and GET. */
export interface GraphqlIntent {
  readonly kind: "graphql";
  readonly method: "POST" | "GET";
  readonly document: DocumentIntent;
  readonly auth: AuthRef;
  readonly envelope: "normal" | "batch" | "query-number" | "variables-string" | "variables-array" | "extensions" | "extra-keys" | "no-query" | "raw";
  readonly raw: string;
  readonly contentType: string | null;
  readonly preflight: boolean;
  readonly mutation: ByteMutation;
}

export const graphqlIntent: fc.Arbitrary<GraphqlIntent> = fc.record({
  kind: fc.constant("graphql" as const),
  method: fc.oneof({ weight: 4, arbitrary: fc.constant("POST" as const) }, { weight: 1, arbitrary: fc.constant("GET" as const) }),
  document: documentIntent(anyRootField),
  auth: authRef,
  envelope: fc.oneof({ weight: 20, arbitrary: fc.constant("normal" as const) }, { weight: 1, arbitrary: fc.constantFrom("batch" as const, "query-number" as const, "variables-string" as const, "variables-array" as const, "extensions" as const, "extra-keys" as const, "no-query" as const, "raw" as const) }),
  raw: hostileJsonText,
  contentType: fc.oneof({ weight: 12, arbitrary: fc.constant("application/json") }, { weight: 1, arbitrary: fc.constantFrom("text/plain", "application/graphql", "application/x-www-form-urlencoded", "application/json; charset=utf-16", "application/graphql-response+json") }, { weight: 1, arbitrary: fc.constant(null) }),
  preflight: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  mutation: byteMutation,
});

function envelopeText(intent: GraphqlIntent, doc: BuiltDocument): string {
  const query = JSON.stringify(doc.query);
  const variables = doc.variables ?? "null";
  const name = doc.operationName === null ? "" : `,"operationName":${JSON.stringify(doc.operationName)}`;
  const normal = `{"query":${query},"variables":${variables}${name}}`;
  switch (intent.envelope) {
    case "normal":
      return normal;
    case "batch":
      return `[${normal},${normal}]`;
    case "query-number":
      return `{"query":12345,"variables":${variables}}`;
    case "variables-string":
      return `{"query":${query},"variables":${JSON.stringify(variables)}}`;
    case "variables-array":
      return `{"query":${query},"variables":[${variables}]}`;
    case "extensions":
      return `{"query":${query},"variables":${variables},"extensions":{"persistedQuery":{"version":1,"sha256Hash":"00"}}}`;
    case "extra-keys":
      return `{"query":${query},"variables":${variables},"unknown":${intent.raw}}`;
    case "no-query":
      return `{"variables":${variables}}`;
    case "raw":
      return intent.raw;
  }
}

export function buildGraphqlRequest(intent: GraphqlIntent, target: Target): { request: RawHttpRequest; doc: BuiltDocument; token: string | null } {
  const doc = buildDocument(intent.document, target);
  // The token is the first field's match's (its actor, another seat, another match...).
  const first = intent.document.fields[0];
  const aimed = first ? resolveMatch(first.match, target.world).match : null;
  const auth = resolveAuth(intent.auth, target.world, aimed);
  const headers: [string, string | Buffer][] = [];
  if (auth.header !== null) headers.push(["authorization", auth.header]);
  if (intent.method === "GET") {
    const params = [`query=${percentEncode(doc.query)}`, ...(doc.variables !== null ? [`variables=${percentEncode(doc.variables)}`] : []), ...(doc.operationName !== null ? [`operationName=${percentEncode(doc.operationName)}`] : [])];
    if (intent.preflight) headers.push(["apollo-require-preflight", "true"]);
    return { request: { method: "GET", target: `/graphql?${params.join("&")}`, headers }, doc, token: auth.token };
  }
  if (intent.contentType !== null) headers.push(["content-type", intent.contentType]);
  return { request: { method: "POST", target: "/graphql", headers, body: mutateBytes(envelopeText(intent, doc), intent.mutation) }, doc, token: auth.token };
}

/** What a GraphQL answer says of each command field: accepted when its data is there, else its error's code. */
export function claimsOf(doc: BuiltDocument, json: unknown, token: string | null): CommandClaim[] {
  const result = json as { data?: Record<string, unknown> | null; errors?: { path?: unknown[]; extensions?: { code?: unknown } }[] } | undefined;
  const claims: CommandClaim[] = [];
  for (const root of doc.roots) {
    if (!root.claim) continue;
    const data = result?.data?.[root.key] as { version?: unknown; match?: { version?: unknown } } | null | undefined;
    const error = result?.errors?.find((e) => e.path?.[0] === root.key) ?? (result?.data ? undefined : result?.errors?.[0]);
    const code = typeof error?.extensions?.code === "string" ? error.extensions.code : undefined;
    const version = root.claim.kind === "create" ? data?.match?.version : data?.version;
    claims.push({ ...root.claim, token, accepted: data !== null && data !== undefined, code, responseVersion: typeof version === "number" ? version : undefined });
  }
  return claims;
}

export const operationsOf = (doc: BuiltDocument) => [...new Set(doc.roots.flatMap((r) => (ROOT_FIELD_OPERATIONS[r.field] ? [ROOT_FIELD_OPERATIONS[r.field]!] : [])))];

export async function runGraphql(intent: GraphqlIntent, target: Target): Promise<Exchange> {
  const { request, doc, token } = buildGraphqlRequest(intent, target);
  const operations = operationsOf(doc);
  // Match.events is read inside Query.match, with its codes.
  if (operations.includes("getMatch") && doc.query.includes("events")) operations.push("listEvents");
  const label = doc.garbage ? "garbage" : operations.length > 0 ? operations.join("+") : (doc.roots.map((r) => r.field).join("+") || "none");
  const where = `GraphQL ${intent.method} ${label}`;
  const { answer, repro } = await exchangeHttp(target, request, { shape: "graphql", allowed: allowedGraphqlCodes(operations), where });
  return {
    transport: intent.method === "GET" ? "graphql-get" : "graphql-post",
    operation: label,
    purpose: "hostile",
    outcomes: answer.outcomes,
    findings: answer.findings,
    claims: claimsOf(doc, answer.json, token),
    repro,
    created: createdIn((answer.json as { data?: unknown } | undefined)?.data),
    disclosed: answer.disclosed,
    views: [...matchViewsIn((answer.json as { data?: unknown } | undefined)?.data)],
  };
}
