import { describe, expect, it } from "vitest";
import { TokenBuckets } from "../../src/server/token-bucket.js";

/** A clock the test moves by hand. */
const clock = () => {
  let ms = 1_000_000;
  return { now: () => ms, advance: (seconds: number) => void (ms += seconds * 1000) };
};

describe("TokenBuckets", () => {
  it("lets a burst through at once, then the sustained rate, and says how long to wait", () => {
    const c = clock();
    const buckets = new TokenBuckets({ perSecond: 2, burst: 4 }, c.now);
    for (let i = 0; i < 4; i++) {
      expect(buckets.wait("a")).toBe(0);
      buckets.take("a");
    }
    expect(buckets.wait("a")).toBeCloseTo(0.5);
    c.advance(0.25);
    expect(buckets.wait("a")).toBeCloseTo(0.25);
    c.advance(0.25);
    expect(buckets.wait("a")).toBe(0);
    buckets.take("a");
    expect(buckets.wait("a")).toBeCloseTo(0.5);
    // Another key has its own bucket.
    expect(buckets.wait("b")).toBe(0);
  });

  it("refills no further than the burst, however long the pause", () => {
    const c = clock();
    const buckets = new TokenBuckets({ perSecond: 10, burst: 3 }, c.now);
    buckets.take("a", 3);
    c.advance(3600);
    expect(buckets.wait("a", 3)).toBe(0);
    buckets.take("a", 3);
    expect(buckets.wait("a")).toBeCloseTo(0.1);
  });

  it("never admits a cost beyond the burst (Infinity: no wait helps), and counts every token of a cost it admits", () => {
    const c = clock();
    const buckets = new TokenBuckets({ perSecond: 1, burst: 5 }, c.now);
    expect(buckets.wait("a", 6)).toBe(Number.POSITIVE_INFINITY);
    c.advance(60_000);
    expect(buckets.wait("a", 6)).toBe(Number.POSITIVE_INFINITY);
    expect(buckets.wait("a", 5)).toBe(0);
    buckets.take("a", 5);
    expect(buckets.wait("a", 1)).toBeCloseTo(1);
    expect(buckets.wait("a", 5)).toBeCloseTo(5);
  });

  it("forgets buckets that have filled up again, so memory follows the active callers", () => {
    const c = clock();
    const buckets = new TokenBuckets({ perSecond: 1, burst: 2 }, c.now);
    for (let i = 0; i < 1000; i++) buckets.take(`caller-${i}`);
    expect(buckets.size).toBe(1000);
    c.advance(2);
    for (let i = 0; i < 24; i++) buckets.take("busy");
    expect(buckets.size).toBe(1);
  });

  it("refuses a rate or burst that could never admit anything", () => {
    expect(() => new TokenBuckets({ perSecond: 0, burst: 1 })).toThrow(/positive rate/);
    expect(() => new TokenBuckets({ perSecond: 1, burst: 0 })).toThrow(/burst/);
  });
});
