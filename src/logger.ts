/** A minimal leveled logger; quiet by default (LOG_LEVEL=warn), `silent` for tests. */
export const LOG_LEVELS = ["silent", "error", "warn", "info", "debug"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Logger {
  error(message: string, error?: unknown): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
}

export const isLogLevel = (value: string): value is LogLevel => (LOG_LEVELS as readonly string[]).includes(value);

export function createLogger(level: LogLevel = "warn", write: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Logger {
  const rank = LOG_LEVELS.indexOf(level);
  const at = (needed: LogLevel, message: string) => {
    if (rank >= LOG_LEVELS.indexOf(needed)) write(`${new Date().toISOString()} ${needed.toUpperCase()} ${message}`);
  };
  return {
    error: (message, error) => at("error", error === undefined ? message : `${message}: ${describe(error)}`),
    warn: (message) => at("warn", message),
    info: (message) => at("info", message),
    debug: (message) => at("debug", message),
  };
}

const describe = (error: unknown): string => (error instanceof Error ? (error.stack ?? error.message) : String(error));

export const silentLogger: Logger = createLogger("silent");
