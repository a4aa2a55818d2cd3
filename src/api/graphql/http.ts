import { type ApolloServer, HeaderMap } from "@apollo/server";
import type { TabulaService } from "../service.js";
import { checkBodySize } from "../body-limit.js";
import { graphqlTransportError } from "../errors.js";
import { header, headResponse, type HttpRequest, type HttpResponse, isJsonMediaType } from "../http.js";
import { LIMITS } from "../limits.js";
import { admit, type RateLimiter } from "../rate-limit.js";
import { createContext, type GraphqlContext } from "./context.js";
import { nestsDeeperThan, tooDeepError } from "./document-nesting.js";

/**
 * One GraphQL HTTP request (POST or GET) through Apollo, without any node:http or Lambda
 * types: the transport hands in the raw body as a string and writes out what comes back.
 * Size and JSON syntax are checked here so both transports answer them alike.
 */
export async function handleGraphqlHttp(
  server: ApolloServer<GraphqlContext>,
  service: TabulaService,
  request: HttpRequest,
  rateLimiter?: RateLimiter,
): Promise<HttpResponse> {
  // HEAD runs as the GET it stands for; only the body is dropped.
  if (request.method.toUpperCase() !== "HEAD") return answer(server, service, request, rateLimiter);
  return headResponse(await answer(server, service, { ...request, method: "GET" }, rateLimiter));
}

async function answer(server: ApolloServer<GraphqlContext>, service: TabulaService, request: HttpRequest, rateLimiter: RateLimiter | undefined): Promise<HttpResponse> {
  const tooLarge = checkBodySize(request.body);
  if (tooLarge) return graphqlTransportError(tooLarge);
  const method = request.method.toUpperCase();
  let body: unknown;
  if (method === "POST" && request.body !== "" && isJsonMediaType(header(request, "content-type"))) {
    try {
      body = JSON.parse(request.body);
    } catch {
      return graphqlTransportError({ code: "BAD_USER_INPUT", message: "the request body is not valid JSON", details: {} });
    }
  }
  const query = method === "POST" ? (body as { query?: unknown } | undefined)?.query : request.query.query;
  if (typeof query === "string" && nestsDeeperThan(query, LIMITS.maxDocumentNesting)) {
    const error = tooDeepError();
    return graphqlTransportError({ code: "BAD_USER_INPUT", message: error.message, details: { limit: LIMITS.maxDocumentNesting } });
  }
  // Apollo answers an automatic persisted query it does not support with HTTP 200: refuse it
  // here as the client's mistake. Persisted queries are off on purpose (docs/api.md, Limits).
  const extensions = method === "POST" ? (body as { extensions?: unknown } | undefined)?.extensions : request.query.extensions;
  if (extensions !== undefined && (typeof extensions === "string" ? extensions.includes("persistedQuery") : typeof extensions === "object" && extensions !== null && "persistedQuery" in extensions)) {
    return graphqlTransportError({ code: "BAD_USER_INPUT", message: "persisted queries are not supported: send the document in `query`", details: {} }, 400);
  }
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers.set(name.toLowerCase(), value);
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) if (value !== undefined) search.set(name, value);

  const response = await server.executeHTTPGraphQLRequest({
    httpGraphQLRequest: { method, headers, search: search.size > 0 ? `?${search}` : "", body },
    context: async () => createContext(service, headers.get("authorization"), rateLimiter && ((kind, cost) => admit(rateLimiter, kind, request, cost)), request.requestId),
  });
  const out: Record<string, string> = { "cache-control": "no-store", "x-content-type-options": "nosniff" };
  for (const [name, value] of response.headers) out[name] = value;
  let text = "";
  if (response.body.kind === "complete") text = response.body.string;
  else for await (const chunk of response.body.asyncIterator) text += chunk;
  return { status: response.status ?? 200, headers: out, body: text };
}
