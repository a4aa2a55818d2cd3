import { handleGraphqlHttp } from "../src/api/graphql/http.js";
import { graphqlRequestFields } from "../src/api/graphql/request-fields.js";
import { createGraphqlServer } from "../src/api/graphql/server.js";
import { functionConfig } from "./config.js";
import { httpHandler } from "./http-event.js";
import { serviceRuntime } from "./service-runtime.js";

/** `ANY /graphql` of the HTTP API: Apollo through `handleGraphqlHttp`, as the local server runs it. */
const { service, logger, invocation } = serviceRuntime(functionConfig(), { webhooks: true });
const apollo = createGraphqlServer({ logger });
// The first request waits for the start; a schema that fails to start fails every request, logged.
apollo.startInBackgroundHandlingStartupErrorsByLoggingAndFailingAllRequests();

export const handler = httpHandler((request) => handleGraphqlHttp(apollo, service, request), { logger, run: invocation }, graphqlRequestFields);
