import { type DestinationStream, type Logger as Pino, pino } from "pino";
import type { LogLevel } from "./log-levels.js";

export { isLogLevel, LOG_LEVELS, type LogLevel } from "./log-levels.js";

/**
 * One JSON object per line (pino's), to stderr: on Lambda, CloudWatch Logs Insights reads the
 * fields of each line as they are (`filter operation = "submitMove" | stats avg(latencyMs)`);
 * locally `jq` does. Quiet by default (LOG_LEVEL=warn: errors and warnings), `info` adds a line per
 * request, `debug` what the transports refuse; `silent` for tests.
 *
 * A line: `{"level":"info","time":"2025-01-01T12:00:00.000Z","msg":"GET /api/matches/m1 200",
 * "requestId":"…","operation":"getMatch","matchId":"m1","latencyMs":3,…}`; an error's line carries
 * it as `err` (`type`, `message`, `stack`).
 */

/** What a line says besides its message: `requestId`, `matchId`, `operation`, `latencyMs`, ... */
export type LogFields = Readonly<Record<string, unknown>>;

export interface Logger {
  error(message: string, error?: unknown, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  debug(message: string, fields?: LogFields): void;
  /** This logger, with `fields` on every line it writes (a request's id). */
  child(fields: LogFields): Logger;
  /** Whether a line at `level` is written, so that work done only for that line can be skipped. */
  isEnabled(level: Exclude<LogLevel, "silent">): boolean;
}

export interface LoggerOptions {
  /** Fields computed for every line as it is written (on Lambda: the invocation's request id). */
  readonly mixin?: () => LogFields;
}

/**
 * A logger at `level`. Lines go to stderr, written synchronously (a Lambda container may be
 * frozen right after it answers, and a crash must not lose the line that says why); `write`, if
 * given, receives each line instead, without its newline (tests).
 */
export function createLogger(level: LogLevel = "warn", write?: (line: string) => void, options: LoggerOptions = {}): Logger {
  const destination: DestinationStream = write
    ? { write: (line: string) => write(line.endsWith("\n") ? line.slice(0, -1) : line) }
    : pino.destination({ dest: 2, sync: true });
  const logger = pino(
    {
      level,
      // No pid or hostname: on Lambda they say nothing, and locally there is one process.
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      ...(options.mixin ? { mixin: options.mixin } : {}),
    },
    destination,
  );
  return wrap(logger);
}

function wrap(logger: Pino): Logger {
  return {
    error: (message, error, fields) => logger.error(error === undefined ? { ...fields } : { ...fields, err: error }, message),
    warn: (message, fields) => (fields ? logger.warn(fields, message) : logger.warn(message)),
    info: (message, fields) => (fields ? logger.info(fields, message) : logger.info(message)),
    debug: (message, fields) => (fields ? logger.debug(fields, message) : logger.debug(message)),
    child: (fields) => wrap(logger.child(fields)),
    isEnabled: (level) => logger.isLevelEnabled(level),
  };
}

export const silentLogger: Logger = createLogger("silent");

/**
 * For the code that was handed no logger (tests, tools; the server and the Lambda handlers
 * always hand theirs): warnings and errors to stderr, as the default LOG_LEVEL has them.
 */
export const defaultLogger: Logger = createLogger("warn");
