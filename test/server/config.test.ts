import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { configFrom } from "../../src/server/config.js";

describe("configFrom", () => {
  it("has safe defaults: port 4000, loopback only, data under .data, table tabula, quiet", () => {
    expect(configFrom([], {})).toEqual({
      help: false,
      options: { port: 4000, host: "127.0.0.1", memory: false, dataDir: resolve(".data"), dynamoEndpoint: undefined, region: undefined, tableName: "tabula", logLevel: "warn" },
    });
  });

  it("reads the environment, and flags win over it", () => {
    const env = { PORT: "5000", HOST: "0.0.0.0", TABULA_DATA_DIR: "/tmp/x", TABLE_NAME: "t", LOG_LEVEL: "INFO", DYNAMODB_ENDPOINT: "http://localhost:8000", AWS_REGION: "eu-west-1" };
    expect(configFrom([], env)).toMatchObject({ options: { port: 5000, host: "0.0.0.0", dataDir: "/tmp/x", tableName: "t", logLevel: "info", dynamoEndpoint: "http://localhost:8000", region: "eu-west-1" } });
    expect(configFrom(["--port", "0", "--host", "::1", "--memory", "--data-dir", "/tmp/y", "--table", "u"], env)).toMatchObject({
      options: { port: 0, host: "::1", memory: true, dataDir: "/tmp/y", tableName: "u" },
    });
  });

  it("refuses bad values and unknown flags; --help asks for usage", () => {
    expect(() => configFrom(["--port", "http"], {})).toThrow(/port/);
    expect(() => configFrom(["--port", "70000"], {})).toThrow(/port/);
    expect(() => configFrom([], { LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
    expect(() => configFrom(["--verbose"], {})).toThrow();
    expect(configFrom(["-h"], {})).toEqual({ help: true });
  });
});
