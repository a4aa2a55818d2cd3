import { describe, expect, it } from "vitest";
import { functionConfig, liveFunctionConfig } from "../../functions/config.js";
import { DEPLOYED_POLICY, LOCAL_POLICY } from "../../src/webhooks/target-policy.js";

const MANAGEMENT = "https://abc123.execute-api.eu-west-1.amazonaws.com/prod";

describe("functions/config", () => {
  it("reads the table, the store endpoint, the region and the log level; defaults to warn", () => {
    expect(functionConfig({ TABLE_NAME: "tabula" })).toEqual({ tableName: "tabula", dynamo: { endpoint: undefined, region: undefined }, logLevel: "warn", cacheMatches: 500, webhookPolicy: DEPLOYED_POLICY });
    expect(functionConfig({ TABLE_NAME: "tabula", DYNAMODB_ENDPOINT: "http://127.0.0.1:8000", AWS_REGION: "eu-west-1", LOG_LEVEL: "DEBUG", CACHE_MATCHES: "20" })).toEqual({
      tableName: "tabula",
      dynamo: { endpoint: "http://127.0.0.1:8000", region: "eu-west-1" },
      logLevel: "debug",
      cacheMatches: 20,
      webhookPolicy: DEPLOYED_POLICY,
    });
  });

  it("an empty variable counts as unset", () => {
    expect(functionConfig({ TABLE_NAME: "tabula", DYNAMODB_ENDPOINT: "", AWS_REGION: "", LOG_LEVEL: "", CACHE_MATCHES: "" })).toEqual({
      tableName: "tabula",
      dynamo: { endpoint: undefined, region: undefined },
      logLevel: "warn",
      cacheMatches: 500,
      webhookPolicy: DEPLOYED_POLICY,
    });
  });

  it("CACHE_MATCHES=0 turns the container's cache off; anything but a whole number is refused", () => {
    expect(functionConfig({ TABLE_NAME: "tabula", CACHE_MATCHES: "0" }).cacheMatches).toBe(0);
    for (const bad of ["-1", "1.5", "many", " 5"]) {
      expect(() => functionConfig({ TABLE_NAME: "tabula", CACHE_MATCHES: bad })).toThrow("CACHE_MATCHES: must be a whole number of matches (0 turns the cache off)");
    }
  });

  it("webhooks go to the deployed targets only, unless a test sets WEBHOOK_ALLOW_LOOPBACK=1", () => {
    expect(functionConfig({ TABLE_NAME: "tabula", WEBHOOK_ALLOW_LOOPBACK: "" }).webhookPolicy).toEqual(DEPLOYED_POLICY);
    expect(functionConfig({ TABLE_NAME: "tabula", WEBHOOK_ALLOW_LOOPBACK: "0" }).webhookPolicy).toEqual(DEPLOYED_POLICY);
    expect(functionConfig({ TABLE_NAME: "tabula", WEBHOOK_ALLOW_LOOPBACK: "1" }).webhookPolicy).toEqual(LOCAL_POLICY);
    expect(() => functionConfig({ TABLE_NAME: "tabula", WEBHOOK_ALLOW_LOOPBACK: "yes" })).toThrow("WEBHOOK_ALLOW_LOOPBACK: must be 1 (tests only) or 0");
  });

  it("a missing or malformed variable is one error naming each", () => {
    expect(() => functionConfig({})).toThrow("invalid function configuration: TABLE_NAME: must be set");
    expect(() => functionConfig({ TABLE_NAME: "" })).toThrow("TABLE_NAME: must be set");
    expect(() => functionConfig({ TABLE_NAME: "tabula", DYNAMODB_ENDPOINT: "localhost", LOG_LEVEL: "loud" })).toThrow(
      "invalid function configuration: DYNAMODB_ENDPOINT: must be a URL; LOG_LEVEL: must be one of silent, error, warn, info, debug",
    );
  });

  it("the live functions also need the management endpoint", () => {
    expect(liveFunctionConfig({ TABLE_NAME: "tabula", WEBSOCKET_MANAGEMENT_ENDPOINT: MANAGEMENT })).toMatchObject({ tableName: "tabula", managementEndpoint: MANAGEMENT });
    expect(() => liveFunctionConfig({ TABLE_NAME: "tabula" })).toThrow("WEBSOCKET_MANAGEMENT_ENDPOINT: must be the URL of the WebSocket API's stage");
    expect(() => liveFunctionConfig({ TABLE_NAME: "tabula", WEBSOCKET_MANAGEMENT_ENDPOINT: "abc123/prod" })).toThrow("WEBSOCKET_MANAGEMENT_ENDPOINT");
  });
});
