import type { MatchEvent } from "../match/events.js";
import { type MatchView, toMatchView } from "./match-view.js";
import type { TimelineEntry } from "./timeline.js";

/** What `matchUpdated` yields: one committed event and the match as this subscriber may see it. */
export interface MatchUpdate {
  readonly version: number;
  readonly event: MatchEvent;
  readonly match: MatchView;
}

/** The seat's view (or the spectator's): the same filtering as every other read. */
export const updateFor = (entry: TimelineEntry, seat: number | null): MatchUpdate => ({
  version: entry.event.version,
  event: entry.event,
  match: toMatchView(entry.state, seat),
});
