import type { GraphQLFormattedError } from "graphql";
import { LIMITS } from "./limits.js";

/** Which cap a refused subscription met: its connection's, or its client address's (all its connections together). */
export type SubscriptionScope = "connection" | "address";

export type SubscriptionCaps = { readonly [S in SubscriptionScope]: number };

/** The caps on live subscriptions, both transports' (docs/api.md, "Limits"). */
export const SUBSCRIPTION_CAPS: SubscriptionCaps = {
  connection: LIMITS.maxSubscriptionsPerConnection,
  address: LIMITS.maxSubscriptionsPerAddress,
};

/**
 * The payload of the `error` message that refuses a subscription over a cap, for that
 * subscription's id only: the connection and its other subscriptions go on (graphql-ws's way to
 * refuse one operation; a close code would end them all).
 */
export function tooManySubscriptions(scope: SubscriptionScope, limit: number = SUBSCRIPTION_CAPS[scope]): GraphQLFormattedError {
  const whose = scope === "connection" ? "this connection" : "this client address";
  return {
    message: `${whose} already has ${limit} live subscriptions, the most it may hold; complete one before subscribing again`,
    extensions: { code: "TOO_MANY_SUBSCRIPTIONS", limit, scope },
  };
}
