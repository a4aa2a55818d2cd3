import { createHash, timingSafeEqual } from "node:crypto";

/** Seat tokens are bearer secrets: 256 random bits, stored only as SHA-256. */
export const makeSeatToken = (random: Buffer): string => `tbl_${random.toString("base64url")}`;

export const hashSeatToken = (token: string): string => createHash("sha256").update(token, "utf8").digest("hex");

/**
 * The seat of a token's hash, or null. Every seat's hash is compared, in constant time, so the
 * timing tells nothing about which seat (or how much of a hash) matched.
 */
export function seatOfTokenHash(tokenHash: string, seatTokenHashes: readonly string[]): number | null {
  const candidate = Buffer.from(tokenHash, "hex");
  let seat: number | null = null;
  seatTokenHashes.forEach((hash, index) => {
    const stored = Buffer.from(hash, "hex");
    if (stored.length === candidate.length && timingSafeEqual(stored, candidate) && seat === null) seat = index;
  });
  return seat;
}
