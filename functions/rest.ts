import { restRequestFields } from "../src/api/request-fields.js";
import { createRestHandler } from "../src/api/rest/handle-rest.js";
import { functionConfig } from "./config.js";
import { httpHandler } from "./http-event.js";
import { serviceRuntime } from "./service-runtime.js";

/** `ANY /api/{proxy+}` of the HTTP API: the REST routes of src/api, as the local server runs them. */
const { service, logger, invocation } = serviceRuntime(functionConfig(), { webhooks: true });

export const handler = httpHandler(createRestHandler({ service, logger }), { logger, run: invocation }, restRequestFields);
