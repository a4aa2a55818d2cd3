import { RetentionDays } from "aws-cdk-lib/aws-logs";
import { isLogLevel, type LogLevel } from "../src/logger.js";

/** Requests per second over time, and the burst allowed on top: API Gateway's token bucket, per route. */
export interface Throttle {
  readonly rateLimit: number;
  readonly burstLimit: number;
}

/**
 * What one route accepts before API Gateway answers 429 itself, without invoking a function: a
 * flood costs neither Lambda time nor DynamoDB units, and cannot use up the account's Lambda
 * concurrency that the other routes need. Hundreds of matches at once stay far below them (a
 * command is one request, a player sends a few a minute; a live client sends a message or two
 * per subscription). API Gateway's own account quota per region (10,000 requests per second,
 * burst 5,000 by default) caps whatever is set here.
 */
export const DEFAULT_HTTP_THROTTLE: Throttle = { rateLimit: 100, burstLimit: 200 };
export const DEFAULT_WEBSOCKET_THROTTLE: Throttle = { rateLimit: 100, burstLimit: 200 };

/**
 * Who provides the CloudWatch role API Gateway needs, in each account and region, before a
 * WebSocket stage may write access logs (HTTP APIs need none): `create` sets it to a role of this
 * stack's (an account-wide setting; the role and the setting stay on `cdk destroy`), `existing`
 * uses the one the account already has, `off` turns the WebSocket access logs off.
 */
export const API_GATEWAY_LOG_ROLES = ["create", "existing", "off"] as const;
export type ApiGatewayLogRole = (typeof API_GATEWAY_LOG_ROLES)[number];

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
  /** Days CloudWatch keeps the functions' logs and the APIs' access logs. */
  readonly logRetention: RetentionDays;
  readonly httpThrottle: Throttle;
  readonly webSocketThrottle: Throttle;
  readonly apiGatewayLogRole: ApiGatewayLogRole;
  /** CSP `frame-ancestors` of the embed pages: who may frame them. */
  readonly frameAncestors: string;
  /** How long a bot waits before it acts, in ms (docs/bots.md). */
  readonly botThinkMs: number;
}

export type Context = (key: string) => unknown;

const STAGE = /^[A-Za-z][A-Za-z0-9-]{0,39}$/;
/** The retentions CloudWatch Logs accepts, in days (9999: never expire). */
const RETENTIONS = Object.values(RetentionDays).filter((days): days is RetentionDays => typeof days === "number");
function retentionsText(): string {
  return RETENTIONS.filter((days) => days !== RetentionDays.INFINITE).join(", ");
}

/**
 * Every context setting (`-c name=value`, or cdk.json), its default and what it does:
 * `deployConfig` takes its defaults from here, and docs/deploy.md's table is generated from it
 * (`npx tsx schema/sync.ts`). Links are relative to docs/.
 */
export const CONTEXT_SETTINGS = {
  stage: { default: "dev", doc: "names the stack `Tabula-<stage>`, its APIs (`tabula-<stage>`, `tabula-<stage>-live`) and the WebSocket stage (the last part of `WebSocketUrl`): a letter, then letters, digits or hyphens, at most 40; one stack per stage, so `dev` and `prod` can share an account" },
  allowedOrigins: { default: "*", doc: "CORS of the HTTP API: `*`, or comma-separated origins such as `https://play.example.com` (no path, no trailing slash); API Gateway answers the preflights itself" },
  memory: { default: 1024, doc: "MB per function, 128 to 10240 (Lambda's CPU share grows with it; the cost per GB-second does not change)" },
  logLevel: { default: "warn", doc: "the functions' logs: `silent`, `error`, `warn`, `info` or `debug`" },
  sourceMaps: { default: false, doc: "`true` ships the source maps and runs with `--enable-source-maps` for readable stack traces in CloudWatch (the bundles are minified and keep no names of their own), at a cold-start cost within the noise of `npm run bench lambda`" },
  logRetentionDays: { default: 30, doc: `how long CloudWatch keeps the functions' logs and both APIs' access logs, in days: ${retentionsText()}, or 9999 for ever` },
  httpRateLimit: { default: DEFAULT_HTTP_THROTTLE.rateLimit, doc: "requests per second that API Gateway lets through to each HTTP route (`/graphql`, `/api/...`, the embed pages); beyond it (and the burst) it answers 429 itself, without running a function" },
  httpBurstLimit: { default: DEFAULT_HTTP_THROTTLE.burstLimit, doc: "the burst on top of `httpRateLimit`, a whole number of requests" },
  webSocketRateLimit: { default: DEFAULT_WEBSOCKET_THROTTLE.rateLimit, doc: "the same for each WebSocket route: connections (`$connect`) and messages from clients (`$default`); pushes to clients are not routes and do not count" },
  webSocketBurstLimit: { default: DEFAULT_WEBSOCKET_THROTTLE.burstLimit, doc: "the burst on top of `webSocketRateLimit`" },
  apiGatewayLogRole: { default: "create", doc: "the CloudWatch role API Gateway needs before a WebSocket stage may log: `create` (the stack makes it and sets it for the account and region; both stay on destroy), `existing` (the account has one), `off` (no WebSocket access logs)" },
  frameAncestors: { default: "*", doc: "who may frame the embed pages: CSP `frame-ancestors` sources, e.g. `'self' https://forum.example` ([embed.md](embed.md#security))" },
  botThinkMs: { default: 1000, doc: "how long a bot waits before it acts, 0 to 10000 ms ([bots.md](bots.md))" },
} as const satisfies Record<string, { readonly default: string | number | boolean; readonly doc: string }>;

export type ContextSetting = keyof typeof CONTEXT_SETTINGS;

const defaultOf = (key: ContextSetting): string => String(CONTEXT_SETTINGS[key].default);

export function deployConfig(context: Context): DeployConfig {
  const text = (key: string): string | undefined => {
    const value = context(key);
    if (value === undefined || value === null || value === "") return undefined;
    return Array.isArray(value) ? value.join(",") : String(value);
  };

  const stage = text("stage") ?? defaultOf("stage");
  if (!STAGE.test(stage)) throw new Error(`stage "${stage}": use a letter, then letters, digits or hyphens (at most 40)`);

  const allowedOrigins = (text("allowedOrigins") ?? defaultOf("allowedOrigins")).split(",").map((o) => o.trim()).filter(Boolean);
  for (const origin of allowedOrigins) {
    if (origin !== "*" && !/^https?:\/\/[^/\s]+$/.test(origin)) {
      throw new Error(`allowedOrigins: "${origin}" is not an origin such as https://example.com (no path, no trailing slash)`);
    }
  }
  if (allowedOrigins.length === 0) throw new Error("allowedOrigins is empty: give * or a comma-separated list of origins");

  const memorySize = Number(text("memory") ?? defaultOf("memory"));
  if (!Number.isInteger(memorySize) || memorySize < 128 || memorySize > 10240) {
    throw new Error(`memory ${text("memory")}: MB between 128 and 10240`);
  }

  const logLevel = text("logLevel") ?? defaultOf("logLevel");
  if (!isLogLevel(logLevel)) throw new Error(`logLevel "${logLevel}": one of silent, error, warn, info, debug`);

  const sourceMaps = text("sourceMaps") ?? defaultOf("sourceMaps");
  if (sourceMaps !== "true" && sourceMaps !== "false") throw new Error(`sourceMaps "${sourceMaps}": true or false`);

  const logRetention = Number(text("logRetentionDays") ?? defaultOf("logRetentionDays"));
  if (!RETENTIONS.includes(logRetention)) {
    throw new Error(`logRetentionDays ${text("logRetentionDays")}: one of ${RETENTIONS.join(", ")} (9999: never expire)`);
  }

  const throttle = (prefix: "http" | "webSocket"): Throttle => {
    const rateLimit = Number(text(`${prefix}RateLimit`) ?? defaultOf(`${prefix}RateLimit`));
    if (!Number.isFinite(rateLimit) || rateLimit <= 0) throw new Error(`${prefix}RateLimit ${text(`${prefix}RateLimit`)}: requests per second, more than 0`);
    const burstLimit = Number(text(`${prefix}BurstLimit`) ?? defaultOf(`${prefix}BurstLimit`));
    if (!Number.isInteger(burstLimit) || burstLimit < 1) throw new Error(`${prefix}BurstLimit ${text(`${prefix}BurstLimit`)}: a whole number of requests, at least 1`);
    return { rateLimit, burstLimit };
  };

  const apiGatewayLogRole = text("apiGatewayLogRole") ?? defaultOf("apiGatewayLogRole");
  if (!(API_GATEWAY_LOG_ROLES as readonly string[]).includes(apiGatewayLogRole)) {
    throw new Error(`apiGatewayLogRole "${apiGatewayLogRole}": one of ${API_GATEWAY_LOG_ROLES.join(", ")}`);
  }

  const frameAncestors = text("frameAncestors") ?? defaultOf("frameAncestors");
  if (!/^[^;,\r\n]+$/.test(frameAncestors)) throw new Error(`frameAncestors "${frameAncestors}": CSP sources separated by spaces, e.g. "'self' https://forum.example"`);

  const botThinkMs = Number(text("botThinkMs") ?? defaultOf("botThinkMs"));
  if (!Number.isInteger(botThinkMs) || botThinkMs < 0 || botThinkMs > 10_000) throw new Error(`botThinkMs ${text("botThinkMs")}: milliseconds from 0 to 10000`);

  return {
    stage,
    allowedOrigins,
    memorySize,
    logLevel,
    sourceMaps: sourceMaps === "true",
    logRetention,
    httpThrottle: throttle("http"),
    webSocketThrottle: throttle("webSocket"),
    apiGatewayLogRole: apiGatewayLogRole as ApiGatewayLogRole,
    frameAncestors,
    botThinkMs,
  };
}
