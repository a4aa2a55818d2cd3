import { describe, expect, it } from "vitest";
import { deployConfig } from "../../infra/config.js";

const from = (context: Record<string, unknown>) => deployConfig((key) => context[key]);

describe("deploy settings from CDK context", () => {
  it("defaults: stage dev, any origin, 1024 MB, warn, no source maps", () => {
    expect(from({})).toEqual({ stage: "dev", allowedOrigins: ["*"], memorySize: 1024, logLevel: "warn", sourceMaps: false });
  });

  it("reads -c values (strings) and cdk.json values (numbers, booleans, lists)", () => {
    expect(from({ stage: "prod", allowedOrigins: "https://a.example, https://b.example:8443", memory: "512", logLevel: "info", sourceMaps: "true" })).toEqual({
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
  ])("refuses %j", (context, message) => {
    expect(() => from(context)).toThrow(message);
  });
});
