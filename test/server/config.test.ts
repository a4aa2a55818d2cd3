import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { configFrom, describeStore } from "../../src/server/config.js";
import { DEFAULT_RATE_LIMITS } from "../../src/server/rate-limiter.js";

describe("configFrom", () => {
  it("has safe defaults: port 4000, loopback only, the Level store under .data, table tabula, quiet", () => {
    expect(configFrom([], {})).toEqual({
      help: false,
      options: {
        port: 4000,
        host: "127.0.0.1",
        store: "level",
        memory: false,
        dataDir: resolve(".data"),
        dynamoEndpoint: undefined,
        region: undefined,
        tableName: "tabula",
        logLevel: "warn",
        rateLimits: DEFAULT_RATE_LIMITS,
      },
    });
  });

  it("limits commands and new matches per client unless told not to; each limit is <rate>/<unit>,<burst>", () => {
    const limitsOf = (argv: string[], env: NodeJS.ProcessEnv) => {
      const config = configFrom(argv, env);
      return config.help ? "help" : config.options.rateLimits;
    };
    expect(limitsOf(["--rate-limits", "off"], {})).toBeUndefined();
    expect(limitsOf([], { TABULA_RATE_LIMITS: "OFF" })).toBeUndefined();
    expect(limitsOf(["--rate-limits", "on"], { TABULA_RATE_LIMITS: "off" })).toEqual(DEFAULT_RATE_LIMITS);
    expect(configFrom(["--command-limit", "5/s,10", "--match-limit", "120/h,3"], { TABULA_IP_COMMAND_LIMIT: "30/min,60" })).toMatchObject({
      options: {
        rateLimits: {
          commandsPerToken: { perSecond: 5, burst: 10 },
          commandsPerIp: { perSecond: 0.5, burst: 60 },
          matchesPerIp: { perSecond: 120 / 3600, burst: 3 },
        },
      },
    });
    expect(() => configFrom(["--rate-limits", "maybe"], {})).toThrow(/--rate-limits/);
    for (const bad of ["20", "20/s", "0/s,10", "20/day,40", "20/s,0", "x/s,1"]) expect(() => configFrom(["--command-limit", bad], {}), bad).toThrow(/--command-limit/);
    // A mistake is reported even with the limits off.
    expect(() => configFrom(["--rate-limits", "off", "--match-limit", "lots"], {})).toThrow(/--match-limit/);
  });

  it("reads the environment, and flags win over it", () => {
    const env = { PORT: "5000", HOST: "0.0.0.0", TABULA_DATA_DIR: "/tmp/x", TABLE_NAME: "t", LOG_LEVEL: "INFO", DYNAMODB_ENDPOINT: "http://localhost:8000", AWS_REGION: "eu-west-1" };
    expect(configFrom([], env)).toMatchObject({ options: { port: 5000, host: "0.0.0.0", dataDir: "/tmp/x", tableName: "t", logLevel: "info", dynamoEndpoint: "http://localhost:8000", region: "eu-west-1" } });
    expect(configFrom(["--port", "0", "--host", "::1", "--memory", "--data-dir", "/tmp/y", "--table", "u"], env)).toMatchObject({
      options: { port: 0, host: "::1", memory: true, dataDir: "/tmp/y", tableName: "u" },
    });
  });

  it("keeps matches in the Level store unless told, or unless DynamoDB is needed: DYNAMODB_ENDPOINT, --gateway=lambda", () => {
    const storeOf = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
      const config = configFrom(argv, env);
      return config.help ? "help" : config.options.store;
    };
    expect(storeOf([])).toBe("level");
    expect(storeOf(["--store", "dynamodb"])).toBe("dynamodb");
    expect(storeOf([], { TABULA_STORE: "dynamodb" })).toBe("dynamodb");
    expect(storeOf(["--store", "level"], { TABULA_STORE: "dynamodb" })).toBe("level");
    expect(storeOf([], { DYNAMODB_ENDPOINT: "http://localhost:8000" })).toBe("dynamodb");
    expect(storeOf(["--gateway", "lambda"])).toBe("dynamodb");
    expect(storeOf(["--gateway", "lambda", "--store", "dynamodb", "--memory"])).toBe("dynamodb");
    expect(() => configFrom(["--store", "level"], { DYNAMODB_ENDPOINT: "http://localhost:8000" })).toThrow(/DYNAMODB_ENDPOINT always means DynamoDB/);
    expect(() => configFrom(["--store", "level", "--gateway", "lambda"], {})).toThrow(/--gateway=lambda runs on the embedded DynamoDB store.*--store dynamodb/);
    expect(() => configFrom(["--store", "sqlite"], {})).toThrow(/--store "sqlite"; use level or dynamodb/);
  });

  it("names the store in the start-up line", () => {
    const line = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
      const config = configFrom(argv, env);
      return config.help ? "help" : describeStore(config.options);
    };
    expect(line(["--data-dir", "/d"])).toBe("Level store in /d/tabula-level");
    expect(line(["--memory"])).toBe("Level store in memory");
    expect(line(["--store", "dynamodb", "--data-dir", "/d"])).toBe("embedded DynamoDB store (dynalite) in /d");
    expect(line(["--gateway", "lambda", "--memory"])).toBe("embedded DynamoDB store (dynalite) in memory, which --gateway=lambda runs on (apart from the Level store)");
    expect(line([], { DYNAMODB_ENDPOINT: "http://localhost:8000" })).toBe("DynamoDB at http://localhost:8000");
  });

  it("says who may frame the embed pages: --frame-ancestors, else TABULA_FRAME_ANCESTORS; one policy value only", () => {
    const of = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
      const config = configFrom(argv, env);
      return config.help ? null : config.options.frameAncestors;
    };
    expect(of([])).toBeUndefined();
    expect(of([], { TABULA_FRAME_ANCESTORS: "https://forum.example" })).toBe("https://forum.example");
    expect(of(["--frame-ancestors", "'self' https://a.example"], { TABULA_FRAME_ANCESTORS: "https://b.example" })).toBe("'self' https://a.example");
    expect(() => configFrom(["--frame-ancestors", "* ; script-src *"], {})).toThrow(/frame-ancestors/);
    expect(() => configFrom(["--frame-ancestors", "a\r\nx-evil: 1"], {})).toThrow(/frame-ancestors/);
  });

  it("refuses bad values and unknown flags; --help asks for usage", () => {
    expect(() => configFrom(["--port", "http"], {})).toThrow(/port/);
    expect(() => configFrom(["--port", "70000"], {})).toThrow(/port/);
    expect(() => configFrom([], { LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
    expect(() => configFrom(["--verbose"], {})).toThrow();
    expect(configFrom(["-h"], {})).toEqual({ help: true });
  });
});
