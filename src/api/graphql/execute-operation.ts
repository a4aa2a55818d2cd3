import type { ApolloServer } from "@apollo/server";
import type { FormattedExecutionResult, GraphQLFormattedError } from "graphql";
import type { Credential } from "../../service/credential.js";
import type { TabulaService } from "../../service/service.js";
import { admitCaller, type RateLimiter } from "../rate-limit.js";
import type { GraphqlContext } from "./context.js";
import type { LiveRequest } from "./executable-schema.js";

/** Who sends an operation over a WebSocket: the connection's address and its credential (null: a spectator). */
export interface SocketCaller {
  readonly ip: string | undefined;
  readonly credential: Credential | null;
}

/** Refused before it ran (the cases HTTP answers with a 4xx and no `data`), or executed. */
export type OperationAnswer = { readonly refused: readonly GraphQLFormattedError[] } | { readonly result: FormattedExecutionResult };

/**
 * A query or mutation that came over a WebSocket, run by the HTTP GraphQL server itself: the same
 * validation rules and complexity limits, the same rate-limit plugin (counting against the
 * connection's address and token hash, as HTTP counts the request's), the same resolvers and
 * the same error formatting, so every answer carries the code HTTP would give. The caller acts
 * with its credential, the hash of its token: a connection never holds the token itself.
 */
export async function executeGraphqlOperation(
  server: ApolloServer<GraphqlContext>,
  service: TabulaService,
  caller: SocketCaller,
  request: LiveRequest,
  rateLimiter?: RateLimiter,
): Promise<OperationAnswer> {
  const contextValue: GraphqlContext = {
    service,
    auth: { token: caller.credential ?? undefined },
    ...(rateLimiter ? { admit: (kind, cost) => admitCaller(rateLimiter, kind, { ip: caller.ip, tokenHash: caller.credential?.hash }, cost) } : {}),
  };
  const response = await server.executeOperation(
    { query: request.query, variables: request.variables ?? undefined, operationName: request.operationName ?? undefined },
    { contextValue },
  );
  // No operation of this API defers or streams, so every answer is a single result.
  if (response.body.kind !== "single") throw new Error("an incremental GraphQL response cannot be sent over a WebSocket");
  const result = response.body.singleResult;
  return "data" in result ? { result } : { refused: result.errors ?? [] };
}
