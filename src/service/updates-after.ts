import { TabulaError } from "../errors.js";
import { viewerSeat } from "./authenticate.js";
import type { ServiceDeps } from "./deps.js";
import { type MatchUpdate, updateFor } from "./match-update.js";
import { timelineAfter } from "./timeline.js";
import type { Bearer } from "./credential.js";

/** How many updates one catch-up answer carries at most; the client resumes from the last one. */
export const UPDATES_PAGE_MAX = 500;

/** The updates after `after` as the token's seat (or a spectator) may see them, and that seat. */
export async function updatesAfter(deps: ServiceDeps, matchId: string, token: Bearer, after: number): Promise<{ updates: MatchUpdate[]; finished: boolean; seat: number | null }> {
  if (!Number.isInteger(after) || after < 0) throw new TabulaError("BAD_USER_INPUT", "`after` must be a non-negative integer");
  const timeline = await timelineAfter(deps.store, matchId, after);
  const seat = viewerSeat(token, timeline.secrets);
  const updates = timeline.entries.slice(0, UPDATES_PAGE_MAX).map((entry) => updateFor(entry, seat));
  return { updates, finished: timeline.latest.status === "FINISHED" && updates.length === timeline.entries.length, seat };
}
