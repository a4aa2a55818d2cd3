import type { MatchEvent } from "../match/events.js";
import { evolve } from "../match/evolve.js";
import { isCurrentSnapshot, type MatchSecrets } from "../match/snapshot.js";
import type { MatchState } from "../match/state.js";
import type { EventStore } from "../store/event-store.js";
import { TabulaError } from "../errors.js";

/** A committed event and the state right after it: what one live update carries. */
export interface TimelineEntry {
  readonly event: MatchEvent;
  readonly state: MatchState;
}

export interface Timeline {
  readonly entries: readonly TimelineEntry[];
  readonly secrets: MatchSecrets;
  /** The newest version committed when the timeline was read. */
  readonly version: number;
  /** The match at that version. */
  readonly latest: MatchState;
}

/**
 * Every event after `after` with the state it produced. Live subscribers are near the head of
 * the log, which the newest snapshot covers (one read, at most a snapshot interval replayed);
 * only a subscriber resuming from before that snapshot costs a replay from the start.
 */
export async function timelineAfter(store: EventStore, matchId: string, after: number): Promise<Timeline> {
  const loaded = await store.load(matchId);
  if (!loaded) throw new TabulaError("NOT_FOUND", `no match with id "${matchId}"`);
  const { snapshot } = loaded;
  const fromSnapshot = after >= snapshot.state.version && isCurrentSnapshot(snapshot);
  const events = fromSnapshot
    ? loaded.commits.flatMap((c) => c.events)
    : await store.readEvents(matchId, 0, Number.MAX_SAFE_INTEGER);
  let state: MatchState | null = fromSnapshot ? snapshot.state : null;
  const entries: TimelineEntry[] = [];
  for (const event of events) {
    state = evolve(state, event);
    if (event.version > after) entries.push({ event, state });
  }
  const latest = state ?? snapshot.state;
  return { entries, secrets: snapshot.secrets, version: latest.version, latest };
}
