import type { ServiceDeps } from "./deps.js";
import { viewerSeat } from "./authenticate.js";
import { loadMatch } from "./load-match.js";
import { type MatchView, toMatchView, type ViewedMatch } from "./match-view.js";
import type { Bearer } from "./credential.js";

/** Reading is open to spectators; a seat token reads as that seat, whose view lists its legal moves. */
export async function readMatch(deps: ServiceDeps, matchId: string, token: Bearer): Promise<ViewedMatch> {
  // The local server's cache is current (it is the store's only writer); a shared store is read.
  const cached = deps.cache?.exclusive ? deps.cache.get(matchId) : undefined;
  const { state, secrets } = cached ?? (await loadMatch(deps.store, matchId));
  return { state, seat: viewerSeat(token, secrets) };
}

/** The whole view of a read. */
export async function getMatch(deps: ServiceDeps, matchId: string, token: Bearer): Promise<MatchView> {
  const { state, seat } = await readMatch(deps, matchId, token);
  return toMatchView(state, seat);
}
