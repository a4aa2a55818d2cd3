import type { MatchEvent } from "../match/events.js";
import { type Commit, MAX_EVENTS_PER_COMMIT, type Snapshot } from "../match/snapshot.js";

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

/** The versions a commit spans; throws on an empty or oversized one (every adapter refuses the same). */
export function commitSpan(commit: Commit): { first: number; last: number } {
  const first = commit.events[0];
  const last = commit.events.at(-1);
  if (!first || !last || commit.events.length > MAX_EVENTS_PER_COMMIT) {
    throw new Error(`a commit holds 1..${MAX_EVENTS_PER_COMMIT} events, got ${commit.events.length}`);
  }
  return { first: first.version, last: last.version };
}

/**
 * The first version a commit must be keyed at or above to hold events past `after`: a commit
 * keyed below after+1 can still reach past it, commits are short, so reading from
 * MAX_EVENTS_PER_COMMIT keys earlier and filtering is exact.
 */
export const firstCommitHolding = (after: number): number => Math.max(1, after + 2 - MAX_EVENTS_PER_COMMIT);
