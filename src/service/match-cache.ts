import type { LoadedState } from "./load-match.js";

/**
 * The latest state of recently used matches, so a command decides without reading the store
 * first. Correctness never rests on it: a command decided on a cached state is still appended
 * with the store's conditional put, and a lost condition reloads. Bounded: the least recently
 * used match is dropped first, so memory stays flat however many matches a process serves.
 */
export class MatchCache {
  private readonly entries = new Map<string, LoadedState>();

  constructor(
    readonly capacity: number,
    /**
     * True when this process is the store's only writer (the local server on its own embedded
     * store): the cache is then always current and may answer reads and refusals. Otherwise
     * (Lambda containers, servers sharing a DynamoDB table) anything but a successful append is
     * checked again against a fresh read.
     */
    readonly exclusive: boolean,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error("a match cache holds at least one match");
  }

  get size(): number {
    return this.entries.size;
  }

  get(matchId: string): LoadedState | undefined {
    const entry = this.entries.get(matchId);
    if (entry) {
      // Map keeps insertion order: re-inserting marks the entry most recently used.
      this.entries.delete(matchId);
      this.entries.set(matchId, entry);
    }
    return entry;
  }

  /** Keeps a state that this process has just loaded or committed. */
  set(matchId: string, loaded: LoadedState): void {
    const known = this.entries.get(matchId);
    // A slower request must not put back an older state than one already kept.
    if (known && known.state.version > loaded.state.version) return;
    this.entries.delete(matchId);
    this.entries.set(matchId, loaded);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(matchId: string): void {
    this.entries.delete(matchId);
  }
}

/** Matches kept per process unless configured: a few MB of state, far more than a server plays at once. */
export const DEFAULT_CACHE_MATCHES = 2000;
