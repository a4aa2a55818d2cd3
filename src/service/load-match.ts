import type { MatchState } from "../match/state.js";
import { evolve, replay } from "../match/evolve.js";
import { type IdempotencyRecord, isCurrentSnapshot, KEYS_KEPT, type MatchSecrets } from "../match/snapshot.js";
import type { EventStore } from "../store/event-store.js";
import { TabulaError } from "../errors.js";

/** A match rebuilt from its newest snapshot and the few commits after it. */
export interface LoadedState {
  readonly state: MatchState;
  readonly secrets: MatchSecrets;
  readonly keys: readonly IdempotencyRecord[];
  /** Version of the newest snapshot, to know when the next one is due; null when it cannot be read (write one now). */
  readonly snapshotVersion: number | null;
}

const MATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const isMatchId = (matchId: string): boolean => MATCH_ID.test(matchId);

/**
 * One read: the newest snapshot and the commits after it. A snapshot in a format this code does not
 * read (written before an engine change) is not trusted: the whole log is replayed instead, and
 * the next commit writes a current snapshot.
 */
export async function loadMatch(store: EventStore, matchId: string): Promise<LoadedState> {
  const loaded = isMatchId(matchId) ? await store.load(matchId) : null;
  if (!loaded) throw new TabulaError("NOT_FOUND", `no match with id "${matchId}"`);
  const { snapshot, commits } = loaded;
  let keys = [...snapshot.keys];
  for (const commit of commits) if (commit.idempotency) keys.push(commit.idempotency);
  if (keys.length > KEYS_KEPT) keys = keys.slice(-KEYS_KEPT);
  if (!isCurrentSnapshot(snapshot)) {
    const state = replay(await store.readEvents(matchId, 0, Number.MAX_SAFE_INTEGER));
    return { state, secrets: snapshot.secrets, keys, snapshotVersion: null };
  }
  let state = snapshot.state;
  for (const commit of commits) state = commit.events.reduce<MatchState>(evolve, state);
  return { state, secrets: snapshot.secrets, keys, snapshotVersion: snapshot.state.version };
}
