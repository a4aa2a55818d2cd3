/** How fast one webhook may be sent to: `perSecond` sustained, `burst` at once. */
export interface Rate {
  readonly perSecond: number;
  readonly burst: number;
}

/** The default per-webhook rate: far above one match's pace of play, far below a flood. */
export const WEBHOOK_RATE: Rate = { perSecond: 20, burst: 40 };

/**
 * A token bucket per webhook, so that a backlog (a webhook resumed after a day, a player's many
 * matches at once) reaches its receiver at a rate it can take, never as one flood.
 */
export class Pace {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly rate: Rate = WEBHOOK_RATE,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Takes one send of `key` and says how many milliseconds to wait before making it (0: now). */
  take(key: string): number {
    const now = this.clock();
    const bucket = this.buckets.get(key) ?? { tokens: this.rate.burst, at: now };
    const tokens = Math.min(this.rate.burst, bucket.tokens + ((now - bucket.at) * this.rate.perSecond) / 1000) - 1;
    this.buckets.set(key, { tokens, at: now });
    return tokens >= 0 ? 0 : (-tokens * 1000) / this.rate.perSecond;
  }

  /** Forgets a webhook (deleted). */
  drop(key: string): void {
    this.buckets.delete(key);
  }
}
