import type { EventStore } from "../store/event-store.js";
import { type Timeline, timelineAfter } from "../service/timeline.js";

/**
 * Reads each match's timeline once for all its subscribers, from the oldest version any of them
 * needs: a stream batch (AWS) or a commit signal (local) wakes every subscriber of a match at
 * once, and they would otherwise all read the same commits. `refresh` forgets a match when it
 * has new commits.
 */
export class TimelineCache {
  private readonly cache = new Map<string, { after: number; timeline: Promise<Timeline> }>();
  constructor(private readonly store: EventStore) {}

  get(matchId: string, after: number): Promise<Timeline> {
    const cached = this.cache.get(matchId);
    if (cached && cached.after <= after) return cached.timeline;
    const timeline = timelineAfter(this.store, matchId, after);
    this.cache.set(matchId, { after, timeline });
    return timeline;
  }

  /** Forget a match, so that the next read sees commits made since. */
  refresh(matchId: string): void {
    this.cache.delete(matchId);
  }
}
