import { type ApolloServerPlugin, HeaderMap } from "@apollo/server";
import { GraphQLError } from "graphql";
import { HTTP_STATUS, TabulaError } from "../../errors.js";
import { errorHeaders } from "../errors.js";
import type { GraphqlContext } from "./context.js";
import { mutationCosts } from "./mutation-costs.js";

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
          for (const [kind, cost] of mutationCosts(operation, document)) contextValue.admit(kind, cost);
        } catch (error) {
          if (!(error instanceof TabulaError)) throw error;
          const headers = new HeaderMap(Object.entries(errorHeaders(error)));
          throw new GraphQLError(error.message, { originalError: error, extensions: { code: error.code, http: { status: HTTP_STATUS[error.code], headers } } });
        }
      },
    };
  },
};
