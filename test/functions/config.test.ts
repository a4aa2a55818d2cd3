import { describe, expect, it } from "vitest";
import { functionConfig, liveFunctionConfig } from "../../functions/config.js";

const MANAGEMENT = "https://abc123.execute-api.eu-west-1.amazonaws.com/prod";

describe("functions/config", () => {
  it("reads the table, the store endpoint, the region and the log level; defaults to warn", () => {
    expect(functionConfig({ TABLE_NAME: "tabula" })).toEqual({ tableName: "tabula", dynamo: { endpoint: undefined, region: undefined }, logLevel: "warn" });
    expect(functionConfig({ TABLE_NAME: "tabula", DYNAMODB_ENDPOINT: "http://127.0.0.1:8000", AWS_REGION: "eu-west-1", LOG_LEVEL: "DEBUG" })).toEqual({
      tableName: "tabula",
      dynamo: { endpoint: "http://127.0.0.1:8000", region: "eu-west-1" },
      logLevel: "debug",
    });
  });

  it("an empty variable counts as unset", () => {
    expect(functionConfig({ TABLE_NAME: "tabula", DYNAMODB_ENDPOINT: "", AWS_REGION: "", LOG_LEVEL: "" })).toEqual({
      tableName: "tabula",
      dynamo: { endpoint: undefined, region: undefined },
      logLevel: "warn",
    });
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
