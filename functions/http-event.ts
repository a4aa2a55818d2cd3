import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { restError } from "../src/api/errors.js";
import type { HttpRequest, HttpResponse } from "../src/api/http.js";
import { elapsedMs, type RequestFields } from "../src/api/request-fields.js";
import type { InvocationContext, InvocationLogger } from "./invocation-logger.js";

/** The transport-neutral request of src/api, from API Gateway's payload 2.0 event. */
export function toHttpRequest(event: APIGatewayProxyEventV2): HttpRequest {
  // A named stage prefixes the raw path (`/prod/api/...`); the `$default` stage does not.
  const stage = event.requestContext.stage;
  let path = event.rawPath || "/";
  if (stage && stage !== "$default" && (path === `/${stage}` || path.startsWith(`/${stage}/`))) path = path.slice(stage.length + 1) || "/";
  // The raw query keeps repeated parameters apart (queryStringParameters joins them with commas):
  // the last one wins, as on the local server.
  const query: Record<string, string> = {};
  if (event.rawQueryString !== undefined) {
    for (const [name, value] of new URLSearchParams(event.rawQueryString)) query[name] = value;
  } else {
    for (const [name, value] of Object.entries(event.queryStringParameters ?? {})) if (value !== undefined) query[name] = value;
  }
  const body = event.body == null ? "" : event.isBase64Encoded ? Buffer.from(event.body, "base64").toString("utf8") : event.body;
  return { method: event.requestContext.http.method.toUpperCase(), path, query, headers: { ...event.headers }, body, sourceIp: event.requestContext.http.sourceIp };
}

/**
 * An HTTP API route (payload format 2.0) served by the same transport-neutral handler the local
 * server calls: the event is translated in, the answer out. CORS is API Gateway's (the stack's
 * `allowedOrigins`). As on the local server, a bug or an outage is logged in full and answered
 * only by its code; at LOG_LEVEL=info each request has its line, with the operation and match
 * `describe` finds in it (worked out only for a line that is written), under the Lambda request id.
 */
export function httpHandler(serve: (request: HttpRequest) => Promise<HttpResponse>, { logger, run }: InvocationLogger, describe: (request: HttpRequest) => RequestFields) {
  return (event: APIGatewayProxyEventV2, context?: InvocationContext): Promise<APIGatewayProxyStructuredResultV2> =>
    run(context, async () => {
      const started = performance.now();
      let request: HttpRequest | undefined;
      let response;
      try {
        request = toHttpRequest(event);
        response = await serve(request);
      } catch (error) {
        logger.error(`${event.requestContext.http.method} ${event.rawPath} failed`, error);
        response = restError({ code: "INTERNAL_SERVER_ERROR", message: "internal server error", details: {} });
      }
      if (logger.isEnabled("info")) {
        const { method } = event.requestContext.http;
        const path = request?.path ?? event.rawPath;
        const fields = request ? describe(request) : { operation: null };
        const query = event.rawQueryString ? `?${event.rawQueryString}` : "";
        logger.info(`${method} ${path}${query} ${response.status}`, { method, path, status: response.status, ...fields, latencyMs: elapsedMs(started) });
      }
      return { statusCode: response.status, headers: response.headers, body: response.body, isBase64Encoded: false };
    });
}
