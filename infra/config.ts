import { isLogLevel, type LogLevel } from "../src/api/logger.js";

/**
 * The deploy-time settings, from CDK context (`-c stage=prod -c allowedOrigins=https://a.example`
 * or cdk.json). Checked here so a typo fails `cdk synth`, not the deployed stack.
 */
export interface DeployConfig {
  readonly stage: string;
  readonly allowedOrigins: readonly string[];
  readonly memorySize: number;
  readonly logLevel: LogLevel;
  readonly sourceMaps: boolean;
}

export type Context = (key: string) => unknown;

const STAGE = /^[A-Za-z][A-Za-z0-9-]{0,39}$/;

export function deployConfig(context: Context): DeployConfig {
  const text = (key: string): string | undefined => {
    const value = context(key);
    if (value === undefined || value === null || value === "") return undefined;
    return Array.isArray(value) ? value.join(",") : String(value);
  };

  const stage = text("stage") ?? "dev";
  if (!STAGE.test(stage)) throw new Error(`stage "${stage}": use a letter, then letters, digits or hyphens (at most 40)`);

  const allowedOrigins = (text("allowedOrigins") ?? "*").split(",").map((o) => o.trim()).filter(Boolean);
  for (const origin of allowedOrigins) {
    if (origin !== "*" && !/^https?:\/\/[^/\s]+$/.test(origin)) {
      throw new Error(`allowedOrigins: "${origin}" is not an origin such as https://example.com (no path, no trailing slash)`);
    }
  }
  if (allowedOrigins.length === 0) throw new Error("allowedOrigins is empty: give * or a comma-separated list of origins");

  const memorySize = Number(text("memory") ?? 1024);
  if (!Number.isInteger(memorySize) || memorySize < 128 || memorySize > 10240) {
    throw new Error(`memory ${text("memory")}: MB between 128 and 10240`);
  }

  const logLevel = text("logLevel") ?? "warn";
  if (!isLogLevel(logLevel)) throw new Error(`logLevel "${logLevel}": one of silent, error, warn, info, debug`);

  const sourceMaps = text("sourceMaps") ?? "false";
  if (sourceMaps !== "true" && sourceMaps !== "false") throw new Error(`sourceMaps "${sourceMaps}": true or false`);

  return { stage, allowedOrigins, memorySize, logLevel, sourceMaps: sourceMaps === "true" };
}
