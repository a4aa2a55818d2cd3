/**
 * The levels of LOG_LEVEL, quietest first: `silent`, `error`, `warn` (the default), `info` (a line
 * per request), `debug`. Apart from the logger (logger.ts), so that reading a configuration does
 * not load pino: the connection functions validate their environment and log nothing.
 */
export const LOG_LEVELS = ["silent", "error", "warn", "info", "debug"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const isLogLevel = (value: string): value is LogLevel => (LOG_LEVELS as readonly string[]).includes(value);
