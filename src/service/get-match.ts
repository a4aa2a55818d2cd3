import type { ServiceDeps } from "./deps.js";
import { viewerSeat } from "./authenticate.js";
import { loadMatch } from "./load-match.js";
import { type MatchView, toMatchView } from "./match-view.js";
import type { Bearer } from "./credential.js";

/** Reading is open to spectators; a seat token gives that seat's view and its legal moves. */
export async function getMatch(deps: ServiceDeps, matchId: string, token: Bearer): Promise<MatchView> {
  // The local server's cache is current (it is the store's only writer); a shared store is read.
  const cached = deps.cache?.exclusive ? deps.cache.get(matchId) : undefined;
  const { state, secrets } = cached ?? (await loadMatch(deps.store, matchId));
  return toMatchView(state, viewerSeat(token, secrets));
}
