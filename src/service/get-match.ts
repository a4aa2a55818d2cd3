import { TabulaError } from "../errors.js";
import { replay } from "../match/evolve.js";
import type { InboxRow } from "../match/inbox-rows.js";
import { requirePlayer } from "./authenticate-player.js";
import type { ServiceDeps } from "./deps.js";
import { viewerSeat } from "./authenticate.js";
import { type LoadedState, loadMatch } from "./load-match.js";
import { type MatchView, toMatchView, type ViewedMatch } from "./match-view.js";
import type { Bearer } from "./credential.js";

/** A match to read: the local server's cache is current (it is the store's only writer); a shared store is read. */
const loadForReading = async (deps: ServiceDeps, matchId: string): Promise<LoadedState> =>
  (deps.cache?.exclusive ? deps.cache.get(matchId) : undefined) ?? (await loadMatch(deps.store, matchId));

/**
 * Reading is open to spectators; a seat token reads as that seat, whose view lists its legal
 * moves. With `version`, the match as it stood then (a replay, a picture of a past position), as
 * a spectator sees it: a past position has no moves to make. A token is checked all the same.
 */
export async function readMatch(deps: ServiceDeps, matchId: string, token: Bearer, version?: number): Promise<ViewedMatch> {
  const { state, secrets } = await loadForReading(deps, matchId);
  const seat = viewerSeat(token, secrets);
  if (version === undefined) return { state, seat };
  if (version === state.version) return { state, seat: null };
  if (version > state.version) throw new TabulaError("NOT_FOUND", `match "${matchId}" is at version ${state.version}; version ${version} has not happened`);
  return { state: replay(await deps.store.readEvents(matchId, 0, version)), seat: null };
}

/** The whole view of a read. */
export async function getMatch(deps: ServiceDeps, matchId: string, token: Bearer): Promise<MatchView> {
  const { state, seat } = await readMatch(deps, matchId, token);
  return toMatchView(state, seat);
}

/**
 * A match as a player's inbox entry shows it: as the player's seat, or, for a seat reserved for
 * the player and not taken yet, as that seat (it has no legal moves while a seat is open, and no
 * secret of it differs). An entry written before the match moved on (the player has taken the
 * seat, or the reservation lapsed) is read as the token reads it now, or as a spectator: one
 * stale entry never fails the whole inbox.
 */
export async function readInboxMatch(deps: ServiceDeps, entry: Pick<InboxRow, "matchId" | "seat" | "invited">, token: Bearer): Promise<ViewedMatch> {
  const player = entry.invited ? await requirePlayer(deps, token) : null;
  const { state, secrets } = await loadForReading(deps, entry.matchId);
  if (player && state.seating[entry.seat]?.open?.reservedFor?.id === player.id) return { state, seat: entry.seat };
  try {
    return { state, seat: viewerSeat(token, secrets) };
  } catch (error) {
    if (error instanceof TabulaError && error.code === "FORBIDDEN" && entry.invited) return { state, seat: null };
    throw error;
  }
}
