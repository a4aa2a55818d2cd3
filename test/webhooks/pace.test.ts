import { describe, expect, it } from "vitest";
import { Pace, WEBHOOK_RATE } from "../../src/webhooks/pace.js";

describe("the per-webhook rate", () => {
  it("lets a burst through at once, then spaces sends at the sustained rate", () => {
    let now = 0;
    const pace = new Pace({ perSecond: 10, burst: 3 }, () => now);
    expect([pace.take("a"), pace.take("a"), pace.take("a")]).toEqual([0, 0, 0]);
    // The fourth and fifth wait 100 and 200 ms: one send per 100 ms once the burst is spent.
    expect(pace.take("a")).toBeCloseTo(100);
    expect(pace.take("a")).toBeCloseTo(200);
    now = 1000;
    expect(pace.take("a")).toBe(0);
  });

  it("keeps each webhook's budget apart", () => {
    const now = 0;
    const pace = new Pace({ perSecond: 1, burst: 1 }, () => now);
    expect(pace.take("a")).toBe(0);
    expect(pace.take("b")).toBe(0);
    expect(pace.take("a")).toBeCloseTo(1000);
  });

  it("refills no further than the burst, however long a webhook was quiet", () => {
    let now = 0;
    const pace = new Pace({ perSecond: 10, burst: 2 }, () => now);
    pace.take("a");
    now = 3_600_000;
    expect([pace.take("a"), pace.take("a")]).toEqual([0, 0]);
    expect(pace.take("a")).toBeGreaterThan(0);
  });

  it("by default allows a burst of 40 and 20 a second", () => {
    expect(WEBHOOK_RATE).toEqual({ perSecond: 20, burst: 40 });
  });
});
