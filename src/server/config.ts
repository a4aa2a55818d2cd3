import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { isLogLevel, type LogLevel } from "../logger.js";
import type { ServerOptions } from "./app.js";
import { isGatewayMode, LAMBDA_NEEDS_EMBEDDED_STORE } from "./gateway-mode.js";
import { DEFAULT_RATE_LIMITS, type RateLimits } from "./rate-limiter.js";
import { chooseStore, isStoreKind, LEVEL_STORE_DIR } from "./store-kind.js";
import type { BucketSpec } from "./token-bucket.js";

/** A rate limit is written `<rate>/<unit>,<burst>`. */
const UNIT_SECONDS = { s: 1, min: 60, h: 3600 } as const;
type Unit = keyof typeof UNIT_SECONDS;

const formatLimit = (spec: BucketSpec, unit: Unit): string => `${Number((spec.perSecond * UNIT_SECONDS[unit]).toPrecision(6))}/${unit},${spec.burst}`;

export const USAGE = `usage: npm start -- [options]   (or: tsx src/server/main.ts [options])

options:
  --port <n>          port to listen on (env PORT, default 4000; 0 = any free port)
  --host <addr>       address to bind (env HOST, default 127.0.0.1)
  --store <kind>      where matches are kept (env TABULA_STORE): level (default; a LevelDB in
                      <data dir>/${LEVEL_STORE_DIR}, written directly) or dynamodb (the embedded
                      DynamoDB-compatible store, dynalite, in <data dir>; or DYNAMODB_ENDPOINT)
  --memory            keep the store in memory: nothing survives a restart
  --data-dir <dir>    where the store keeps its files (env TABULA_DATA_DIR, default .data)
  --table <name>      DynamoDB table (env TABLE_NAME, default tabula; created when missing)
  --gateway <mode>    how WebSocket subscriptions are served: direct (default; graphql-ws in this
                      process) or lambda (a local API Gateway + DynamoDB stream feeder running the
                      deployed Lambda handlers; runs on --store dynamodb, which it chooses)
  --rate-limits <on|off>
                      per-client limits on commands and new matches over HTTP (env
                      TABULA_RATE_LIMITS, default on); each limit is <rate>/<s|min|h>,<burst>
  --command-limit <limit>
                      commands per seat token (env TABULA_COMMAND_LIMIT, default ${formatLimit(DEFAULT_RATE_LIMITS.commandsPerToken, "s")})
  --ip-command-limit <limit>
                      commands per client address, all its tokens together
                      (env TABULA_IP_COMMAND_LIMIT, default ${formatLimit(DEFAULT_RATE_LIMITS.commandsPerIp, "s")})
  --match-limit <limit>
                      new matches per client address (env TABULA_MATCH_LIMIT, default ${formatLimit(DEFAULT_RATE_LIMITS.matchesPerIp, "min")})
  --frame-ancestors <sources>
                      who may put the embed pages (/embed/{matchId}) in a frame: CSP
                      frame-ancestors sources, e.g. "'self' https://forum.example" (env
                      TABULA_FRAME_ANCESTORS, default * = any site)
  --bot-think-ms <ms> how long a bot waits before it acts, so a person can follow (env
                      TABULA_BOT_THINK_MS, default 1000; 0 = at once)
  --test-clock        a clock clients may move forward, to try timeouts without waiting
                      (env TABULA_TEST_CLOCK=1): GET /test/clock tells the time, POST
                      /test/clock {"advanceMinutes": n} moves it on; for local testing only
  -h, --help          show this help

environment:
  DYNAMODB_ENDPOINT   keep matches in this DynamoDB(-compatible) endpoint (implies --store dynamodb)
  AWS_REGION          region for DYNAMODB_ENDPOINT (default us-east-1)
  LOG_LEVEL           silent, error, warn (default), info (one line per request) or debug
`;

export type Config = { readonly help: true } | { readonly help: false; readonly options: ServerOptions & { readonly logLevel: LogLevel } };

/** Command-line flags win over environment variables, which win over defaults. Throws on bad input. */
export function configFrom(argv: readonly string[], env: NodeJS.ProcessEnv): Config {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: "string" },
      host: { type: "string" },
      store: { type: "string" },
      memory: { type: "boolean" },
      "data-dir": { type: "string" },
      table: { type: "string" },
      gateway: { type: "string" },
      "rate-limits": { type: "string" },
      "command-limit": { type: "string" },
      "ip-command-limit": { type: "string" },
      "match-limit": { type: "string" },
      "test-clock": { type: "boolean" },
      "frame-ancestors": { type: "string" },
      "bot-think-ms": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return { help: true };
  const portText = values.port ?? env.PORT ?? "4000";
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) throw new Error(`invalid port "${portText}"`);
  const logLevel = env.LOG_LEVEL?.toLowerCase() || "warn";
  if (!isLogLevel(logLevel)) throw new Error(`invalid LOG_LEVEL "${env.LOG_LEVEL}"`);
  const gateway = values.gateway;
  if (gateway !== undefined && !isGatewayMode(gateway)) throw new Error(`invalid --gateway "${gateway}"; use direct or lambda`);
  if (gateway === "lambda" && env.DYNAMODB_ENDPOINT) throw new Error(LAMBDA_NEEDS_EMBEDDED_STORE);
  const storeText = values.store ?? (env.TABULA_STORE || undefined);
  if (storeText !== undefined && !isStoreKind(storeText)) throw new Error(`invalid --store "${storeText}"; use level or dynamodb`);
  const store = chooseStore({ store: storeText, dynamoEndpoint: env.DYNAMODB_ENDPOINT || undefined, gateway });
  const rateLimits = rateLimitsFrom(values, env);
  const frameAncestors = values["frame-ancestors"] ?? (env.TABULA_FRAME_ANCESTORS || undefined);
  // One header value: a separator or a line break would end the policy or the header early.
  if (frameAncestors !== undefined && !/^[^;,\r\n]+$/.test(frameAncestors)) throw new Error(`invalid --frame-ancestors "${frameAncestors}"; give CSP sources separated by spaces`);
  const thinkText = values["bot-think-ms"] ?? (env.TABULA_BOT_THINK_MS || undefined);
  if (thinkText !== undefined && (!/^\d{1,6}$/.test(thinkText) || Number(thinkText) > 60_000)) throw new Error(`invalid --bot-think-ms "${thinkText}"; give milliseconds from 0 to 60000`);
  return {
    help: false,
    options: {
      port,
      host: values.host ?? (env.HOST || "127.0.0.1"),
      store,
      memory: values.memory ?? false,
      dataDir: resolve(values["data-dir"] ?? (env.TABULA_DATA_DIR || ".data")),
      dynamoEndpoint: env.DYNAMODB_ENDPOINT || undefined,
      region: env.AWS_REGION || env.AWS_DEFAULT_REGION || undefined,
      tableName: values.table ?? (env.TABLE_NAME || "tabula"),
      logLevel,
      ...(gateway ? { gateway } : {}),
      ...(rateLimits ? { rateLimits } : {}),
      ...(values["test-clock"] || env.TABULA_TEST_CLOCK === "1" ? { testClock: true } : {}),
      ...(frameAncestors ? { frameAncestors } : {}),
      ...(thinkText !== undefined ? { bots: { thinkMs: Number(thinkText) } } : {}),
    },
  };
}

/** `20/s,40`: 20 a second sustained, 40 at once. */
function parseLimit(text: string, what: string): BucketSpec {
  const match = /^(\d+(?:\.\d+)?)\/(s|min|h),(\d+)$/.exec(text.trim());
  const rate = Number(match?.[1]);
  const burst = Number(match?.[3]);
  if (!match || !(rate > 0) || !(burst >= 1)) throw new Error(`invalid ${what} "${text}"; write <rate>/<s|min|h>,<burst>, e.g. 20/s,40`);
  return { perSecond: rate / UNIT_SECONDS[match[2] as Unit], burst };
}

function rateLimitsFrom(values: Record<string, string | boolean | undefined>, env: NodeJS.ProcessEnv): RateLimits | undefined {
  const text = (flag: string, variable: string): string | undefined => (values[flag] as string | undefined) ?? (env[variable] || undefined);
  const onOff = text("rate-limits", "TABULA_RATE_LIMITS")?.toLowerCase() ?? "on";
  if (onOff !== "on" && onOff !== "off") throw new Error(`invalid --rate-limits "${onOff}"; use on or off`);
  const limit = (flag: string, variable: string, fallback: BucketSpec): BucketSpec => {
    const given = text(flag, variable);
    return given === undefined ? fallback : parseLimit(given, `--${flag}`);
  };
  // Parsed even when off, so a mistake is reported rather than ignored.
  const limits: RateLimits = {
    commandsPerToken: limit("command-limit", "TABULA_COMMAND_LIMIT", DEFAULT_RATE_LIMITS.commandsPerToken),
    commandsPerIp: limit("ip-command-limit", "TABULA_IP_COMMAND_LIMIT", DEFAULT_RATE_LIMITS.commandsPerIp),
    matchesPerIp: limit("match-limit", "TABULA_MATCH_LIMIT", DEFAULT_RATE_LIMITS.matchesPerIp),
  };
  return onOff === "on" ? limits : undefined;
}

/** How subscriptions are served, for the start-up line. */
export function describeGateway(options: ServerOptions, managementEndpoint?: string): string {
  return options.gateway === "lambda"
    ? `live updates: local API Gateway + stream feeder running the Lambda handlers (management API ${managementEndpoint ?? "on a loopback port"})`
    : "live updates: direct (graphql-ws in this process)";
}

/** Where the matches live, for the start-up line. */
export function describeStore(options: ServerOptions): string {
  if (options.dynamoEndpoint) return `DynamoDB at ${options.dynamoEndpoint}`;
  const dataDir = options.dataDir ?? ".data";
  if (chooseStore(options) === "level") return options.memory ? "Level store in memory" : `Level store in ${join(dataDir, LEVEL_STORE_DIR)}`;
  const where = options.memory ? "in memory" : `in ${dataDir}`;
  // Lambda mode chooses it by itself: say so, since its matches are not the Level store's.
  return `embedded DynamoDB store (dynalite) ${where}${options.gateway === "lambda" ? ", which --gateway=lambda runs on (apart from the Level store)" : ""}`;
}
