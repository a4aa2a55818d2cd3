import { describe, expect, it } from "vitest";
import { addressKey } from "../../src/api/address-key.js";
import { createRateLimiter, DEFAULT_RATE_LIMITS } from "../../src/server/rate-limiter.js";

const limits = {
  commandsPerToken: { perSecond: 1, burst: 2 },
  commandsPerIp: { perSecond: 1, burst: 3 },
  matchesPerIp: { perSecond: 1 / 60, burst: 1 },
};

describe("the local server's rate limiter", () => {
  it("limits commands per token and per address, taking from both only when both have room", () => {
    let ms = 0;
    const limit = createRateLimiter(limits, () => ms);
    const a = { ip: "10.0.0.1", tokenHash: "aa" };
    const b = { ip: "10.0.0.1", tokenHash: "bb" };
    expect([limit("command", a, 1), limit("command", a, 1)]).toEqual([0, 0]);
    // Token a is spent; b still has its own, but the address has one command left.
    expect(limit("command", a, 1)).toBeCloseTo(1);
    expect(limit("command", b, 1)).toBe(0);
    expect(limit("command", b, 1)).toBeCloseTo(1);
    // Another address is not affected; a refused command took nothing.
    expect(limit("command", { ip: "10.0.0.2", tokenHash: "cc" }, 1)).toBe(0);
    ms += 1000;
    expect(limit("command", a, 1)).toBe(0);
  });

  it("limits new matches per address, apart from commands", () => {
    const limit = createRateLimiter(limits, () => 0);
    const caller = { ip: "10.0.0.1", tokenHash: undefined };
    expect(limit("createMatch", caller, 1)).toBe(0);
    expect(limit("createMatch", caller, 1)).toBeCloseTo(60);
    expect(limit("command", caller, 1)).toBe(0);
  });

  it("keys IPv4 as is, also mapped into IPv6, and IPv6 by its /64", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey(undefined)).toBe("unknown");
  });

  it("has generous defaults: 20 commands a second per token (40 at once), 10 new matches a minute per address (20 at once)", () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({
      commandsPerToken: { perSecond: 20, burst: 40 },
      commandsPerIp: { perSecond: 100, burst: 200 },
      matchesPerIp: { perSecond: 10 / 60, burst: 20 },
    });
  });
});
