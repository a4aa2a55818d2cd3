import { GraphQLError, type ValidationContext, type ValidationRule } from "graphql";

export const SUBSCRIPTION_OVER_HTTP_MESSAGE =
  "subscriptions need the WebSocket protocol: open a graphql-transport-ws connection to the same /graphql path (queries and mutations may go over either)";

/**
 * HTTP runs queries and mutations only. Without this rule graphql-js would execute a
 * subscription's field as if it were a query and fail on its null result (a 500 with a stack in
 * the log); refusing the document while it is validated makes it a 400 BAD_USER_INPUT on POST and
 * GET alike. A document that merely defines a subscription beside a query is refused too: a
 * document meant for HTTP has no use for one.
 */
export const noSubscriptionRule: ValidationRule = (context: ValidationContext) => ({
  OperationDefinition(node) {
    if (node.operation === "subscription") context.reportError(new GraphQLError(SUBSCRIPTION_OVER_HTTP_MESSAGE, { nodes: [node] }));
  },
});
