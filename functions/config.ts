// zod/mini itself rather than src/zod.ts, which adds English messages: every check here says what
// it wants, so the connection functions, which validate nothing else, stay small.
import * as z from "zod/mini";
import { LOG_LEVELS, type LogLevel } from "../src/log-levels.js";
import type { EmbedDeployment } from "../src/api/embed/deployment.js";
import type { DynamoConfig } from "../src/store/dynamo/client.js";
import { DEPLOYED_POLICY, LOCAL_POLICY, type TargetPolicy } from "../src/webhooks/target-policy.js";
import { describeIssues } from "../src/input-issues.js";

/**
 * The environment of every function, read once per cold start (the stack sets it: infra/stack.ts).
 * A variable that is missing or malformed stops the cold start with one error naming it, rather
 * than a first request that fails somewhere further down.
 */

// An empty value counts as unset; a log level in any case is one. (zod/mini has no messages of
// its own: each check says what it wants.)
const unsetIfEmpty = z.transform((value: unknown) => (value === "" ? undefined : value));
const lowercase = z.transform((value: unknown) => (typeof value === "string" ? value.toLowerCase() : value));

const NOT_A_COUNT = "must be a whole number of matches (0 turns the cache off)";
const DEFAULT_CACHE_MATCHES = 500;

const functionEnv = z.object({
  TABLE_NAME: z.string("must be set").check(z.minLength(1, "must be set")),
  /** Only to point at a local store (tests, the bench); unset on AWS. */
  DYNAMODB_ENDPOINT: z.pipe(unsetIfEmpty, z.optional(z.url("must be a URL"))),
  /** Lambda sets it. */
  AWS_REGION: z.pipe(unsetIfEmpty, z.optional(z.string())),
  LOG_LEVEL: z.pipe(unsetIfEmpty, z._default(z.pipe(lowercase, z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(", ")}`)), "warn")),
  /**
   * Matches a warm container keeps in memory (service-runtime.ts), default 500; 0 turns the cache
   * off, so every command reads its match first (the bench's baseline: `npm run bench lambda-warm`).
   */
  CACHE_MATCHES: z.pipe(unsetIfEmpty, z._default(z.pipe(z.string().check(z.regex(/^\d{1,9}$/, NOT_A_COUNT)), z.transform((digits: string) => Number(digits))), DEFAULT_CACHE_MATCHES)),
  /**
   * Tests and local runs only, never set by the stack: `1` lets webhooks go to http and loopback
   * receivers (LOCAL_POLICY), as a test's receiver on 127.0.0.1 is; unset or `0`, the deployed
   * rules (DEPLOYED_POLICY: https to public addresses only).
   */
  WEBHOOK_ALLOW_LOOPBACK: z.pipe(unsetIfEmpty, z._default(z.enum(["0", "1"], "must be 1 (tests only) or 0"), "0")),
});

/** The WebSocket and stream functions also answer clients, through API Gateway's management API. */
const liveFunctionEnv = z.extend(functionEnv, {
  /** `https://{api-id}.execute-api.{region}.amazonaws.com/{stage}` */
  WEBSOCKET_MANAGEMENT_ENDPOINT: z.url("must be the URL of the WebSocket API's stage"),
});

/** The embed page's function also says who may frame it and where its live updates come from. */
const embedFunctionEnv = z.extend(functionEnv, {
  /** CSP `frame-ancestors`, e.g. `'self' https://forum.example`; default `*` (any site). */
  FRAME_ANCESTORS: z.pipe(unsetIfEmpty, z._default(z.string().check(z.regex(/^[^;,\r\n]+$/, "must be CSP sources separated by spaces")), "*")),
  /** `wss://{api-id}.execute-api.{region}.amazonaws.com/{stage}`: the WebSocket API the page subscribes to. */
  WEBSOCKET_URL: z.pipe(unsetIfEmpty, z.optional(z.url("must be the URL of the WebSocket API's stage"))),
  /** The API's public origin for oEmbed's absolute links, when a custom domain fronts it; default: the request's Host. */
  PUBLIC_URL: z.pipe(unsetIfEmpty, z.optional(z.url("must be a URL"))),
});

/** The bots' function also says how long a bot thinks before it acts. */
const botFunctionEnv = z.extend(functionEnv, {
  /** Milliseconds, default 1000 (BOT_THINK_MS); at most 10 s, well within the function's timeout. */
  BOT_THINK_MS: z.pipe(unsetIfEmpty, z._default(z.pipe(z.string().check(z.regex(/^(\d{1,4}|10000)$/, "must be milliseconds from 0 to 10000")), z.transform((digits: string) => Number(digits))), 1000)),
});

export interface FunctionConfig {
  readonly tableName: string;
  readonly dynamo: DynamoConfig;
  readonly logLevel: LogLevel;
  /** Matches the container's cache holds; 0: no cache. */
  readonly cacheMatches: number;
  /** Where webhooks may go: DEPLOYED_POLICY unless WEBHOOK_ALLOW_LOOPBACK=1 (tests). */
  readonly webhookPolicy: TargetPolicy;
}

export interface LiveFunctionConfig extends FunctionConfig {
  readonly managementEndpoint: string;
}

function parse<S extends z.ZodMiniType>(schema: S, env: NodeJS.ProcessEnv): z.infer<S> {
  const parsed = z.safeParse(schema, env);
  if (!parsed.success) throw new Error(describeIssues(parsed.error, "invalid function configuration").message);
  return parsed.data;
}

const toConfig = (env: z.infer<typeof functionEnv>): FunctionConfig => ({
  tableName: env.TABLE_NAME,
  dynamo: { endpoint: env.DYNAMODB_ENDPOINT, region: env.AWS_REGION },
  logLevel: env.LOG_LEVEL,
  cacheMatches: env.CACHE_MATCHES,
  webhookPolicy: env.WEBHOOK_ALLOW_LOOPBACK === "1" ? LOCAL_POLICY : DEPLOYED_POLICY,
});

export const functionConfig = (env: NodeJS.ProcessEnv = process.env): FunctionConfig => toConfig(parse(functionEnv, env));

export function liveFunctionConfig(env: NodeJS.ProcessEnv = process.env): LiveFunctionConfig {
  const parsed = parse(liveFunctionEnv, env);
  return { ...toConfig(parsed), managementEndpoint: parsed.WEBSOCKET_MANAGEMENT_ENDPOINT };
}

export interface EmbedFunctionConfig extends FunctionConfig {
  readonly deployment: EmbedDeployment;
}

export function embedFunctionConfig(env: NodeJS.ProcessEnv = process.env): EmbedFunctionConfig {
  const parsed = parse(embedFunctionEnv, env);
  return { ...toConfig(parsed), deployment: { frameAncestors: parsed.FRAME_ANCESTORS, websocketUrl: parsed.WEBSOCKET_URL, publicUrl: parsed.PUBLIC_URL } };
}

export interface BotFunctionConfig extends FunctionConfig {
  readonly botThinkMs: number;
}

export function botFunctionConfig(env: NodeJS.ProcessEnv = process.env): BotFunctionConfig {
  const parsed = parse(botFunctionEnv, env);
  return { ...toConfig(parsed), botThinkMs: parsed.BOT_THINK_MS };
}
