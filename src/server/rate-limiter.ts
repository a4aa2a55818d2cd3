import { addressKey } from "../api/address-key.js";
import type { RateLimiter } from "../api/rate-limit.js";
import { type BucketSpec, TokenBuckets } from "./token-bucket.js";

/** The local server's limits on how often one client may act. */
export interface RateLimits {
  /** Commands (rollDice, submitMove, joins, claims, resignations, draws, aborts) per seat or player token. */
  readonly commandsPerToken: BucketSpec;
  /** Commands per client address, every token it uses together. */
  readonly commandsPerIp: BucketSpec;
  /** New matches and new players per client address. */
  readonly matchesPerIp: BucketSpec;
}

/**
 * Generous enough that no honest client meets them, tight enough that a loop cannot flood the
 * store (docs/api.md, "Rate limits"):
 * - a person acts a few times a minute and a bot's turn is a roll and a move: 20 commands a
 *   second per token, 40 at once, lets the fastest bot through and stops a runaway loop;
 * - one address may hold many seats (a bot host, players behind one NAT): 100 a second, 200 at
 *   once, is five seats at full speed;
 * - every match is kept for good, so creating matches is the cheapest way to fill the store:
 *   10 a minute per address, with a tournament's 20 at once.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  commandsPerToken: { perSecond: 20, burst: 40 },
  commandsPerIp: { perSecond: 100, burst: 200 },
  matchesPerIp: { perSecond: 10 / 60, burst: 20 },
};

/**
 * Token buckets per client address and per seat token. A command must fit both its address's
 * bucket and its token's, and takes from both only when it does; a new match needs its
 * address's. Tokens are keyed by their hash, so no secret stays in memory, and a token counts
 * the same over HTTP and over a WebSocket (which knows only the hash).
 */
export function createRateLimiter(limits: RateLimits, now: () => number = Date.now): RateLimiter {
  const perToken = new TokenBuckets(limits.commandsPerToken, now);
  const perIp = new TokenBuckets(limits.commandsPerIp, now);
  const matches = new TokenBuckets(limits.matchesPerIp, now);
  return (kind, caller, cost) => {
    const address = addressKey(caller.ip);
    const buckets: [TokenBuckets, string][] =
      kind === "createMatch" ? [[matches, address]] : [[perIp, address], ...(caller.tokenHash ? [[perToken, caller.tokenHash] as [TokenBuckets, string]] : [])];
    const wait = Math.max(...buckets.map(([bucket, key]) => bucket.wait(key, cost)));
    if (wait === 0) for (const [bucket, key] of buckets) bucket.take(key, cost);
    return wait;
  };
}
