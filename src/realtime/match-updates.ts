import type { EventStore } from "../store/event-store.js";
import { TimelineCache } from "./timeline-cache.js";
import { type MatchUpdate, updateFor } from "../service/match-update.js";

/** Tells the live path that a match has new commits. */
export interface CommitSignal {
  watch(matchId: string, onCommit: () => void): () => void;
  /** Timelines shared by the watchers, refreshed before they are woken. */
  readonly timelines: TimelineCache;
}

/**
 * The updates of one subscriber in the single-process server: every event after `after`, then
 * each new one, each read back from the store (never taken from the request that committed
 * it), so the order is the log's and a missed signal only delays an event, never loses it.
 * Ends after MatchFinished, or when the consumer calls `return()` (the client completed or
 * left), which also releases a consumer waiting for the next commit.
 */
export class MatchUpdateStream implements AsyncIterableIterator<MatchUpdate> {
  private sent: number;
  private pending = true;
  private done = false;
  private wake: (() => void) | null = null;
  private readonly queue: MatchUpdate[] = [];
  private readonly stopWatching: () => void;

  constructor(
    private readonly timelines: TimelineCache,
    signal: CommitSignal,
    private readonly matchId: string,
    after: number,
    private readonly seat: number | null,
  ) {
    this.sent = after;
    this.stopWatching = signal.watch(matchId, () => {
      this.pending = true;
      this.wake?.();
    });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async next(): Promise<IteratorResult<MatchUpdate>> {
    while (!this.done) {
      const update = this.queue.shift();
      if (update) {
        if (update.event.type === "MatchFinished") this.finish();
        return { done: false, value: update };
      }
      if (!this.pending) await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
      if (this.done) break;
      this.pending = false;
      const timeline = await this.timelines.get(this.matchId, this.sent);
      for (const entry of timeline.entries) {
        if (entry.event.version <= this.sent) continue;
        this.queue.push(updateFor(entry, this.seat));
        this.sent = entry.event.version;
      }
      // Resumed after MatchFinished (afterVersion = the last version): nothing to send, but done.
      if (this.queue.length === 0 && timeline.latest.status === "FINISHED") this.finish();
    }
    return { done: true, value: undefined };
  }

  async return(): Promise<IteratorResult<MatchUpdate>> {
    this.finish();
    return { done: true, value: undefined };
  }

  private finish(): void {
    if (this.done) return;
    this.done = true;
    this.stopWatching();
    this.wake?.();
  }
}

/** A CommitSignal fed by whatever sees commits (the embedded store's puts, or the service). */
export class CommitHub implements CommitSignal {
  private readonly watchers = new Map<string, Set<() => void>>();
  /** One read of a match's new commits serves every subscriber that a commit wakes. */
  readonly timelines: TimelineCache;

  constructor(store: EventStore) {
    this.timelines = new TimelineCache(store);
  }

  watch(matchId: string, onCommit: () => void): () => void {
    let set = this.watchers.get(matchId);
    if (!set) this.watchers.set(matchId, (set = new Set()));
    set.add(onCommit);
    return () => {
      set.delete(onCommit);
      if (set.size === 0) this.watchers.delete(matchId);
    };
  }

  committed(matchId: string): void {
    this.timelines.refresh(matchId);
    for (const onCommit of this.watchers.get(matchId) ?? []) onCommit();
  }

  get watching(): number {
    let n = 0;
    for (const set of this.watchers.values()) n += set.size;
    return n;
  }
}
