import type { Server } from "node:http";
import type { GraphQLError, GraphQLSchema } from "graphql";
import { useServer } from "graphql-ws/use/ws";
import { WebSocketServer } from "ws";
import { createExecutableSchema, type LiveContext, parseLiveDocument } from "../api/graphql/executable-schema.js";
import { createFormatError } from "../api/graphql/format-error.js";
import type { Logger } from "../api/logger.js";
import { MAX_MESSAGE_BYTES, SUBPROTOCOL } from "../realtime/protocol.js";
import { tokenHashOfConnectionParams } from "../realtime/connection-token.js";
import { type CommitSignal, MatchUpdateStream } from "../realtime/match-updates.js";
import type { TabulaService } from "../service/service.js";

export interface DirectLiveOptions {
  readonly httpServer: Server;
  readonly path: string;
  readonly service: TabulaService;
  readonly signal: CommitSignal;
  readonly logger: Logger;
}

/**
 * Subscriptions served by this process with the `graphql-ws` library on the same path and port
 * as HTTP GraphQL. Every update is read back from the store, so what a subscriber receives is
 * exactly the committed log, as on AWS.
 */
export function attachDirectSubscriptions(options: DirectLiveOptions): { wss: WebSocketServer; close(): Promise<void> } {
  const schema: GraphQLSchema = createExecutableSchema();
  const formatError = createFormatError(options.logger);
  const format = (errors: readonly GraphQLError[]) => errors.map((e) => formatError(e.toJSON(), e));
  const wss = new WebSocketServer({
    server: options.httpServer,
    path: options.path,
    handleProtocols: (protocols) => (protocols.has(SUBPROTOCOL) ? SUBPROTOCOL : false),
    // The same frame limit as on API Gateway: protocol messages are small.
    maxPayload: MAX_MESSAGE_BYTES,
  });

  const disposable = useServer<Record<string, unknown> | undefined, { tokenHash?: string | null }>(
    {
      schema,
      onConnect(ctx) {
        try {
          ctx.extra.tokenHash = tokenHashOfConnectionParams(ctx.connectionParams);
          return true;
        } catch {
          return false; // graphql-ws closes with 4403 Forbidden
        }
      },
      onSubscribe(ctx, _id, payload) {
        const parsed = parseLiveDocument(schema, payload);
        if (parsed.errors) return parsed.errors;
        const { document } = parsed;
        const { service, signal } = options;
        const contextValue: LiveContext = {
          service,
          // As on the API Gateway path: the seat is settled when the subscription opens.
          auth: { token: undefined },
          openUpdates: async (matchId, after) => {
            const { seat } = await service.openSubscription(matchId, after, ctx.extra.tokenHash ?? null);
            return new MatchUpdateStream(signal.timelines, signal, matchId, after, seat);
          },
        };
        return { schema, document, variableValues: payload.variables ?? undefined, operationName: payload.operationName ?? undefined, contextValue };
      },
      onError: (_ctx, _id, _payload, errors) => format(errors),
      onNext: (_ctx, _id, _payload, _args, result) => (result.errors ? { ...result, errors: format(result.errors) } : undefined),
    },
    wss,
  );

  return {
    wss,
    close: async () => {
      await disposable.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
