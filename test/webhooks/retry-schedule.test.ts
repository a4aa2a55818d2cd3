import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, RETRY_WINDOW_MS, nextAttempt } from "../../src/webhooks/retry-schedule.js";

const T0 = new Date("2026-01-01T00:00:00Z");
const delayAfter = (attempt: number, random: number) => nextAttempt(attempt, T0, random)!.getTime() - T0.getTime();

describe("the retry schedule", () => {
  it("is the documented one: 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h, 12 h, at the middle of the jitter", () => {
    expect(Array.from({ length: 9 }, (_, i) => delayAfter(i + 1, 0.5) / 1000)).toEqual([5, 30, 120, 600, 1800, 3600, 10800, 21600, 43200]);
    expect(MAX_ATTEMPTS).toBe(10);
    expect(RETRY_WINDOW_MS).toBe(((22 * 60 + 42) * 60 + 35) * 1000);
  });

  it("gives up after the tenth attempt", () => {
    expect(nextAttempt(9, T0, 0.5)).not.toBeNull();
    expect(nextAttempt(10, T0, 0.5)).toBeNull();
    expect(nextAttempt(11, T0, 0.5)).toBeNull();
  });

  it("spreads each delay from 80 % to 120 % with the random number", () => {
    for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
      expect(delayAfter(i + 1, 0)).toBe(Math.round(delay * 0.8));
      expect(delayAfter(i + 1, 0.999999)).toBeLessThanOrEqual(delay * 1.2);
      expect(delayAfter(i + 1, 0.999999)).toBeGreaterThan(delay * 1.19);
    }
    expect(delayAfter(3, 0.25)).toBe(120_000 * 0.9);
  });

  it("always grows, whatever the jitter: the longest of one step is shorter than the shortest of the next", () => {
    for (let attempt = 1; attempt < RETRY_DELAYS_MS.length; attempt++) expect(delayAfter(attempt, 0.999999)).toBeLessThan(delayAfter(attempt + 1, 0));
  });

  it("counts from the failed attempt's time", () => {
    expect(nextAttempt(1, new Date(T0.getTime() + 60_000), 0.5)).toEqual(new Date(T0.getTime() + 65_000));
  });

  it("refuses an attempt number or a random number out of range", () => {
    expect(() => nextAttempt(0, T0, 0.5)).toThrow(RangeError);
    expect(() => nextAttempt(1.5, T0, 0.5)).toThrow(RangeError);
    expect(() => nextAttempt(1, T0, 1)).toThrow(RangeError);
    expect(() => nextAttempt(1, T0, -0.1)).toThrow(RangeError);
    expect(() => nextAttempt(1, T0, Number.NaN)).toThrow(RangeError);
  });
});
