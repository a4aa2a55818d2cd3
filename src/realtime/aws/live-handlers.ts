import type { ExecutionResult, FormattedExecutionResult } from "graphql";
import { executableSchema } from "../../api/graphql/executable-schema.js";
import { createFormatError } from "../../api/graphql/format-error.js";
import type { RateLimiter } from "../../api/rate-limit.js";
import type { SubscriptionCaps } from "../../api/subscription-caps.js";
import type { Logger } from "../../logger.js";
import type { TabulaService } from "../../api/service.js";
import type { ConnectionStore } from "../../store/dynamo/connection-store.js";
import type { EventStore } from "../../store/event-store.js";
import type { Post } from "./delivery-deps.js";
import { updateExecutor } from "./execute-update.js";
import { type BatchResponse, type FanOutDeps, handleStreamBatch, type StreamBatch } from "./fan-out.js";
import { RecentStates } from "./recent-states.js";
import { ConnectionCache } from "./connection-cache.js";
import { onConnect, onDisconnect, type WebSocketEvent } from "./connection-routes.js";
import { onMessage } from "./gateway-routes.js";

export interface LiveHandlerDeps {
  readonly service: TabulaService;
  readonly store: EventStore;
  readonly connections: ConnectionStore;
  readonly post: Post;
  readonly logger: Logger;
  /** The local server's rate limiter, for commands sent over a connection; none on AWS. */
  readonly rateLimiter?: RateLimiter | undefined;
  /** Live subscriptions allowed per connection and per client address (default SUBSCRIPTION_CAPS). */
  readonly subscriptionCaps?: SubscriptionCaps | undefined;
  /** The clock of the connection cache (tests move it past CONNECTION_CACHE_MS). */
  readonly nowMs?: () => number;
  /** The stream handler; `bench/suites/live.ts` passes the earlier one as its baseline. */
  readonly fanOut?: (deps: FanOutDeps, batch: StreamBatch) => Promise<BatchResponse>;
}

/**
 * The four functions of the API Gateway path, built over one set of dependencies: the Lambda
 * entry points (functions/) and the local gateway both call these, so the code under test is
 * the code that is deployed.
 */
export function createLiveHandlers(deps: LiveHandlerDeps) {
  const formatError = createFormatError(deps.logger);
  const formatErrors = (result: ExecutionResult): FormattedExecutionResult =>
    result.errors ? { ...result, errors: result.errors.map((e) => formatError(e.toJSON(), e)) } : (result as FormattedExecutionResult);
  // The schema is built when an event needs it: the commonest first events of a cold start, a
  // connection_init or a commit that nobody follows, do not.
  const routeDeps = {
    ...deps,
    get schema() {
      return executableSchema();
    },
    formatError,
    formatErrors,
    execute: updateExecutor(executableSchema, deps.service, formatErrors),
    states: new RecentStates(),
    connectionCache: new ConnectionCache(deps.connections, deps.nowMs),
  };
  return {
    connect: (event: WebSocketEvent) => onConnect(routeDeps, event),
    disconnect: (event: WebSocketEvent) => onDisconnect(routeDeps, event),
    message: (event: WebSocketEvent) => onMessage(routeDeps, event),
    stream: (batch: StreamBatch) => (deps.fanOut ?? handleStreamBatch)(routeDeps, batch),
  };
}
export type LiveHandlers = ReturnType<typeof createLiveHandlers>;
