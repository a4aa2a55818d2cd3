import { type ApolloServerPlugin, HeaderMap } from "@apollo/server";
import { type DocumentNode, GraphQLError, Kind, type OperationDefinitionNode, type SelectionSetNode } from "graphql";
import { HTTP_STATUS, TabulaError } from "../../errors.js";
import { errorHeaders } from "../errors.js";
import { type RateLimitKind, rateLimitKindOf } from "../rate-limit.js";
import type { GraphqlContext } from "./context.js";

/**
 * Counts a mutation's root fields against the caller's rate limits before anything runs, so a
 * caller over its limit gets one request-level error: HTTP 429 with `Retry-After`, and
 * `extensions: {code: "RATE_LIMITED", retryAfter}`. Every alias is a request of its own
 * (`a: rollDice ... b: rollDice` costs two commands), as the resolvers would run each.
 */
export const rateLimitPlugin: ApolloServerPlugin<GraphqlContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, document, contextValue }) {
        if (!contextValue.admit || operation?.operation !== "mutation") return;
        try {
          for (const [kind, cost] of costs(operation, document)) contextValue.admit(kind, cost);
        } catch (error) {
          if (!(error instanceof TabulaError)) throw error;
          const headers = new HeaderMap(Object.entries(errorHeaders(error)));
          throw new GraphQLError(error.message, { originalError: error, extensions: { code: error.code, http: { status: HTTP_STATUS[error.code], headers } } });
        }
      },
    };
  },
};

/** How many root fields of each budget the operation selects, fragments expanded. */
function costs(operation: OperationDefinitionNode, document: DocumentNode): Map<RateLimitKind, number> {
  const fragments = new Map(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d.selectionSet] as const] : [])));
  const found = new Map<RateLimitKind, number>();
  // Validation has refused fragment cycles and the complexity rule bounds the size.
  const visit = (set: SelectionSetNode): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const kind = rateLimitKindOf({ graphql: `Mutation.${selection.name.value}` });
        if (kind) found.set(kind, (found.get(kind) ?? 0) + 1);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet);
      else {
        const fragment = fragments.get(selection.name.value);
        if (fragment) visit(fragment);
      }
    }
  };
  visit(operation.selectionSet);
  return found;
}
