import { timingSafeEqual } from "node:crypto";

/**
 * A player token names its player, so that a request that has only the token (an inbox) finds
 * the player with one read: `tbp_<player id>.<256 random bits>`. The id is public; the secret
 * part is what the stored hash (of the whole token) checks.
 */
const PREFIX = "tbp_";
const PLAYER_TOKEN = /^tbp_([A-Za-z0-9_-]{1,64})\.[A-Za-z0-9_-]{16,}$/;

export const makePlayerToken = (playerId: string, random: Buffer): string => `${PREFIX}${playerId}.${random.toString("base64url")}`;

export const isPlayerToken = (token: string): boolean => token.startsWith(PREFIX);

/** The player id a token names, or null when it is not a well-formed player token. */
export const playerIdOfToken = (token: string): string | null => PLAYER_TOKEN.exec(token)?.[1] ?? null;

/** Two hex hashes, compared in constant time. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
