import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeGraphqlOperation } from "../../src/api/graphql/execute-operation.js";
import { executableSchema, parseLiveDocument } from "../../src/api/graphql/executable-schema.js";
import { createFormatError } from "../../src/api/graphql/format-error.js";
import { createGraphqlServer } from "../../src/api/graphql/server.js";
import { handleGraphqlHttp } from "../../src/api/graphql/http.js";
import type { HttpRequest } from "../../src/api/http.js";
import { createLogger } from "../../src/logger.js";
import { createRestHandler } from "../../src/api/rest/handle-rest.js";
import { TabulaError } from "../../src/errors.js";
import { credentialOf } from "../../src/service/credential.js";
import type { TabulaService } from "../../src/api/service.js";

/**
 * The transport-neutral handlers (what a Lambda calls) with a service that fails: unexpected
 * errors are logged in full and reach the client only as INTERNAL_SERVER_ERROR.
 */
const SECRET = "connect ECONNREFUSED 10.0.0.7:8000 (password=hunter2)";
const logged: string[] = [];
const logger = createLogger("error", (line) => logged.push(line));
const failing = {
  createMatch: async () => {
    throw new Error(SECRET);
  },
  rollDice: async () => {
    throw new TabulaError("VERSION_CONFLICT", "the match moved on", { currentVersion: 9 });
  },
  submitMove: async () => {
    throw new TypeError(SECRET);
  },
  getMatch: async () => {
    throw new Error(SECRET);
  },
  readMatch: async () => {
    throw new Error(SECRET);
  },
  listEvents: async () => ({ events: [], hasMore: false, next: null }),
} as unknown as TabulaService;

const request = (method: string, path: string, body = "", headers: Record<string, string> = {}): HttpRequest => ({
  method,
  path,
  query: {},
  headers: { "content-type": "application/json", ...headers },
  body,
});

const apollo = createGraphqlServer({ logger });
beforeAll(() => apollo.start());
afterAll(() => apollo.stop());

describe("unexpected errors", () => {
  it("REST: 500 INTERNAL_SERVER_ERROR without the message or a stack", async () => {
    const rest = createRestHandler({ service: failing, logger });
    logged.length = 0;
    const response = await rest(request("POST", "/api/matches", '{"ruleset":"backgammon"}'));
    expect(response.status).toBe(500);
    expect(JSON.parse(response.body)).toEqual({ error: { code: "INTERNAL_SERVER_ERROR", message: "internal server error" } });
    expect(response.body).not.toContain("hunter2");
    expect(logged.join("\n")).toContain(SECRET);

    const expected = await rest(request("POST", "/api/matches/m/dice", "", { authorization: "Bearer t" }));
    expect(response.headers["content-type"]).toMatch(/application\/json/);
    expect(expected.status).toBe(409);
    expect(JSON.parse(expected.body)).toEqual({ error: { code: "VERSION_CONFLICT", message: "the match moved on", currentVersion: 9 } });
  });

  it("is logged once, on a line that names the request (its id), and over REST its operation and match", async () => {
    const rest = createRestHandler({ service: failing, logger });
    logged.length = 0;
    await rest({ ...request("POST", "/api/matches/m1/moves", '{"move":"13/7"}', { authorization: "Bearer t" }), requestId: "req-1" });
    await handleGraphqlHttp(apollo, failing, { ...request("POST", "/graphql", JSON.stringify({ query: `mutation { submitMove(matchId: "m2", move: "13/7") { version } }` }), { authorization: "Bearer t" }), requestId: "req-2" });
    const lines = logged.map((line) => JSON.parse(line));
    expect(lines).toEqual([
      expect.objectContaining({ level: "error", requestId: "req-1", operation: "submitMove", matchId: "m1", err: expect.objectContaining({ message: SECRET }) }),
      expect.objectContaining({ level: "error", requestId: "req-2", msg: "unexpected GraphQL error at submitMove", err: expect.objectContaining({ message: SECRET }) }),
    ]);
  });

  it("GraphQL: INTERNAL_SERVER_ERROR without the message or a stack; TabulaErrors keep code and details", async () => {
    logged.length = 0;
    const call = (query: string) => handleGraphqlHttp(apollo, failing, request("POST", "/graphql", JSON.stringify({ query }), { authorization: "Bearer t" }));
    const response = await call(`mutation { submitMove(matchId: "m", move: "13/7") { version } }`);
    const body = JSON.parse(response.body);
    expect(body.errors).toEqual([{ message: "internal server error", locations: [{ line: 1, column: 12 }], path: ["submitMove"], extensions: { code: "INTERNAL_SERVER_ERROR" } }]);
    expect(response.body).not.toContain("hunter2");
    expect(logged.join("\n")).toContain(SECRET);

    const conflict = JSON.parse((await call(`mutation { rollDice(matchId: "m") { version } }`)).body);
    expect(conflict.errors[0].extensions).toEqual({ code: "VERSION_CONFLICT", currentVersion: 9 });
    expect(conflict.data).toEqual({ rollDice: null });
  });

  it("GraphQL over a WebSocket: the same errors as over HTTP, from a document's first run and from its compiled form after", async () => {
    const schema = executableSchema();
    const deps = { schema, service: failing, formatError: createFormatError(logger) };
    const queries = [
      `mutation { submitMove(matchId: "m", move: "13/7") { version } }`,
      `mutation { rollDice(matchId: "m") { version } }`,
      // A variable refused: graphql-jit refuses it in its own words, and graphql-js answers instead.
      `mutation($id: ID!) { rollDice(matchId: $id) { version } }`,
    ];
    for (const query of queries) {
      const http = JSON.parse((await handleGraphqlHttp(apollo, failing, request("POST", "/graphql", JSON.stringify({ query, variables: { id: ["m"] } }), { authorization: "Bearer t" }))).body);
      // The tenth run and after are compiled (compiled-operation.ts).
      for (let run = 1; run <= 11; run++) {
        logged.length = 0;
        const parsed = parseLiveDocument(schema, { query });
        if (parsed.errors) throw new Error(`${query} did not parse`);
        const answer = await executeGraphqlOperation(deps, { ip: undefined, credential: credentialOf("t") }, parsed.document, { query, variables: { id: ["m"] } });
        const errors = "refused" in answer ? answer.refused : answer.result.errors;
        expect(errors, `run ${run} of ${query}`).toEqual(http.errors);
        if ("result" in answer) expect(answer.result.data).toEqual(http.data);
        expect(JSON.stringify(answer)).not.toContain("hunter2");
        if (errors?.[0]?.extensions?.code === "INTERNAL_SERVER_ERROR") expect(logged.join("\n")).toContain(SECRET);
      }
    }
  });

  it("GraphQL: a body over the limit is refused before Apollo sees it", async () => {
    const response = await handleGraphqlHttp(apollo, failing, request("POST", "/graphql", " ".repeat(70_000)));
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body).errors[0].extensions.code).toBe("PAYLOAD_TOO_LARGE");
  });
});
