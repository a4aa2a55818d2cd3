import type { MatchState } from "../match/state.js";
import { evolve } from "../match/evolve.js";
import { type IdempotencyRecord, KEYS_KEPT, type MatchSecrets } from "../match/snapshot.js";
import type { EventStore } from "../store/event-store.js";
import { TabulaError } from "../errors.js";

/** A match rebuilt from its newest snapshot and the few commits after it. */
export interface LoadedState {
  readonly state: MatchState;
  readonly secrets: MatchSecrets;
  readonly keys: readonly IdempotencyRecord[];
  /** Version of the newest snapshot, to know when the next one is due. */
  readonly snapshotVersion: number;
}

const MATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;

export async function loadMatch(store: EventStore, matchId: string): Promise<LoadedState> {
  const loaded = MATCH_ID.test(matchId) ? await store.load(matchId) : null;
  if (!loaded) throw new TabulaError("NOT_FOUND", `no match with id "${matchId}"`);
  let state = loaded.snapshot.state;
  let keys = [...loaded.snapshot.keys];
  for (const commit of loaded.commits) {
    state = commit.events.reduce<MatchState>(evolve, state);
    if (commit.idempotency) keys.push(commit.idempotency);
  }
  if (keys.length > KEYS_KEPT) keys = keys.slice(-KEYS_KEPT);
  return { state, secrets: loaded.snapshot.secrets, keys, snapshotVersion: loaded.snapshot.state.version };
}
