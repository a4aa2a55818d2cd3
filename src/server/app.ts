import { randomBytes as cryptoRandomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { AddressInfo } from "node:net";
import { CORS_HEADERS, preflightResponse } from "../api/cors.js";
import { graphqlTransportError, restError, toPublicError } from "../api/errors.js";
import { createGraphqlServer } from "../api/graphql/server.js";
import { handleGraphqlHttp } from "../api/graphql/http.js";
import { type HttpRequest, type HttpResponse, jsonResponse } from "../api/http.js";
import { BODY_LIMIT_BYTES, bodyTooLarge } from "../api/body-limit.js";
import { graphqlRequestFields } from "../api/graphql/request-fields.js";
import { createLogger, type Logger, type LogLevel } from "../logger.js";
import { TEST_CLOCK_PATH, TestClock } from "./test-clock.js";
import { elapsedMs, type RequestFields, restRequestFields } from "../api/request-fields.js";
import type { EmbedAssets } from "../api/embed/assets.js";
import { buildEmbedAssets } from "../api/embed/build-assets.js";
import { createEmbedHandler, isEmbedPath } from "../api/embed/handle-embed.js";
import { createRestHandler } from "../api/rest/handle-rest.js";
import type { ServiceDeps } from "../service/deps.js";
import { DEFAULT_CACHE_MATCHES, MatchCache } from "../service/match-cache.js";
import { createService, type TabulaService } from "../api/service.js";
import type { EmbeddedStore } from "../store/dynamo/embedded-store.js";
import { attachDirectSubscriptions } from "./live-direct.js";
import type { SubscriptionCaps } from "../api/subscription-caps.js";
import { type GatewayMode, isGatewayMode, LAMBDA_NEEDS_EMBEDDED_STORE } from "./gateway-mode.js";
import { type LocalWebSocketApi, startLocalWebSocketApi } from "../local-aws/websocket-api.js";
import { type LocalStream, startLocalStream } from "../local-aws/stream.js";
import { createLiveHandlers, type LiveHandlerDeps } from "../realtime/aws/live-handlers.js";
import { managementApiPoster } from "../realtime/aws/management-api.js";
import { ConnectionStore } from "../store/dynamo/connection-store.js";
import { CommitHub } from "../realtime/match-updates.js";
import { SSE_PATH, serveLiveSse } from "./sse-live.js";
import { startDeadlineTimer } from "./deadline-timer.js";
import type { SweepReport } from "../service/finish-overdue.js";
import { readBody, toHttpRequest, writeResponse } from "../api/node-http.js";
import { createRateLimiter, type RateLimits } from "./rate-limiter.js";
import { type LocalStore, openLocalStore } from "./local-store.js";
import { chooseStore, type StoreKind } from "./store-kind.js";
import { LOCAL_POLICY, type TargetPolicy } from "../webhooks/target-policy.js";
import { DeliveryWorker } from "../webhooks/worker.js";
import { BotDriver } from "../bots/driver.js";

export interface ServerOptions {
  /** 0 picks a free port (tests). Default 4000. */
  readonly port?: number;
  /** Default 127.0.0.1: reachable from this machine only; set 0.0.0.0 to expose it. */
  readonly host?: string;
  /**
   * Which store keeps the matches (store-kind.ts): `level` (default) or `dynamodb` (the embedded
   * dynalite, or `dynamoEndpoint`; what `gateway: "lambda"` and `dynamoEndpoint` choose).
   */
  readonly store?: StoreKind | undefined;
  /** Keep the store in memory (nothing survives a restart). */
  readonly memory?: boolean;
  /** Where the local stores keep their files; default `.data`. Ignored with `memory` or `dynamoEndpoint`. */
  readonly dataDir?: string;
  /** Use this DynamoDB(-compatible) endpoint instead of an embedded store. */
  readonly dynamoEndpoint?: string | undefined;
  readonly region?: string | undefined;
  /** The DynamoDB table; default `tabula`, created when missing. */
  readonly tableName?: string;
  readonly logger?: Logger;
  readonly logLevel?: LogLevel;
  /** How many recently used matches the service keeps in memory (default DEFAULT_CACHE_MATCHES). */
  readonly cacheMatches?: number;
  /** Test seams; the defaults are the real clock and crypto randomness. */
  readonly now?: ServiceDeps["now"];
  readonly randomBytes?: ServiceDeps["randomBytes"];
  readonly onCommitted?: ServiceDeps["onCommitted"];
  /**
   * A clock that clients may move forward (`POST /test/clock`, test-clock.ts), so that timeouts
   * can be tried without waiting; for local testing only. Ignored when `now` is given.
   */
  readonly testClock?: boolean;
  /** How often the server finishes matches whose deadline has passed, in ms; default 30 s, 0 = never (tests sweep by hand). */
  readonly deadlineSweepMs?: number;
  /**
   * How WebSocket subscriptions are served. `direct` (default): graphql-ws in this process.
   * `lambda`: a local API Gateway and stream feeder run the Lambda route and fan-out handlers,
   * as deployed (needs the embedded DynamoDB store, whose writes feed the stream).
   */
  readonly gateway?: GatewayMode;
  /**
   * Per-client limits on commands and new matches over HTTP (src/server/rate-limiter.ts). None:
   * unlimited, as tests and benchmarks run; `npm start` sets DEFAULT_RATE_LIMITS unless told not to.
   */
  readonly rateLimits?: RateLimits | undefined;
  /** Live subscriptions allowed per WebSocket connection and per client address (default SUBSCRIPTION_CAPS, docs/api.md). */
  readonly subscriptionCaps?: SubscriptionCaps | undefined;
  /** Who may frame the embed page (CSP `frame-ancestors`; default `*`, any site). */
  readonly frameAncestors?: string | undefined;
  /**
   * Webhooks (docs/webhooks.md): where receivers may be (default LOCAL_POLICY: http and loopback
   * allowed, since a local server's receivers are local; DEPLOYED_POLICY allows https to public
   * addresses only), the delays between attempts (default the schedule of retry-schedule.ts;
   * tests pass short ones), one attempt's time limit and the clock warnings' lead.
   */
  readonly webhooks?: {
    readonly policy?: TargetPolicy | undefined;
    readonly retryDelaysMs?: readonly number[] | undefined;
    readonly timeoutMs?: number | undefined;
    /** How long before a deadline `clock.warning` is sent (default an hour). */
    readonly clockWarningLeadMs?: number | undefined;
  };
  /** Bots (docs/bots.md): how long one waits before it acts (default BOT_THINK_MS, a second; tests 0). */
  readonly bots?: { readonly thinkMs?: number | undefined };
  /** In `lambda` mode: the fan-out and the poster, for the bench to run earlier ones (default: today's). */
  readonly lambdaPath?: {
    readonly fanOut?: LiveHandlerDeps["fanOut"];
    readonly poster?: typeof managementApiPoster;
  };
}

export interface RunningServer {
  /** `http://host:port`, without a trailing slash. */
  readonly url: string;
  readonly httpServer: Server;
  readonly service: TabulaService;
  /** The store the matches are kept in. */
  readonly store: StoreKind;
  /** The embedded DynamoDB store when one was started (its `onPut` feeds lambda mode's stream). */
  readonly embedded: EmbeddedStore | null;
  readonly tableName: string;
  readonly gateway: GatewayMode;
  /** In `lambda` mode: the local API Gateway (management endpoint, test seams) and stream feeder. */
  readonly localGateway: LocalWebSocketApi | null;
  readonly localStream: LocalStream | null;
  /** The webhook delivery worker (tests wait for it to be idle). */
  readonly webhooks: DeliveryWorker;
  /** The bots' driver (tests wait for it to be idle). */
  readonly bots: BotDriver;
  /** Finishes the matches whose deadline has passed now (the timer does it every `deadlineSweepMs`). */
  sweepDeadlines(): Promise<SweepReport>;
  /** Stops accepting, lets requests in flight finish (up to a grace period), closes the store. */
  close(): Promise<void>;
}

/** The local sweep of passed deadlines runs this often; a correspondence deadline is days, a live one minutes. */
export const DEADLINE_SWEEP_MS = 30_000;

/** In-flight requests get this long to finish on close before their connections are cut. */
const CLOSE_GRACE_MS = 5_000;

/**
 * How long node:http waits for a client, set here rather than left to node's defaults (60 s for
 * the headers, 300 s for the whole request), which let a slow client hold a connection for
 * minutes. Every request fits in one 64 KiB body, so a client sends its headers within 10 s and
 * the whole request within 30 s; an idle keep-alive connection is closed after 5 s (node's own
 * default, stated). A response held open (SSE, WebSockets after the upgrade) is not a request
 * being received, so none of these cuts it. docs/api.md lists them.
 */
export const HTTP_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  // Node checks the first two only this often (30 s by default): check every second.
  connectionsCheckingInterval: 1_000,
} as const;

/**
 * The local server: GraphQL at /graphql, REST at /api/..., GET /healthz, over one service and
 * one store (the Level store by default; the embedded dynalite, or DYNAMODB_ENDPOINT).
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(options.logLevel ?? "warn");
  const tableName = options.tableName ?? "tabula";
  const gateway = options.gateway ?? "direct";
  if (!isGatewayMode(gateway)) throw new Error(`unknown gateway mode "${gateway}"; use direct or lambda`);
  if (gateway === "lambda" && options.dynamoEndpoint) throw new Error(LAMBDA_NEEDS_EMBEDDED_STORE);
  const kind = chooseStore({ store: options.store, dynamoEndpoint: options.dynamoEndpoint, gateway });
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanup = async () => {
    for (const fn of cleanups.splice(0).reverse()) {
      try {
        await fn();
      } catch (error) {
        logger.error("error while shutting down", error);
      }
    }
  };

  try {
    const local = await openLocalStore({
      kind,
      memory: options.memory ?? false,
      dataDir: options.dataDir ?? ".data",
      dynamoEndpoint: options.dynamoEndpoint,
      region: options.region,
      tableName,
      logger,
    });
    cleanups.push(() => local.close());
    const { stores } = local;
    const { store } = stores;

    // Live updates follow the store: a local one reports every acknowledged commit itself; an
    // external endpoint (DYNAMODB_ENDPOINT) has only this process's own commits to go by.
    const hub = new CommitHub(store);
    if (local.onCommit) cleanups.push(local.onCommit((matchId) => hub.committed(matchId)));
    // With a store of its own this process is the only writer, so the cache is always current.
    const cache = new MatchCache(options.cacheMatches ?? DEFAULT_CACHE_MATCHES, local.exclusive);
    const clock = options.testClock && !options.now ? new TestClock() : null;
    const now = options.now ?? clock?.now ?? (() => new Date());
    // Webhooks follow the store too: every acknowledged commit, whoever made it. The worker signs
    // and schedules by the real clock (a receiver checks the timestamp against its own), whatever
    // clock the matches run on.
    const policy = options.webhooks?.policy ?? LOCAL_POLICY;
    const webhooks = new DeliveryWorker({
      events: store,
      webhooks: stores.webhookStore,
      index: stores.index,
      policy,
      logger,
      retryDelaysMs: options.webhooks?.retryDelaysMs,
      exclusive: local.exclusive,
      clockWarningLeadMs: options.webhooks?.clockWarningLeadMs,
      matchNow: now,
      send: options.webhooks?.timeoutMs === undefined ? undefined : { timeoutMs: options.webhooks.timeoutMs, connectTimeoutMs: options.webhooks.timeoutMs },
    });
    cleanups.push(() => webhooks.close());
    if (local.onCommit) cleanups.push(local.onCommit((matchId) => webhooks.committed(matchId)));
    const service = createService({
      ...stores,
      cache,
      now,
      randomBytes: options.randomBytes ?? cryptoRandomBytes,
      webhooks: { store: stores.webhookStore, policy, sendTest: (webhook, requestId) => webhooks.sendTest(webhook, requestId), changed: (id) => webhooks.changed(id) },
      onCommitted: (matchId, events) => {
        if (!local.onCommit) {
          hub.committed(matchId);
          webhooks.committed(matchId);
          bots.committed(matchId);
        }
        options.onCommitted?.(matchId, events);
      },
    });
    // Bots play the seats they hold as the commits come, through the service like any client.
    const bots = new BotDriver({ deps: service.deps, logger, thinkMs: options.bots?.thinkMs });
    cleanups.push(() => bots.close());
    if (local.onCommit) cleanups.push(local.onCommit((matchId) => bots.committed(matchId)));
    const apollo = createGraphqlServer({ logger });
    await apollo.start();
    cleanups.push(() => apollo.stop());
    const rateLimiter = options.rateLimits && createRateLimiter(options.rateLimits);
    const rest = createRestHandler({ service, logger, rateLimiter });
    // The embed page's script is bundled once, when the first page (or asset) is asked for.
    let assets: Promise<EmbedAssets> | undefined;
    const embed = createEmbedHandler({ service, logger, assets: () => (assets ??= buildEmbedAssets()), deployment: { frameAncestors: options.frameAncestors ?? "*" } });

    const dispatch = async (request: HttpRequest): Promise<HttpResponse> => {
      if (request.path === "/graphql") return handleGraphqlHttp(apollo, service, request, rateLimiter);
      if (request.path === "/api" || request.path.startsWith("/api/")) return rest(request);
      if (request.path === "/healthz") return health(request, local, logger);
      if (isEmbedPath(request.path)) return embed(request);
      if (clock && request.path === TEST_CLOCK_PATH) return clock.handle(request, () => service.finishOverdue()).catch((error: unknown) => restError(toPublicError(error, logger)));
      return restError({ code: "NOT_FOUND", message: `nothing at ${request.path}; try /graphql or /api/openapi.json`, details: {} });
    };

    // SSE holds its response open, so it is served here rather than by the buffered REST router.
    const streamSse = (request: HttpRequest, res: ServerResponse) => serveLiveSse(request, res, { service, signal: hub, logger });
    const httpServer = createServer(HTTP_TIMEOUTS, (req, res) => void handle(req, res, dispatch, streamSse, logger));
    httpServer.on("clientError", answerClientError);
    await new Promise<void>((resolve, reject) => {
      httpServer.once("error", reject);
      httpServer.listen(options.port ?? 4000, options.host ?? "127.0.0.1", () => {
        httpServer.off("error", reject);
        resolve();
      });
    });
    cleanups.push(() => stopHttp(httpServer));
    let localGateway: LocalWebSocketApi | null = null;
    let localStream: LocalStream | null = null;
    const embedded = local.dynamo?.embedded ?? null;
    if (gateway === "lambda" && local.dynamo && embedded) {
      // The deployed path: API Gateway's routes and the stream fan-out, with their own service
      // (as the Lambdas have), answering through the management API over HTTP.
      // (`handlers` needs the gateway's management endpoint; no upgrade is served before it is set.)
      const started = await startLocalWebSocketApi({ httpServer, path: "/graphql", routes: { connect: (e) => handlers.connect(e), disconnect: (e) => handlers.disconnect(e), message: (e) => handlers.message(e) }, logger });
      localGateway = started;
      const { post, destroy: stopPosting } = (options.lambdaPath?.poster ?? managementApiPoster)(started.managementEndpoint, options.region);
      // Cleanups run last-first: the gateway's sockets (and their $disconnect) go before the client.
      cleanups.push(stopPosting);
      cleanups.push(() => started.close());
      const handlers = createLiveHandlers({
        service: createService({ ...stores, cache, now, randomBytes: options.randomBytes ?? cryptoRandomBytes }),
        store,
        connections: new ConnectionStore(local.dynamo.doc, tableName),
        post,
        logger,
        rateLimiter,
        subscriptionCaps: options.subscriptionCaps,
        fanOut: options.lambdaPath?.fanOut,
      });
      const feeder = startLocalStream({ embedded, tableName, handler: (batch) => handlers.stream(batch), logger, region: options.region, bisectOnError: true });
      localStream = feeder;
      cleanups.push(() => feeder.close());
    } else {
      const live = attachDirectSubscriptions({ httpServer, path: "/graphql", service, signal: hub, logger, rateLimiter, subscriptionCaps: options.subscriptionCaps });
      cleanups.push(() => live.close());
    }
    const deadlines = startDeadlineTimer(() => service.finishOverdue(), options.deadlineSweepMs ?? DEADLINE_SWEEP_MS, logger);
    cleanups.push(() => deadlines.stop());
    // What was committed but not yet delivered when the last process stopped, and the retries it had scheduled.
    webhooks.begin();
    // And the bots whose turn it was.
    bots.begin();
    const address = httpServer.address() as AddressInfo;

    let closing: Promise<void> | null = null;
    return {
      url: `http://${displayHost(address)}:${address.port}`,
      httpServer,
      service,
      store: kind,
      embedded,
      tableName,
      gateway,
      localGateway,
      localStream,
      webhooks,
      bots,
      sweepDeadlines: () => deadlines.sweep(),
      close: () => (closing ??= cleanup()),
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  dispatch: (r: HttpRequest) => Promise<HttpResponse>,
  streamSse: (r: HttpRequest, res: ServerResponse) => Promise<number>,
  logger: Logger,
): Promise<void> {
  const started = performance.now();
  // Every answer names its request, as the lines logged about it do.
  const requestId = randomUUID();
  res.setHeader("x-request-id", requestId);
  const path = (req.url ?? "/").split("?")[0] as string;
  const isGraphql = path === "/graphql";
  /** null: the client went away before it could be answered. */
  let status: number | null = 500;
  let request: HttpRequest | undefined;
  try {
    if (req.method === "OPTIONS") {
      req.resume();
      const response = preflightResponse();
      status = response.status;
      writeResponse(res, response);
      return;
    }
    const read = await readBody(req, BODY_LIMIT_BYTES);
    if ("aborted" in read) {
      // The client went away mid-body: nothing is answered to the dead socket, and it is no
      // error of the server's (anyone can do it, so it must not fill the log either).
      status = null;
      return;
    }
    let response: HttpResponse;
    if (!read.ok) {
      response = isGraphql ? graphqlTransportError(bodyTooLarge()) : restError(bodyTooLarge());
      // The rest of an oversized body is not read: close the connection after answering.
      response = { ...response, headers: { ...response.headers, connection: "close" } };
    } else {
      request = toHttpRequest(req, read.body, requestId);
      if ((request.method === "GET" || request.method === "HEAD") && SSE_PATH.test(request.path)) {
        status = await streamSse(request, res);
        return;
      }
      response = await dispatch(request);
    }
    status = response.status;
    writeResponse(res, response, CORS_HEADERS);
  } catch (error) {
    logger.error(`${req.method} ${req.url} failed`, error, { requestId });
    writeResponse(res, jsonResponse(500, { error: { code: "INTERNAL_SERVER_ERROR", message: "internal server error" } }), CORS_HEADERS);
  } finally {
    // The operation is worked out (a GraphQL document parsed again) only for a line that is written.
    if (logger.isEnabled("info")) {
      const method = req.method ?? "GET";
      const fields = isGraphql ? (request ? graphqlRequestFields(request) : NO_OPERATION) : restRequestFields({ method, path });
      const outcome = status === null ? "client went away" : String(status);
      logger.info(`${method} ${req.url} ${outcome}`, { requestId, method, path, status, ...(status === null ? { aborted: true } : {}), ...fields, latencyMs: elapsedMs(started) });
    }
  }
}

const NO_OPERATION: RequestFields = { operation: null };

/** What node reports when the client ended or reset its connection mid-request. */
const CLIENT_WENT_AWAY = new Set(["ECONNRESET", "HPE_INVALID_EOF_STATE", "EPIPE"]);

/**
 * node's own answer to a request it cannot parse (400; 408 past `headersTimeout`; 431 for
 * headers too large), except to a client that went away mid-request: its socket is closed and
 * nothing is written to it (the request's line says `client went away`).
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // As node's own handler: nothing is written into a response already under way either.
  const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (CLIENT_WENT_AWAY.has(error.code ?? "") || !socket.writable || answering?.headersSent) return void socket.destroy();
  const status = error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`);
}

async function health(request: HttpRequest, local: LocalStore, logger: Logger): Promise<HttpResponse> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return restError({ code: "BAD_USER_INPUT", message: "use GET /healthz", details: {} }, 405, { allow: "GET, HEAD" });
  }
  try {
    await local.check();
    return jsonResponse(200, { ok: true });
  } catch (error) {
    logger.error("health check: the store does not answer", error);
    return jsonResponse(503, { ok: false });
  }
}

function stopHttp(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}

function displayHost(address: AddressInfo): string {
  if (address.address === "0.0.0.0" || address.address === "::") return "localhost";
  return address.family === "IPv6" ? `[${address.address}]` : address.address;
}
