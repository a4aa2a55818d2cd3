import type { MatchEvent } from "../match/events.js";
import type { EventStore } from "../store/event-store.js";

/** What the service needs from the outside world; tests pass fixed clocks and bytes. */
export interface ServiceDeps {
  readonly store: EventStore;
  readonly now: () => Date;
  readonly randomBytes: (size: number) => Buffer;
  /** Called after a commit is stored (the local live-update path); AWS pushes from the stream instead. */
  readonly onCommitted?: ((matchId: string, events: readonly MatchEvent[]) => void) | undefined;
}
