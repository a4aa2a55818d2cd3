import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginSchemaReportingDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from "@apollo/server/plugin/disabled";
import { LIMITS } from "../limits.js";
import type { Logger } from "../../logger.js";
import { silentLogger } from "../../logger.js";
import type { ComplexityLimits } from "./complexity-rule.js";
import type { GraphqlContext } from "./context.js";
import { createFormatError, logInternal, publicError } from "./format-error.js";
import { rateLimitPlugin } from "./rate-limit-plugin.js";
import { executableSchema } from "./executable-schema.js";
import { validationRules } from "./validation-rules.js";

export interface GraphqlServerOptions {
  readonly logger?: Logger;
  readonly limits?: ComplexityLimits;
}

/**
 * The Apollo server of the API, which the local HTTP server and the Lambda handler both serve
 * through `handleGraphqlHttp`. The caller starts it: `await server.start()` (or
 * `startInBackgroundHandlingStartupErrorsByLoggingAndFailingAllRequests()` on Lambda).
 */
/** Logs each internal error of a request once, with the request's id (the client sees only INTERNAL_SERVER_ERROR). */
const internalErrorLog = (logger: Logger): ApolloServerPlugin<GraphqlContext> => ({
  requestDidStart: async ({ contextValue }) => ({
    didEncounterErrors: async ({ errors }) => {
      for (const error of errors) {
        const formatted = error.toJSON();
        if (!publicError(formatted, error)) logInternal(logger, formatted, error, contextValue.requestId ? { requestId: contextValue.requestId } : undefined);
      }
    },
  }),
});

export function createGraphqlServer(options: GraphqlServerOptions = {}): ApolloServer<GraphqlContext> {
  const logger = options.logger ?? silentLogger;
  return new ApolloServer<GraphqlContext>({
    schema: executableSchema(),
    formatError: createFormatError(null),
    // Only HTTP is served here: subscriptions are the WebSocket transports' (executable-schema.ts).
    validationRules: validationRules(options.limits),
    // The parser recurses into nested literals: a token budget stops a document built to exhaust
    // the stack before parsing starts, with a clear message (the introspection query has ~700).
    parseOptions: { maxTokens: LIMITS.maxQueryTokens },
    // An open API: clients and code generators may read the schema; the limits still apply.
    introspection: true,
    includeStacktraceInErrorResponses: false,
    // Variables of the wrong type are HTTP 400 (BAD_USER_INPUT). Apollo 5 does this by default and
    // warns when `status400ForVariableCoercionErrors: true` is still passed, so it is left out.
    // One operation per request keeps the limits per request meaningful.
    allowBatchedHttpRequests: false,
    // Browsers may only send "simple" requests cross-site without a preflight; requiring
    // `content-type: application/json` (or a custom header on GET) blocks those.
    csrfPrevention: true,
    persistedQueries: false,
    // The process owner (src/server/main.ts, Lambda) decides when to stop, not Apollo.
    stopOnTerminationSignals: false,
    plugins: [
      // The default landing page embeds Apollo Sandbox from a CDN; docs/api.md is the reference.
      ApolloServerPluginLandingPageDisabled(),
      // Apollo GraphOS reporting and federated tracing are not used, so an APOLLO_KEY in the
      // environment changes nothing (and the Lambda bundles leave them out: infra/build.ts).
      ApolloServerPluginUsageReportingDisabled(),
      ApolloServerPluginSchemaReportingDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
      // No cache hints: the schema has none and every answer is `no-store` (http.ts), which is all
      // Apollo's cache-control plugin would conclude, after a hook on every field it resolves.
      ApolloServerPluginCacheControlDisabled(),
      // Limits apply only where the transport plugs a limiter into the context (handleGraphqlHttp).
      rateLimitPlugin,
      internalErrorLog(logger),
    ],
    logger: {
      debug: (message) => logger.debug(String(message)),
      info: (message) => logger.info(String(message)),
      warn: (message) => logger.warn(String(message)),
      error: (message) => logger.error(String(message)),
    },
  });
}
