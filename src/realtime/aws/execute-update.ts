import { type DocumentNode, execute, type ExecutionResult, type FormattedExecutionResult, type GraphQLSchema, parse } from "graphql";
import type { GraphqlContext } from "../../api/graphql/context.js";
import type { TabulaService } from "../../api/service.js";
import type { SubscriptionRecord } from "../../store/dynamo/connection-store.js";
import type { ExecuteUpdate } from "./delivery-deps.js";
import type { MatchUpdate } from "../../service/match-update.js";

/**
 * Runs a stored subscription document over one update, as graphql-js does for each source
 * event of a subscription: the update is the root value. Documents were validated when the
 * subscription was made; parsing is cached because every event re-runs the same few documents.
 * The schema is asked for at the first update (executable-schema.ts builds it once).
 */
export function updateExecutor(schema: () => GraphQLSchema, service: TabulaService, formatErrors: (result: ExecutionResult) => FormattedExecutionResult): ExecuteUpdate {
  const documents = new Map<string, DocumentNode>();
  return async (subscription: SubscriptionRecord, update: MatchUpdate) => {
    let document = documents.get(subscription.query);
    if (!document) {
      document = parse(subscription.query);
      if (documents.size > 1000) documents.clear();
      documents.set(subscription.query, document);
    }
    const contextValue: GraphqlContext = { service, auth: { token: undefined } };
    const result = await execute({
      schema: schema(),
      document,
      rootValue: update,
      contextValue,
      variableValues: subscription.variables ?? undefined,
      operationName: subscription.operationName ?? undefined,
    });
    return formatErrors(result);
  };
}
