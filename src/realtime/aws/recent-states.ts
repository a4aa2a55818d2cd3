import type { MatchState } from "../../match/state.js";

/**
 * What the fan-out knows of each match while the function stays warm, the oldest match
 * forgotten past `limit`:
 * - the newest state it has computed: a stream record carries its commit's events, so the next
 *   commit's live updates are evolved from here without reading the match again. Stream records
 *   of a match come in order, to one invocation at a time, so the state kept is normally the one
 *   right before the next commit; a gap (a cold start, a record given up) costs one read.
 * - the version through which it has sent every subscriber it followed: Lambda hands a batch
 *   over at least once, and one handed over again after it was delivered sends nothing twice.
 */
export class RecentStates {
  private readonly matches = new Map<string, { state?: MatchState; delivered: number }>();
  constructor(private readonly limit = 1000) {}

  get(matchId: string): MatchState | undefined {
    return this.matches.get(matchId)?.state;
  }

  set(matchId: string, state: MatchState): void {
    this.touch(matchId, { state, delivered: this.delivered(matchId) });
  }

  /** Through which version every followed subscriber has been sent the match; 0 if unknown. */
  delivered(matchId: string): number {
    return this.matches.get(matchId)?.delivered ?? 0;
  }

  /** The match has no followers now: nothing is known to be theirs (and no claim is made early for them). */
  forgetDelivered(matchId: string): void {
    const known = this.matches.get(matchId);
    if (known) known.delivered = 0;
  }

  recordDelivered(matchId: string, version: number): void {
    const known = this.matches.get(matchId);
    if (version > (known?.delivered ?? 0)) this.touch(matchId, { state: known?.state, delivered: version });
  }

  private touch(matchId: string, entry: { state?: MatchState; delivered: number }): void {
    this.matches.delete(matchId);
    this.matches.set(matchId, entry);
    if (this.matches.size > this.limit) this.matches.delete(this.matches.keys().next().value!);
  }
}
