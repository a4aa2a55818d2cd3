import type { MatchEvent } from "./events.js";
import type { MatchState } from "./state.js";

/** Server-side secrets of a match: never in an event, a view or a push. */
export interface MatchSecrets {
  readonly diceSeed: string;
  /** SHA-256 (hex) of each seat's token, by seat. */
  readonly seatTokenHashes: readonly string[];
}

/** Remembers a submitMove idempotency key so that a retry appends nothing. */
export interface IdempotencyRecord {
  readonly key: string;
  readonly seat: number;
  /** Hash of what was asked, so a reused key with another move is refused. */
  readonly fingerprint: string;
  readonly version: number;
}

/** The state after `state.version`, with what the server needs to decide the next command. */
export interface Snapshot {
  readonly state: MatchState;
  readonly secrets: MatchSecrets;
  readonly keys: readonly IdempotencyRecord[];
}

/** One atomic append: the events of one command, written with a single conditional put. */
export interface Commit {
  readonly events: readonly MatchEvent[];
  readonly idempotency?: IdempotencyRecord | undefined;
  /** Written every SNAPSHOT_EVERY events, so loading never replays more than that. */
  readonly snapshot?: Snapshot | undefined;
}

export const SNAPSHOT_EVERY = 16;
/** Idempotency keys are honoured for this many recent commits. */
export const KEYS_KEPT = 64;
/** Upper bound of events in one commit (a command and its automatic follow-ups). */
export const MAX_EVENTS_PER_COMMIT = 32;
