import { TabulaError } from "../errors.js";
import type { MatchSecrets } from "../match/snapshot.js";
import { seatOfToken } from "./seat-tokens.js";

/** The seat a bearer token acts for in this match; acting always needs one. */
export function requireSeat(token: string | undefined, secrets: MatchSecrets): number {
  if (!token) throw new TabulaError("UNAUTHENTICATED", "a seat token is required: Authorization: Bearer <token>");
  return viewerSeat(token, secrets) as number;
}

/** Reading is open to spectators (no token); a token that is given must belong to this match. */
export function viewerSeat(token: string | undefined, secrets: MatchSecrets): number | null {
  if (!token) return null;
  const seat = seatOfToken(token, secrets.seatTokenHashes);
  if (seat === null) throw new TabulaError("FORBIDDEN", "this token does not act for any seat of this match");
  return seat;
}
