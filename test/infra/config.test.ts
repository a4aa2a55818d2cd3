import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONTEXT_SETTINGS, deployConfig } from "../../infra/config.js";

const from = (context: Record<string, unknown>) => deployConfig((key) => context[key]);

describe("deploy settings from CDK context", () => {
  it("defaults: stage dev, any origin, 1024 MB, warn, no source maps, logs kept 30 days, 100/s bursts of 200, the log role created", () => {
    expect(from({})).toEqual({
      stage: "dev",
      allowedOrigins: ["*"],
      memorySize: 1024,
      logLevel: "warn",
      sourceMaps: false,
      logRetention: 30,
      httpThrottle: { rateLimit: 100, burstLimit: 200 },
      webSocketThrottle: { rateLimit: 100, burstLimit: 200 },
      apiGatewayLogRole: "create",
      frameAncestors: "*",
      botThinkMs: 1000,
    });
  });

  it("cdk.json spells out every default, and only those", () => {
    const { context } = JSON.parse(readFileSync(new URL("../../cdk.json", import.meta.url), "utf8")) as { context: Record<string, unknown> };
    const { "cli-telemetry": _telemetry, ...settings } = context;
    expect(from(settings)).toEqual(from({}));
    expect(settings).toEqual(Object.fromEntries(Object.entries(CONTEXT_SETTINGS).map(([name, s]) => [name, s.default])));
  });

  it("documents every setting it reads (docs/deploy.md's table): the defaults there are the defaults, and a bad value names its setting", () => {
    const defaults = Object.fromEntries(Object.entries(CONTEXT_SETTINGS).map(([name, s]) => [name, s.default]));
    expect(from(defaults)).toEqual(from({}));
    const read: string[] = [];
    deployConfig((key) => void read.push(key));
    expect([...new Set(read)].sort()).toEqual(Object.keys(CONTEXT_SETTINGS).sort());
    for (const name of Object.keys(CONTEXT_SETTINGS).filter((n) => !["allowedOrigins", "frameAncestors"].includes(n))) {
      expect(() => from({ [name]: "-1x" }), name).toThrow(name);
    }
  });

  it("reads who may frame the embed pages, one CSP value", () => {
    expect(from({ frameAncestors: "'self' https://forum.example" }).frameAncestors).toBe("'self' https://forum.example");
    expect(() => from({ frameAncestors: "*; script-src *" })).toThrow(/frameAncestors/);
  });

  it("reads the limits, the retention and the log role", () => {
    expect(
      from({ httpRateLimit: "20.5", httpBurstLimit: "40", webSocketRateLimit: 5, webSocketBurstLimit: 10, logRetentionDays: "365", apiGatewayLogRole: "existing" }),
    ).toMatchObject({
      httpThrottle: { rateLimit: 20.5, burstLimit: 40 },
      webSocketThrottle: { rateLimit: 5, burstLimit: 10 },
      logRetention: 365,
      apiGatewayLogRole: "existing",
    });
    expect(from({ logRetentionDays: 9999, apiGatewayLogRole: "off" })).toMatchObject({ logRetention: 9999, apiGatewayLogRole: "off" });
  });

  it("reads -c values (strings) and cdk.json values (numbers, booleans, lists)", () => {
    expect(from({ stage: "prod", allowedOrigins: "https://a.example, https://b.example:8443", memory: "512", logLevel: "info", sourceMaps: "true" })).toMatchObject({
      stage: "prod",
      allowedOrigins: ["https://a.example", "https://b.example:8443"],
      memorySize: 512,
      logLevel: "info",
      sourceMaps: true,
    });
    expect(from({ memory: 2048, sourceMaps: false, allowedOrigins: ["http://localhost:5173"] })).toMatchObject({
      memorySize: 2048,
      sourceMaps: false,
      allowedOrigins: ["http://localhost:5173"],
    });
  });

  it.each([
    [{ stage: "1prod" }, /stage/],
    [{ stage: "a_b" }, /stage/],
    [{ allowedOrigins: "https://a.example/" }, /allowedOrigins/],
    [{ allowedOrigins: "a.example" }, /allowedOrigins/],
    [{ allowedOrigins: " , " }, /allowedOrigins/],
    [{ memory: "64" }, /memory/],
    [{ memory: "1.5" }, /memory/],
    [{ logLevel: "verbose" }, /logLevel/],
    [{ sourceMaps: "yes" }, /sourceMaps/],
    [{ logRetentionDays: "10" }, /logRetentionDays 10: one of 1, 3, 5, 7/],
    [{ logRetentionDays: "forever" }, /logRetentionDays/],
    [{ httpRateLimit: "0" }, /httpRateLimit/],
    [{ httpRateLimit: "-1" }, /httpRateLimit/],
    [{ httpRateLimit: "fast" }, /httpRateLimit/],
    [{ httpBurstLimit: "1.5" }, /httpBurstLimit/],
    [{ webSocketRateLimit: "Infinity" }, /webSocketRateLimit/],
    [{ webSocketBurstLimit: "0" }, /webSocketBurstLimit/],
    [{ apiGatewayLogRole: "yes" }, /apiGatewayLogRole "yes": one of create, existing, off/],
  ])("refuses %j", (context, message) => {
    expect(() => from(context)).toThrow(message);
  });
});
