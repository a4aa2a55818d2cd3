import type { MatchState } from "../match/state.js";

/**
 * The newest state the fan-out has computed of each match, kept while the function stays warm:
 * a stream record carries its commit's events, so the next commit's live updates are evolved
 * from here without reading the match again. Stream records of a match come in order, to one
 * invocation at a time, so the state kept is normally the one right before the next commit; a
 * gap (a cold start, a record given up) costs one read. The oldest match is forgotten past
 * `limit`.
 */
export class RecentStates {
  private readonly states = new Map<string, MatchState>();
  constructor(private readonly limit = 1000) {}

  get(matchId: string): MatchState | undefined {
    return this.states.get(matchId);
  }

  set(matchId: string, state: MatchState): void {
    this.states.delete(matchId);
    this.states.set(matchId, state);
    if (this.states.size > this.limit) this.states.delete(this.states.keys().next().value!);
  }
}
