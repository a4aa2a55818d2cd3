import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { graphqlRequestFields } from "../../src/api/graphql/request-fields.js";
import type { HttpRequest } from "../../src/api/http.js";
import { restRequestFields } from "../../src/api/request-fields.js";
import { createLogger } from "../../src/logger.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/** What operators query: every request's line names it, its operation, its match and its latency. */
describe("the local server's request lines (LOG_LEVEL=info)", () => {
  const lines: Record<string, any>[] = [];
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ logger: createLogger("info", (line) => lines.push(JSON.parse(line))) });
  });
  afterAll(async () => t?.close());
  const lineOf = (requestId: string | null) => lines.filter((l) => l.requestId === requestId && l.latencyMs !== undefined);

  it("a REST request's line carries requestId (the x-request-id answered), operation, matchId and latencyMs", async () => {
    const created = await t.rest("POST", "/api/matches", { json: { ruleset: "backgammon" } });
    expect(created.status, created.raw).toBe(201);
    const id = created.body.match.id as string;
    const read = await t.rest("GET", `/api/matches/${id}`);
    expect(read.status).toBe(200);
    const requestId = read.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lineOf(requestId)).toEqual([
      expect.objectContaining({ level: "info", requestId, operation: "getMatch", matchId: id, latencyMs: expect.any(Number), method: "GET", path: `/api/matches/${id}`, status: 200 }),
    ]);
    expect(lineOf(requestId)[0]!.latencyMs).toBeGreaterThanOrEqual(0);
    // Each request its own id; a request about no match has none.
    expect(lineOf(created.headers.get("x-request-id"))).toEqual([expect.objectContaining({ operation: "createMatch", status: 201 })]);
    expect(lineOf(created.headers.get("x-request-id"))[0]).not.toHaveProperty("matchId");
  });

  it("a GraphQL request's line names the operation of its root field and the match of its argument", async () => {
    const response = await fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "query Read($id: ID!) { match(id: $id) { id } }", variables: { id: "no-such-match" } }),
    });
    expect(response.status).toBe(200);
    const requestId = response.headers.get("x-request-id");
    expect(lineOf(requestId)).toEqual([expect.objectContaining({ requestId, operation: "getMatch", matchId: "no-such-match", latencyMs: expect.any(Number), path: "/graphql" })]);
  });

  it("a request of no operation says so (operation null), and still has its id and latency", async () => {
    const response = await fetch(`${t.url}/healthz`);
    const requestId = response.headers.get("x-request-id");
    expect(lineOf(requestId)).toEqual([expect.objectContaining({ requestId, operation: null, status: 200, latencyMs: expect.any(Number) })]);
  });
});

describe("request fields", () => {
  const rest = (method: string, path: string) => restRequestFields({ method, path });
  const gql = (body: unknown): ReturnType<typeof graphqlRequestFields> =>
    graphqlRequestFields({ method: "POST", path: "/graphql", query: {}, headers: {}, body: typeof body === "string" ? body : JSON.stringify(body) } satisfies HttpRequest);

  it("REST: the route of OPERATIONS, the match of /api/matches/{id}... (decoded), HEAD as GET, nothing for an unknown route", () => {
    expect(rest("POST", "/api/matches/m1/moves")).toEqual({ operation: "submitMove", matchId: "m1" });
    expect(rest("HEAD", "/api/matches/a%20b")).toEqual({ operation: "getMatch", matchId: "a b" });
    expect(rest("GET", "/api/matches/m1/stream")).toEqual({ operation: "streamUpdates", matchId: "m1" });
    expect(rest("GET", "/api/rulesets/gol")).toEqual({ operation: "getRuleset" });
    expect(rest("GET", "/api/players/me/matches")).toEqual({ operation: "myMatches" });
    expect(rest("DELETE", "/api/matches/m1")).toEqual({ operation: null });
    expect(rest("GET", "/api/nothing")).toEqual({ operation: null });
  });

  it("GraphQL: every root field's operation, the first matchId (literal or variable), the named operation of several", () => {
    expect(gql({ query: 'mutation { submitMove(matchId: "m1", move: "8/5") { id } }' })).toEqual({ operation: "submitMove", matchId: "m1" });
    expect(gql({ query: "subscription($m: ID!) { matchUpdated(matchId: $m) { version } }", variables: { m: "m2" } })).toEqual({ operation: "matchUpdated", matchId: "m2" });
    expect(gql({ query: "{ rulesets { id } a: match(id: 7) { id } b: match(id: 8) { id } }" })).toEqual({ operation: "listRulesets,getMatch", matchId: "7" });
    expect(gql({ query: 'query A { rulesets { id } } mutation B { abort(matchId: "m3") { id } }', operationName: "B" })).toEqual({ operation: "abort", matchId: "m3" });
    expect(gql({ query: "query A { rulesets { id } } query B { rulesets { id } }" })).toEqual({ operation: null });
    expect(gql({ query: "{ __typename }" })).toEqual({ operation: null });
    expect(gql({ query: "{ match(" })).toEqual({ operation: null });
    expect(gql("{")).toEqual({ operation: null });
    expect(gql([1])).toEqual({ operation: null });
    const get = graphqlRequestFields({ method: "GET", path: "/graphql", query: { query: "query($id: ID!) { match(id: $id) { id } }", variables: '{"id":"m4"}' }, headers: {}, body: "" });
    expect(get).toEqual({ operation: "getMatch", matchId: "m4" });
  });
});
