import { TabulaError } from "../errors.js";
import type { MatchSecrets } from "../match/snapshot.js";
import { asCredential, type Bearer } from "./credential.js";
import { seatOfTokenHash } from "./seat-tokens.js";

/** The seat a bearer token acts for in this match; acting always needs one. */
export function requireSeat(token: Bearer, secrets: MatchSecrets): number {
  if (!token) throw new TabulaError("UNAUTHENTICATED", "a seat or player token is required: Authorization: Bearer <token>");
  return viewerSeat(token, secrets) as number;
}

/** Reading is open to spectators (no token); a token that is given must belong to this match. */
export const viewerSeat = (token: Bearer, secrets: MatchSecrets): number | null => viewerSeatOfHash(token ? asCredential(token)!.hash : null, secrets);

/**
 * The same, from a token's hash (a WebSocket connection keeps only the hash of its token). A
 * seat's own token acts for it, and so does the token of the player holding it: both lists are
 * always compared in full, so the timing does not tell which kind matched.
 */
export function viewerSeatOfHash(tokenHash: string | null, secrets: MatchSecrets): number | null {
  if (tokenHash === null) return null;
  const bySeatToken = seatOfTokenHash(tokenHash, secrets.seatTokenHashes);
  const byPlayerToken = seatOfTokenHash(tokenHash, secrets.playerTokenHashes ?? []);
  const seat = bySeatToken ?? byPlayerToken;
  if (seat === null) throw new TabulaError("FORBIDDEN", "this token does not act for any seat of this match");
  return seat;
}
