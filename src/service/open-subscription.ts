import { TabulaError } from "../errors.js";
import { viewerSeatOfHash } from "./authenticate.js";
import type { ServiceDeps } from "./deps.js";
import { loadMatch } from "./load-match.js";

/**
 * The checks every live subscription passes before it opens, on either WebSocket path (graphql-ws
 * in the local server, API Gateway's `$default`): `afterVersion` is a non-negative integer, the
 * match exists, and a token, if given, is one of its seats. Returns the seat whose view the
 * subscriber gets (null: the spectator's).
 *
 * The catch-up is the transport's: it must read the log only once the subscriber is registered
 * where new commits will find it, or a commit landing in between would reach neither.
 */
export async function openSubscription(deps: ServiceDeps, matchId: string, afterVersion: number, tokenHash: string | null): Promise<{ seat: number | null }> {
  if (!Number.isInteger(afterVersion) || afterVersion < 0) {
    throw new TabulaError("BAD_USER_INPUT", "`afterVersion` must be a non-negative integer");
  }
  const { secrets } = await loadMatch(deps.store, matchId);
  return { seat: viewerSeatOfHash(tokenHash, secrets) };
}
