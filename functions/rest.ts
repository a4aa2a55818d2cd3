import { randomBytes } from "node:crypto";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { restError } from "../src/api/errors.js";
import type { HttpRequest } from "../src/api/http.js";
import { createLogger, isLogLevel } from "../src/api/logger.js";
import { createRestHandler } from "../src/api/rest/handle-rest.js";
import { createService } from "../src/service/service.js";
import { createDynamoClients, dynamoConfigFromEnv } from "../src/store/dynamo-client.js";
import { DynamoEventStore } from "../src/store/dynamo-event-store.js";

/**
 * `ANY /api/{proxy+}` of the HTTP API (payload format 2.0): the REST routes of src/api, the
 * same code the local server runs. Configuration is read once per cold start: TABLE_NAME;
 * DYNAMODB_ENDPOINT only to point at a local store; LOG_LEVEL (default warn). CORS is API
 * Gateway's (the stack's `allowedOrigins`). The body limit is the REST handler's own.
 */
const tableName = process.env.TABLE_NAME;
if (!tableName) throw new Error("TABLE_NAME must be set");
const logLevel = process.env.LOG_LEVEL ?? "warn";
const logger = createLogger(isLogLevel(logLevel) ? logLevel : "warn");
const { doc } = createDynamoClients(dynamoConfigFromEnv());
const rest = createRestHandler({
  service: createService({ store: new DynamoEventStore(doc, tableName), now: () => new Date(), randomBytes }),
  logger,
});

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
  return { method: event.requestContext.http.method.toUpperCase(), path, query, headers: { ...event.headers }, body };
}

export const handler = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
  let response;
  try {
    response = await rest(toHttpRequest(event));
  } catch (error) {
    // As the local server: a bug or an outage is logged in full and shown only by its code.
    logger.error(`${event.requestContext.http.method} ${event.rawPath} failed`, error);
    response = restError({ code: "INTERNAL_SERVER_ERROR", message: "internal server error", details: {} });
  }
  return { statusCode: response.status, headers: response.headers, body: response.body, isBase64Encoded: false };
};
