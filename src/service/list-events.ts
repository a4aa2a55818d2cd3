import { TabulaError } from "../errors.js";
import type { MatchEvent } from "../match/events.js";
import { viewerSeat } from "./authenticate.js";
import type { ServiceDeps } from "./deps.js";
import { isMatchId } from "./load-match.js";
import type { Bearer } from "./credential.js";

export const EVENTS_PAGE_MAX = 500;

/** One page of the log, and whether later events exist (then `next` is the `after` of the next page). */
export interface EventsPage {
  readonly events: MatchEvent[];
  readonly hasMore: boolean;
  readonly next: number | null;
}

/**
 * Public log entries after `after` (events hold nothing secret; the seed appears only once
 * finished). Anyone may read them; a token that is given is checked as on every other read, so a
 * client learns at once that it holds a wrong one. One event more than asked is read, so a full
 * page says whether another follows without a second query.
 */
export async function listEvents(deps: ServiceDeps, matchId: string, token: Bearer, after = 0, limit = EVENTS_PAGE_MAX): Promise<EventsPage> {
  if (!Number.isInteger(after) || after < 0) throw new TabulaError("BAD_USER_INPUT", "`after` must be a non-negative integer");
  if (!Number.isInteger(limit) || limit < 1 || limit > EVENTS_PAGE_MAX) {
    throw new TabulaError("BAD_USER_INPUT", `\`limit\` must be an integer from 1 to ${EVENTS_PAGE_MAX}`);
  }
  const notFound = () => new TabulaError("NOT_FOUND", `no match with id "${matchId}"`);
  if (!isMatchId(matchId)) throw notFound();
  if (token !== undefined) {
    const loaded = await deps.store.load(matchId);
    if (!loaded) throw notFound();
    viewerSeat(token, loaded.snapshot.secrets);
  }
  const events = await deps.store.readEvents(matchId, after, limit + 1);
  if (events.length === 0 && after === 0) throw notFound();
  const hasMore = events.length > limit;
  if (hasMore) events.length = limit;
  return { events, hasMore, next: hasMore ? events[limit - 1]!.version : null };
}
