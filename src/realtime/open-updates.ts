import { TabulaError } from "../errors.js";
import { viewerSeat } from "../service/authenticate.js";
import { loadMatch } from "../service/load-match.js";
import type { EventStore } from "../store/event-store.js";
import { type CommitSignal, MatchUpdateStream } from "./match-updates.js";

/**
 * Opens one subscriber's stream in the single-process server, after the same checks as a read:
 * the match exists, and a token, if given, is one of its seats (the subscriber then sees that
 * seat's view; without a token, the spectator's).
 */
export async function openMatchUpdates(
  store: EventStore,
  signal: CommitSignal,
  token: string | undefined,
  matchId: string,
  afterVersion: number,
): Promise<MatchUpdateStream> {
  if (!Number.isInteger(afterVersion) || afterVersion < 0) {
    throw new TabulaError("BAD_USER_INPUT", "`afterVersion` must be a non-negative integer");
  }
  const { secrets } = await loadMatch(store, matchId);
  return new MatchUpdateStream(signal.timelines, signal, matchId, afterVersion, viewerSeat(token, secrets));
}
