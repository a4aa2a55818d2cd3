import type { ServiceDeps } from "./deps.js";
import { viewerSeat } from "./authenticate.js";
import { loadMatch } from "./load-match.js";
import { type MatchView, toMatchView } from "./match-view.js";

/** Reading is open to spectators; a seat token gives that seat's view and its legal moves. */
export async function getMatch(deps: ServiceDeps, matchId: string, token: string | undefined): Promise<MatchView> {
  const { state, secrets } = await loadMatch(deps.store, matchId);
  return toMatchView(state, viewerSeat(token, secrets));
}
