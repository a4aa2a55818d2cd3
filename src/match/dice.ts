import { createHash, createHmac } from "node:crypto";

/**
 * Verifiable dice. The seed is drawn at creation and only its SHA-256 is published; roll n is
 * HMAC-SHA256(seed, "<matchId>:<n>") read byte by byte, bytes >= 252 skipped (252 = 42 * 6, so
 * `byte % 6` has no bias), each die `byte % 6 + 1`. Anyone holding the revealed seed and the log
 * can re-derive every roll; nobody without the seed can predict one.
 */
const UNBIASED_LIMIT = 252;

export const diceCommitment = (seedHex: string): string =>
  createHash("sha256").update(Buffer.from(seedHex, "hex")).digest("hex");

export function deriveRoll(seedHex: string, matchId: string, n: number, count: number): number[] {
  const bytes = createHmac("sha256", Buffer.from(seedHex, "hex")).update(`${matchId}:${n}`, "utf8").digest();
  const dice: number[] = [];
  for (const byte of bytes) {
    if (dice.length === count) break;
    if (byte < UNBIASED_LIMIT) dice.push((byte % 6) + 1);
  }
  // 32 bytes hold at most 5 dice with overwhelming probability (a shortfall needs 28+ rejected
  // bytes, p < 1e-45); the scheme is fixed for verifiers, so a shortfall is a hard error.
  if (dice.length < count) throw new Error(`roll ${n} of match ${matchId} exhausted its bytes`);
  return dice;
}

export const SEED_BYTES = 32;
export const isSeedHex = (s: string): boolean => /^[0-9a-f]{64}$/.test(s);
