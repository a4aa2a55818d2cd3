import type { Server } from "node:http";
import { execute, type ExecutionArgs, type FormattedExecutionResult, GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from "graphql";
import { CloseCode, makeServer } from "graphql-ws";
import { WebSocketServer } from "ws";
import { executeGraphqlOperation, type SocketCaller } from "../api/graphql/execute-operation.js";
import { executableSchema, type LiveContext, parseLiveDocument } from "../api/graphql/executable-schema.js";
import { createFormatError } from "../api/graphql/format-error.js";
import type { Logger } from "../logger.js";
import type { RateLimiter } from "../api/rate-limit.js";
import { MAX_MESSAGE_BYTES, SUBPROTOCOL } from "../realtime/protocol.js";
import { credentialOfConnectionParams } from "../realtime/connection-token.js";
import { type CommitSignal, MatchUpdateStream } from "../realtime/match-updates.js";
import type { TabulaService } from "../api/service.js";
import { SUBSCRIPTION_CAPS, type SubscriptionCaps, tooManySubscriptions } from "../api/subscription-caps.js";
import { closeReason } from "./close-reason.js";
import { type CountedConnection, SubscriptionCount } from "./subscription-count.js";
import { sendCorked } from "./corked-send.js";

/** A connection that answers no ping for this long is dropped (graphql-ws's own default). */
const KEEP_ALIVE_MS = 12_000;

/** Message types graphql-transport-ws reserves for servers; graphql-ws would fail on them with 4500. */
const SERVER_ONLY_TYPES = new Set(["connection_ack", "next", "error"]);

/**
 * A message without one of these words cannot be of a server-only type (JSON spells a letter
 * otherwise only as `\u`): most are not parsed twice, here and by graphql-ws.
 */
const MAY_BE_SERVER_ONLY = new RegExp([...SERVER_ONLY_TYPES, "\\\\u"].join("|"));

function serverOnlyType(text: string): string | null {
  if (!MAY_BE_SERVER_ONLY.test(text)) return null;
  try {
    const type = (JSON.parse(text) as { type?: unknown } | null)?.type;
    return typeof type === "string" && SERVER_ONLY_TYPES.has(type) ? type : null;
  } catch {
    return null; // graphql-ws refuses it with 4400
  }
}

export interface DirectLiveOptions {
  readonly httpServer: Server;
  readonly path: string;
  readonly service: TabulaService;
  readonly signal: CommitSignal;
  readonly logger: Logger;
  readonly rateLimiter?: RateLimiter | undefined;
  /** Live subscriptions allowed per connection and per client address (default SUBSCRIPTION_CAPS). */
  readonly subscriptionCaps?: SubscriptionCaps | undefined;
}

/**
 * A query or mutation already run (execute-operation.ts), its errors formatted there: it rides
 * to graphql-ws as the root value, and `execute` and `onNext` hand it on untouched.
 */
class Answered {
  constructor(readonly result: FormattedExecutionResult) {}
}

/** An error formatted already (an operation refused before it ran). */
class FormattedError extends GraphQLError {
  constructor(readonly formatted: GraphQLFormattedError) {
    super(formatted.message);
  }
}

/**
 * Subscriptions served by this process with the `graphql-ws` library on the same path and port
 * as HTTP GraphQL. Every update is read back from the store, so what a subscriber receives is
 * exactly the committed log, as on AWS. Queries and mutations on the same connection run as over
 * HTTP, with the connection's credential (see gateway-routes.ts for the API Gateway path, which
 * answers them alike).
 */
export function attachDirectSubscriptions(options: DirectLiveOptions): { wss: WebSocketServer; close(): Promise<void> } {
  const schema: GraphQLSchema = executableSchema();
  const formatError = createFormatError(options.logger);
  const operations = { schema, service: options.service, formatError, rateLimiter: options.rateLimiter };
  const count = new SubscriptionCount(options.subscriptionCaps ?? SUBSCRIPTION_CAPS);
  const format = (errors: readonly GraphQLError[]) => errors.map((e) => (e instanceof FormattedError ? e.formatted : formatError(e.toJSON(), e)));
  const wss = new WebSocketServer({
    server: options.httpServer,
    path: options.path,
    handleProtocols: (protocols) => (protocols.has(SUBPROTOCOL) ? SUBPROTOCOL : false),
    // The same frame limit as on API Gateway: protocol messages are small.
    maxPayload: MAX_MESSAGE_BYTES,
  });

  // The connection keeps its token's credential (the hash), as the API Gateway path stores it.
  const server = makeServer<Record<string, unknown> | undefined, { ip: string | undefined; credential: SocketCaller["credential"]; counted: CountedConnection }>({
    schema,
    onConnect(ctx) {
      try {
        ctx.extra.credential = credentialOfConnectionParams(ctx.connectionParams);
        return true;
      } catch {
        return false; // graphql-ws closes with 4403 Forbidden
      }
    },
    async onSubscribe(ctx, id, payload) {
      const parsed = parseLiveDocument(schema, payload);
      if (parsed.errors) return parsed.errors;
      const { document } = parsed;
      if (parsed.operation !== "subscription") {
        const answer = await executeGraphqlOperation(operations, ctx.extra, document, payload);
        if ("refused" in answer) return answer.refused.map((e) => new FormattedError(e));
        return { schema, document, operationName: payload.operationName ?? undefined, rootValue: new Answered(answer.result) };
      }
      // Over a cap, this subscription alone is refused (an `error` message for its id).
      ctx.extra.counted.context ??= ctx;
      const admitted = count.admit(ctx.extra.ip, ctx.extra.counted, id);
      if (!admitted.ok) return [new FormattedError(tooManySubscriptions(admitted.scope, admitted.limit))];
      const { service, signal } = options;
      const contextValue: LiveContext = {
        service,
        // As on the API Gateway path: the seat is settled when the subscription opens.
        auth: { token: undefined },
        openUpdates: async (matchId, after) => {
          const { seat } = await service.openSubscription(matchId, after, ctx.extra.credential?.hash ?? null);
          return new MatchUpdateStream(signal.timelines, signal, matchId, after, seat);
        },
      };
      return { schema, document, variableValues: payload.variables ?? undefined, operationName: payload.operationName ?? undefined, contextValue };
    },
    execute: (args: ExecutionArgs) => (args.rootValue instanceof Answered ? (args.rootValue.result as ReturnType<typeof execute>) : execute(args)),
    onError: (_ctx, _id, _payload, errors) => format(errors),
    onNext: (_ctx, _id, _payload, args, result) =>
      args.rootValue instanceof Answered ? args.rootValue.result : result.errors ? { ...result, errors: format(result.errors) } : undefined,
  });

  // The socket glue is ours rather than graphql-ws's `useServer`, which answers a client's own
  // mistakes (a server-only message type; a frame ws refuses as bad UTF-8 or too large) with
  // 4500 Internal Server Error and a stack trace on the console.
  wss.on("connection", (socket, request) => {
    // ws has already closed with 1007 or 1009 when it reports a frame it cannot take.
    socket.on("error", (error) => options.logger.debug(`a WebSocket from ${request.socket.remoteAddress} sent a frame ws refused: ${error.message}`));
    let alive = true;
    socket.on("pong", () => void (alive = true));
    const keepAlive = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, KEEP_ALIVE_MS);
    const counted: CountedConnection = { live: new Set() };
    const uncount = count.connect(request.socket.remoteAddress, counted);
    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) => sendCorked(socket, request.socket, data),
        close: (code, reason) => socket.close(code, closeReason(reason)),
        onMessage: (handle) =>
          socket.on("message", async (data) => {
            const text = String(data);
            const type = serverOnlyType(text);
            if (type) return socket.close(CloseCode.BadRequest, `Bad request: only servers send ${type}`);
            try {
              await handle(text);
            } catch (error) {
              options.logger.error("a WebSocket message failed", error);
              socket.close(CloseCode.InternalServerError, "Internal server error");
            }
          }),
      },
      { ip: request.socket.remoteAddress, credential: null, counted },
    );
    socket.once("close", (code, reason) => {
      clearInterval(keepAlive);
      uncount();
      void closed(code, String(reason));
    });
  });
  wss.on("error", (error) => options.logger.error("the WebSocket server failed", error));

  return {
    wss,
    close: async () => {
      for (const client of wss.clients) client.close(1001, "Going away");
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
