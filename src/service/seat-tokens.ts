import { hash, timingSafeEqual } from "node:crypto";

/**
 * Bearer secrets: seat tokens (`tbl_`), player tokens (`tbp_`, see player-tokens.ts) and
 * invitation codes (`tbi_`), each 256 random bits, all stored only as SHA-256.
 */
export const makeSeatToken = (random: Buffer): string => `tbl_${random.toString("base64url")}`;
export const makeInvitationCode = (random: Buffer): string => `tbi_${random.toString("base64url")}`;

// The one-shot hash: a Hash object costs more to make than the digest of a token (every request hashes one).
export const hashSeatToken = (token: string): string => hash("sha256", token, "hex");
/** The same hash for every kind of secret. */
export const hashToken = hashSeatToken;

/**
 * The index of a token's hash among stored hashes (null entries: none there), or null. Every
 * hash is compared, in constant time, so the timing tells nothing about which one (or how much
 * of a hash) matched.
 */
export function seatOfTokenHash(tokenHash: string, hashes: readonly (string | null)[]): number | null {
  const candidate = Buffer.from(tokenHash, "hex");
  let seat: number | null = null;
  hashes.forEach((hash, index) => {
    const stored = Buffer.from(hash ?? "", "hex");
    if (stored.length === candidate.length && timingSafeEqual(stored, candidate) && seat === null) seat = index;
  });
  return seat;
}
