import { TabulaError } from "../errors.js";
import { type MatchArchive, toArchive } from "../match/archive.js";
import type { MatchEvent } from "../match/events.js";
import { replay } from "../match/evolve.js";
import { viewerSeat } from "./authenticate.js";
import type { Bearer } from "./credential.js";
import type { ServiceDeps } from "./deps.js";
import { EVENTS_PAGE_MAX } from "./list-events.js";
import { loadMatch } from "./load-match.js";

/** The whole log, page after page, up to the version the match was read at. */
async function wholeLog(deps: ServiceDeps, matchId: string, version: number): Promise<MatchEvent[]> {
  const events: MatchEvent[] = [];
  while (events.length < version) {
    const page = await deps.store.readEvents(matchId, events.length, EVENTS_PAGE_MAX);
    if (page.length === 0) throw new Error(`match ${matchId} is at version ${version} but its log ends at ${events.length}`);
    events.push(...page);
  }
  return events.slice(0, version);
}

/**
 * The archive of a finished match (src/match/archive.ts), with its text notation when `notation`
 * writes one. Open to anyone (a given token is checked, as on every read). A match not finished yet
 * is MATCH_NOT_FINISHED rather than an archive without its seed: an archive is for checking, and
 * without the seed no roll can be checked. The state comes from the log itself, replayed here, so
 * the archive says what its own events say.
 */
export async function matchArchive(deps: ServiceDeps, matchId: string, token: Bearer, notation: (events: readonly MatchEvent[]) => string | null): Promise<MatchArchive> {
  const { state, secrets } = await loadMatch(deps.store, matchId);
  viewerSeat(token, secrets);
  if (state.status !== "FINISHED") {
    throw new TabulaError("MATCH_NOT_FINISHED", `match "${matchId}" is ${state.status}: its archive, with the dice seed, exists once it is finished`, { status: state.status });
  }
  const events = await wholeLog(deps, matchId, state.version);
  const archive = toArchive(events, replay(events), notation(events));
  if (!archive) throw new Error(`match ${matchId} is finished but its log does not end with MatchFinished`);
  return archive;
}
