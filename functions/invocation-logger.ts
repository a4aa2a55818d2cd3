import { createLogger, type Logger, type LogLevel } from "../src/logger.js";

/** The part of Lambda's context read here. */
export interface InvocationContext {
  readonly awsRequestId?: string;
}

export interface InvocationLogger {
  /** Made once per cold start; every line it writes during an invocation carries `requestId`. */
  readonly logger: Logger;
  /** Runs one invocation, with its Lambda request id (`context.awsRequestId`) on every line logged until it ends. */
  run<T>(context: InvocationContext | undefined, invocation: () => Promise<T>): Promise<T>;
}

/**
 * The function's logger. A Lambda execution environment runs one invocation at a time, so the
 * invocation running is the one a line belongs to, wherever in the code it is logged: the request
 * id rides on every line without being handed down to it.
 */
export function invocationLogger(level: LogLevel): InvocationLogger {
  let requestId: string | undefined;
  const logger = createLogger(level, undefined, { mixin: () => (requestId === undefined ? {} : { requestId }) });
  return {
    logger,
    async run(context, invocation) {
      requestId = context?.awsRequestId;
      try {
        return await invocation();
      } finally {
        requestId = undefined;
      }
    },
  };
}
