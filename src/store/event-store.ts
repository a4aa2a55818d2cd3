import type { MatchEvent } from "../match/events.js";
import type { Commit, Snapshot } from "../match/snapshot.js";

/** Another writer appended first: reload and decide again. */
export class VersionConflictError extends Error {
  constructor(readonly matchId: string, readonly attemptedVersion: number) {
    super(`version ${attemptedVersion} of match ${matchId} was already written`);
    this.name = "VersionConflictError";
  }
}

/** The latest snapshot of a match and the commits after it, oldest first. */
export interface LoadedMatch {
  readonly snapshot: Snapshot;
  readonly commits: readonly Commit[];
}

export interface EventStore {
  /** Appends a commit whose first event has version = current version + 1; else VersionConflictError. */
  append(matchId: string, commit: Commit): Promise<void>;
  /** One consistent read: the newest snapshot and everything after it. Null if there is no such match. */
  load(matchId: string): Promise<LoadedMatch | null>;
  /** Events with version > after, oldest first, at most `limit`. */
  readEvents(matchId: string, after: number, limit: number): Promise<MatchEvent[]>;
}
