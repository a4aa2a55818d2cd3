import type { MatchEvent } from "../match/events.js";
import { type MatchView, toMatchView, type ViewedMatch } from "./match-view.js";
import type { TimelineEntry } from "./timeline.js";

/**
 * What `matchUpdated` yields: one committed event, and the match it led to as one subscriber may
 * see it. The view is built from `viewed` by whoever sends the update: GraphQL builds only the
 * fields of `match` the subscription selects (resolvers.ts), SSE sends the whole view.
 */
export interface MatchUpdate {
  readonly version: number;
  readonly event: MatchEvent;
  readonly viewed: ViewedMatch;
}

/** An update as SSE sends it: the whole view, under the names GraphQL gives the fields. */
export interface WholeUpdate {
  readonly version: number;
  readonly event: MatchEvent;
  readonly match: MatchView;
}

/** The seat's view (or the spectator's): the same filtering as every other read. */
export const updateFor = (entry: TimelineEntry, seat: number | null): MatchUpdate => ({
  version: entry.event.version,
  event: entry.event,
  viewed: { state: entry.state, seat },
});

export const wholeUpdate = ({ version, event, viewed }: MatchUpdate): WholeUpdate => ({ version, event, match: toMatchView(viewed.state, viewed.seat) });
