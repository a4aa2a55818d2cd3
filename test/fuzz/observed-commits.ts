import type { EmbeddedStore } from "../../src/store/dynamo/embedded-store.js";
import type { MatchEvent } from "../../src/match/events.js";
import type { IdempotencyRecord, Snapshot } from "../../src/match/snapshot.js";
import { matchIdOfCommit } from "../../src/store/dynamo/table.js";

/** One commit item the store acknowledged, decoded. */
export interface ObservedCommit {
  readonly matchId: string;
  readonly events: readonly MatchEvent[];
  readonly idempotency: IdempotencyRecord | undefined;
  readonly snapshot: Snapshot | undefined;
}

/**
 * Every write the embedded store acknowledges, as it is acknowledged. Requests run one at a
 * time, so what was written while a request was in flight is what that request wrote: this is
 * how the fuzzer knows that a rejected command wrote nothing, without trusting any answer.
 */
export class CommitObserver {
  private pending: ObservedCommit[] = [];
  private readonly stop: () => void;

  constructor(embedded: EmbeddedStore, tableName: string) {
    this.stop = embedded.onPut(({ tableName: table, item }) => {
      const matchId = matchIdOfCommit(item);
      if (table !== tableName || !matchId) return;
      const text = (name: string) => (item[name] as { S?: string } | undefined)?.S;
      const idem = text("idem");
      const snap = text("snap");
      this.pending.push({
        matchId,
        events: JSON.parse(text("events") ?? "[]") as MatchEvent[],
        idempotency: idem ? (JSON.parse(idem) as IdempotencyRecord) : undefined,
        snapshot: snap ? (JSON.parse(snap) as Snapshot) : undefined,
      });
    });
  }

  /** The commits acknowledged since the last call. */
  take(): ObservedCommit[] {
    const taken = this.pending;
    this.pending = [];
    return taken;
  }

  close(): void {
    this.stop();
  }
}
