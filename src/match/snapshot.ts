import { rulesOf } from "./rules.js";
import { isRulesetId, rulesVersions } from "../engine/registry.js";
import type { MatchEvent } from "./events.js";
import type { IndexWrites } from "./inbox-rows.js";
import type { MatchState } from "./state.js";

/**
 * The format of a snapshot's state: the match layer's own (bumped when `MatchState` changes) and
 * the ruleset's `stateVersion`. A snapshot of another format is never read: the match is rebuilt
 * from its log instead, which every version can replay.
 */
export const SNAPSHOT_FORMAT = 4;
export interface SnapshotFormat {
  readonly match: number;
  readonly engine: number;
}

/** Server-side secrets of a match: never in an event, a view or a push. */
export interface MatchSecrets {
  readonly diceSeed: string;
  /** SHA-256 (hex) of each seat's token, by seat; empty for a seat still open. */
  readonly seatTokenHashes: readonly string[];
  /** SHA-256 of each open seat's invitation code, by seat (null: none). Absent before open seats existed. */
  readonly invitationHashes?: readonly (string | null)[] | undefined;
  /** SHA-256 of the player token of the player holding each seat (null: none), so that it acts for the seat without another read. */
  readonly playerTokenHashes?: readonly (string | null)[] | undefined;
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
  /** Absent in snapshots written before formats existed (match format 1). */
  readonly format?: SnapshotFormat | undefined;
  readonly state: MatchState;
  readonly secrets: MatchSecrets;
  readonly keys: readonly IdempotencyRecord[];
}

/** One atomic append: the events of one command, written with a single conditional put. */
export interface Commit {
  readonly events: readonly MatchEvent[];
  readonly idempotency?: IdempotencyRecord | undefined;
  /** Written every SNAPSHOT_EVERY events, so loading never replays more than that (and whenever the secrets change). */
  readonly snapshot?: Snapshot | undefined;
  /**
   * The inbox and deadline entries this commit changes. They are stored in the commit item
   * itself, so they are never lost with a failure after the commit: whoever reads the commit
   * (the writer right after it, the table's stream) can apply them, idempotently.
   */
  readonly index?: IndexWrites | undefined;
}

export const SNAPSHOT_EVERY = 16;
/** Idempotency keys are honoured for this many recent commits. */
export const KEYS_KEPT = 64;
/** Upper bound of events in one commit (a command and its automatic follow-ups). */
export const MAX_EVENTS_PER_COMMIT = 32;

export const snapshotFormat = (state: MatchState): SnapshotFormat => ({ match: SNAPSHOT_FORMAT, engine: rulesOf(state).stateVersion });

/** Whether this code reads the snapshot's state as it was written; its secrets are always readable. */
export function isCurrentSnapshot(snapshot: Snapshot): boolean {
  const { format, state } = snapshot;
  return (
    format?.match === SNAPSHOT_FORMAT &&
    isRulesetId(state.ruleset) &&
    rulesVersions(state.ruleset).includes(state.rulesVersion) &&
    format.engine === rulesOf(state).stateVersion
  );
}
