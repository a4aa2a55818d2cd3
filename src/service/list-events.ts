import { TabulaError } from "../errors.js";
import type { MatchEvent } from "../match/events.js";
import type { ServiceDeps } from "./deps.js";

export const EVENTS_PAGE_MAX = 500;

/** Public log entries after `after` (events hold nothing secret; the seed appears only once finished). */
export async function listEvents(deps: ServiceDeps, matchId: string, after = 0, limit = EVENTS_PAGE_MAX): Promise<MatchEvent[]> {
  if (!Number.isInteger(after) || after < 0) throw new TabulaError("BAD_USER_INPUT", "`after` must be a non-negative integer");
  if (!Number.isInteger(limit) || limit < 1 || limit > EVENTS_PAGE_MAX) {
    throw new TabulaError("BAD_USER_INPUT", `\`limit\` must be an integer from 1 to ${EVENTS_PAGE_MAX}`);
  }
  const events = await deps.store.readEvents(matchId, after, limit);
  if (events.length === 0 && after === 0) throw new TabulaError("NOT_FOUND", `no match with id "${matchId}"`);
  return events;
}
