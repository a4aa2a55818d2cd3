/**
 * What a transport needs to serve the API: the local server (src/server) and, later, the
 * Lambda handlers (functions/) translate their requests to `HttpRequest` and call these.
 */
export { CORS_HEADERS, preflightResponse } from "./cors.js";
export { createGraphqlServer, type GraphqlServerOptions } from "./graphql/server.js";
export { handleGraphqlHttp } from "./graphql/http.js";
export { createContext, type GraphqlContext } from "./graphql/context.js";
export type { HttpRequest, HttpResponse } from "./http.js";
export { LIMITS } from "./limits.js";
export { createLogger, type Logger, type LogLevel, silentLogger } from "../logger.js";
export { createRestHandler, type RestDeps } from "./rest/handle-rest.js";
export { openApiDocument } from "./rest/openapi.js";
export { typeDefs } from "./schema.js";
