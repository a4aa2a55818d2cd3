/** A sustained rate and the burst allowed on top of it. */
export interface BucketSpec {
  /** Tokens added per second. */
  readonly perSecond: number;
  /** What a bucket holds at most: how many requests may come at once after a quiet spell. */
  readonly burst: number;
}

interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date, in ms. */
  at: number;
}

/** Operations between two sweeps of the buckets that have filled up again. */
const SWEEP_EVERY = 1024;

/**
 * Token buckets by key (an address, a token's hash). Each holds up to `burst` tokens and refills
 * at `perSecond`; a request takes its cost if every token is there. A bucket that has refilled
 * completely is the same as none, so such buckets are swept now and then: memory follows the
 * callers active within the last `burst / perSecond` seconds, not every caller ever seen.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private operations = 0;

  constructor(
    private readonly spec: BucketSpec,
    private readonly now: () => number = Date.now,
  ) {
    if (!(spec.perSecond > 0) || !(spec.burst >= 1)) throw new Error(`a token bucket needs a positive rate and a burst of at least 1 (got ${spec.perSecond}/s, ${spec.burst})`);
  }

  /**
   * Seconds until `cost` tokens are in `key`'s bucket; 0 when they are now. A cost beyond the
   * burst never fits: Infinity, and waiting cannot help (one GraphQL document of many aliased
   * commands asks for all of them at once, and each of them counts).
   */
  wait(key: string, cost = 1): number {
    if (cost > this.spec.burst) return Number.POSITIVE_INFINITY;
    const missing = cost - this.level(key, this.now());
    return missing <= 0 ? 0 : missing / this.spec.perSecond;
  }

  /** Takes `cost` tokens from `key`'s bucket (call after `wait` said 0). */
  take(key: string, cost = 1): void {
    const now = this.now();
    this.buckets.set(key, { tokens: this.level(key, now) - cost, at: now });
    if (++this.operations % SWEEP_EVERY === 0) this.sweep(now);
  }

  /** How many keys have a bucket that is not full (for tests). */
  get size(): number {
    return this.buckets.size;
  }

  private level(key: string, now: number): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return this.spec.burst;
    return Math.min(this.spec.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.spec.perSecond);
  }

  private sweep(now: number): void {
    for (const key of this.buckets.keys()) if (this.level(key, now) >= this.spec.burst) this.buckets.delete(key);
  }
}
