import { type ConnectionRecord, type ConnectionStore, splitRef } from "../../store/dynamo/connection-store.js";

/**
 * How long a warm container answers a connection's messages from what it knows of it, without
 * reading its item: what it learnt at `connection_init` (its write returns the item) and from the
 * subscriptions it stored or ended itself. Past this, the next message reads the item again.
 */
export const CONNECTION_CACHE_MS = 10_000;
/** Connections one container keeps; the least recently used goes first. */
export const CONNECTION_CACHE_SIZE = 10_000;

/**
 * The connections a `$default` container has seen, so that a message costs no read of its
 * connection. What can be kept and what cannot:
 * - The credential never changes once `connection_init` is acknowledged (its write is
 *   conditional on it being the first), and API Gateway routes no message of a connection that
 *   closed: kept for the connection's life here, bounded by CONNECTION_CACHE_MS like the rest.
 * - The running subscriptions may change elsewhere: another container stores one (API Gateway
 *   spreads one connection's messages over containers) or the fan-out ends one (MatchFinished,
 *   a 410). The store's `subscribe` checks the id and both caps again atomically, so a
 *   subscription is never stored twice nor over a cap whatever is kept here; what is kept only
 *   decides the refusals made before the store is asked (an id already running, the
 *   connection's cap). A refusal is never made on what is kept: it is checked on a fresh read
 *   first. So the one thing staleness can do, for at most CONNECTION_CACHE_MS, is miss a
 *   subscription another container started: a query, a mutation or an invalid document sent
 *   under that id is answered under it (test/realtime/connection-cache.test.ts).
 * - A connection not yet acknowledged, or that named no address at `$connect`, is never kept.
 */
export class ConnectionCache {
  private readonly entries = new Map<string, { record: ConnectionRecord; readAt: number }>();

  constructor(
    private readonly connections: Pick<ConnectionStore, "get">,
    private readonly nowMs: () => number = Date.now,
    readonly maxAgeMs: number = CONNECTION_CACHE_MS,
    private readonly capacity: number = CONNECTION_CACHE_SIZE,
  ) {}

  /**
   * The connection, from memory when it is recent enough (`kept`); with `fresh`, or else, read
   * from the table.
   */
  async get(connectionId: string, fresh = false): Promise<{ readonly record: ConnectionRecord | null; readonly kept: boolean }> {
    const kept = this.entries.get(connectionId);
    if (!fresh && kept && this.nowMs() - kept.readAt < this.maxAgeMs) return { record: kept.record, kept: true };
    const record = await this.connections.get(connectionId);
    if (record) this.remember(record);
    else this.entries.delete(connectionId);
    return { record, kept: false };
  }

  /** A connection as the table has it now (a read, or the answer of a write). */
  remember(record: ConnectionRecord): void {
    this.entries.delete(record.connectionId);
    if (!record.initialized || record.address === null) return;
    this.entries.set(record.connectionId, { record, readAt: this.nowMs() });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  /** This container stored a subscription of the connection. */
  subscribed(connectionId: string, ref: string): void {
    this.change(connectionId, (subscriptions) => [...subscriptions, ref]);
  }

  /** This container ended a subscription of the connection. */
  unsubscribed(connectionId: string, subscriptionId: string): void {
    this.change(connectionId, (subscriptions) => subscriptions.filter((ref) => splitRef(ref).subscriptionId !== subscriptionId));
  }

  /** The store refused what was kept: read it next time. */
  forget(connectionId: string): void {
    this.entries.delete(connectionId);
  }

  private change(connectionId: string, next: (subscriptions: readonly string[]) => string[]): void {
    const kept = this.entries.get(connectionId);
    // Keeps its age: what others may have changed is no fresher for it.
    if (kept) kept.record = { ...kept.record, subscriptions: next(kept.record.subscriptions) };
  }
}
