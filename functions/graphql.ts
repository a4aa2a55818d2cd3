import { randomBytes } from "node:crypto";
import {
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginSchemaReportingDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from "@apollo/server/plugin/disabled";
import { handlers, startServerAndCreateLambdaHandler } from "@as-integrations/aws-lambda";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { graphqlTransportError } from "../src/api/errors.js";
import { createContext } from "../src/api/graphql/context.js";
import { createGraphqlServer } from "../src/api/graphql/server.js";
import { header, type HttpResponse, isJsonMediaType } from "../src/api/http.js";
import { LIMITS } from "../src/api/limits.js";
import { createLogger, isLogLevel } from "../src/api/logger.js";
import { createService } from "../src/service/service.js";
import { createDynamoClients, dynamoConfigFromEnv } from "../src/store/dynamo-client.js";
import { DynamoEventStore } from "../src/store/dynamo-event-store.js";

/**
 * `ANY /graphql` of the HTTP API (payload format 2.0), through Apollo's Lambda integration.
 * Configuration is read once per cold start: TABLE_NAME; DYNAMODB_ENDPOINT only to point at a
 * local store; LOG_LEVEL (default warn). CORS is API Gateway's (the stack's `allowedOrigins`).
 *
 * The integration would parse the body itself, with no size limit and a plain-text 400 for bad
 * JSON. The body is read here instead, exactly as the local server does (`handleGraphqlHttp`):
 * over LIMITS.maxBodyBytes is PAYLOAD_TOO_LARGE (413), JSON that does not parse is
 * BAD_USER_INPUT (400), both as GraphQL errors, and every JSON media type counts as JSON.
 */
const tableName = process.env.TABLE_NAME;
if (!tableName) throw new Error("TABLE_NAME must be set");
const logLevel = process.env.LOG_LEVEL ?? "warn";
const logger = createLogger(isLogLevel(logLevel) ? logLevel : "warn");
const { doc } = createDynamoClients(dynamoConfigFromEnv());
const service = createService({ store: new DynamoEventStore(doc, tableName), now: () => new Date(), randomBytes });

type Body = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly response: HttpResponse };

/** Each event's body is read once, by the middleware; the request handler takes it from here. */
const bodies = new WeakMap<APIGatewayProxyEventV2, Body>();

function readBody(event: APIGatewayProxyEventV2): Body {
  const known = bodies.get(event);
  if (known) return known;
  const raw = event.body == null ? "" : event.isBase64Encoded ? Buffer.from(event.body, "base64").toString("utf8") : event.body;
  let body: Body = { ok: true, value: undefined };
  if (Buffer.byteLength(raw, "utf8") > LIMITS.maxBodyBytes) {
    body = {
      ok: false,
      response: graphqlTransportError({
        code: "PAYLOAD_TOO_LARGE",
        message: `the request body is over ${LIMITS.maxBodyBytes} bytes`,
        details: { limit: LIMITS.maxBodyBytes },
      }),
    };
  } else if (event.requestContext.http.method.toUpperCase() === "POST" && raw !== "" && isJsonMediaType(header(event, "content-type"))) {
    try {
      body = { ok: true, value: JSON.parse(raw) };
    } catch {
      body = { ok: false, response: graphqlTransportError({ code: "BAD_USER_INPUT", message: "the request body is not valid JSON", details: {} }) };
    }
  }
  bodies.set(event, body);
  return body;
}

const toResult = (response: HttpResponse): APIGatewayProxyStructuredResultV2 => ({
  statusCode: response.status,
  headers: response.headers,
  body: response.body,
  isBase64Encoded: false,
});

const v2 = handlers.createAPIGatewayProxyEventV2RequestHandler();
/** The integration's request handler, with the body read as above instead of by its parser. */
const requestHandler: typeof v2 = {
  ...v2,
  fromEvent: (event) => {
    const body = readBody(event);
    return { ...v2.fromEvent({ ...event, body: undefined }), body: body.ok ? body.value : undefined };
  },
};

const apollo = createGraphqlServer({ logger });
// Apollo GraphOS reporting and federated tracing are not used (and not bundled: infra/build.ts).
for (const plugin of [ApolloServerPluginUsageReportingDisabled(), ApolloServerPluginSchemaReportingDisabled(), ApolloServerPluginInlineTraceDisabled()]) {
  apollo.addPlugin(plugin);
}

export const handler = startServerAndCreateLambdaHandler(apollo, requestHandler, {
  context: async ({ event }) => createContext(service, header(event, "authorization")),
  middleware: [
    async (event) => {
      const body = readBody(event);
      if (!body.ok) return toResult(body.response);
      return async (result) => {
        // As the local server answers: no cache may keep an answer (they carry seat views).
        result.headers = { "cache-control": "no-store", ...result.headers };
      };
    },
  ],
});
