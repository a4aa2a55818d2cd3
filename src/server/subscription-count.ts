import { addressKey } from "../api/address-key.js";
import type { SubscriptionCaps, SubscriptionScope } from "../api/subscription-caps.js";

/** What the count keeps of one graphql-ws connection: its running operations, as graphql-ws tracks them. */
export interface CountedConnection {
  /** graphql-ws's context of the connection, once it has one: `subscriptions` holds every operation still running, by id. */
  context?: { readonly subscriptions: Readonly<Record<string, unknown>> };
  /** The ids of this connection's subscriptions (not queries or mutations) admitted so far. */
  readonly live: Set<string>;
}

/**
 * The live subscriptions of the direct path, per connection and per client address, against
 * their caps. graphql-ws forgets an operation once it ends (a client's `complete`, the end of
 * the match, a failure to start, the socket's close), so the count is kept as ids and pruned
 * to those graphql-ws still runs whenever a new one is asked: nothing has to catch every way
 * a subscription can end.
 */
export class SubscriptionCount {
  private readonly byAddress = new Map<string, Set<CountedConnection>>();

  constructor(private readonly caps: SubscriptionCaps) {}

  /** A connection opened from `ip`; call the returned function when it closes. */
  connect(ip: string | undefined, connection: CountedConnection): () => void {
    const key = addressKey(ip);
    let connections = this.byAddress.get(key);
    if (!connections) this.byAddress.set(key, (connections = new Set()));
    connections.add(connection);
    return () => {
      connections.delete(connection);
      if (connections.size === 0 && this.byAddress.get(key) === connections) this.byAddress.delete(key);
    };
  }

  /** Admits subscription `id` of `connection` (from `ip`), or says which cap it would pass. */
  admit(ip: string | undefined, connection: CountedConnection, id: string): { ok: true } | { ok: false; scope: SubscriptionScope; limit: number } {
    // An id used before (and ended) is not yet this subscription.
    connection.live.delete(id);
    if (size(connection) >= this.caps.connection) return { ok: false, scope: "connection", limit: this.caps.connection };
    let total = 0;
    for (const other of this.byAddress.get(addressKey(ip)) ?? []) total += size(other);
    if (total >= this.caps.address) return { ok: false, scope: "address", limit: this.caps.address };
    connection.live.add(id);
    return { ok: true };
  }
}

/** How many of the connection's admitted subscriptions still run (those that ended are dropped). */
function size(connection: CountedConnection): number {
  const running = connection.context?.subscriptions ?? {};
  for (const id of connection.live) if (!(id in running)) connection.live.delete(id);
  return connection.live.size;
}
