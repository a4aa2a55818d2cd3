import { readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { LocalLambda } from "../../infra/local-lambda.js";
import { TABLE_ACCESS } from "../../infra/stack.js";
import { createLogger } from "../../src/logger.js";
import { LIMITS } from "../../src/api/limits.js";
import { type LocalStream, startLocalStream } from "../../src/local-aws/stream.js";
import { type RunningServer, startServer } from "../../src/server/app.js";
import { BUILD_TIMEOUT_MS, call, type Fixture, gqlEvent, httpEvent, type HttpEventOptions, setUp } from "./support.js";

/**
 * The GraphQL and REST bundles exactly as deployed (dist/<fn>/index.mjs, each loaded in a
 * process of its own), fed API Gateway HTTP API payload 2.0 events, over an embedded store.
 */
let fx: Fixture;
let graphql: LocalLambda;
let rest: LocalLambda;
let stream: LocalStream;

beforeAll(async () => {
  fx = await setUp(["graphql", "rest", "stream-index"]);
  let indexer: LocalLambda;
  [graphql, rest, indexer] = await Promise.all([fx.start("graphql"), fx.start("rest"), fx.start("stream-index")]);
  // The functions write no index entries themselves: the table's stream feeds them to stream-index.
  stream = startLocalStream({ embedded: fx.store, tableName: fx.tableName, handler: (batch) => indexer.invoke(batch), logger: createLogger("silent") });
}, BUILD_TIMEOUT_MS);
afterAll(async () => {
  await stream?.close();
  await fx?.close();
});

const MATCH = "id version status toMove dice legalMoves seat";
interface View {
  id: string;
  version: number;
  status: string;
  toMove: number | null;
  dice: number[] | null;
  legalMoves: unknown[];
  seat: number | null;
}

describe("bundles", () => {
  it("the GraphQL bundle stays under 1 MB; every bundle is one ES module with its map", () => {
    expect(fx.built.graphql!.bytes).toBeLessThanOrEqual(1_000_000);
    for (const fn of Object.values(fx.built)) {
      expect(fn.file).toMatch(/index\.mjs$/);
      expect(fn.mapBytes).toBeGreaterThan(0);
    }
  });

  it("load Node built-ins with require: an ES import of one reads all its getters (node:http's load undici)", () => {
    for (const fn of Object.values(fx.built)) {
      const code = readFileSync(fn.file, "utf8");
      const imported = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s*)"([^"]+)"/g)].map((m) => m[1]!).filter((path) => isBuiltin(path));
      expect(imported, fn.name).toEqual(["node:module"]);
    }
  });
});

describe("functions/graphql (Apollo through handleGraphqlHttp, as on the local server)", () => {
  const gql = (query: string, variables?: Record<string, unknown>, token?: string) => call(graphql, gqlEvent(query, variables, token));

  it("plays: createMatch, rollDice, submitMove, then match reads it back", async () => {
    const created = await gql(`mutation { createMatch(input: { ruleset: "backgammon" }) { match { ${MATCH} } seats { seat token } } }`);
    expect(created.status, created.raw).toBe(200);
    expect(created.headers["cache-control"]).toBe("no-store");
    const { match, seats } = created.body.data.createMatch as { match: View; seats: { token: string }[] };
    expect(match.version).toBe(1);
    const tokens = seats.map((s) => s.token);

    // Roll as the seat to act until it has a move (the opening roll may hand the turn over).
    let view = match;
    for (let i = 0; i < 20; i++) {
      const read = await gql(`query($id: ID!) { match(id: $id) { ${MATCH} } }`, { id: match.id });
      const actor = read.body.data.match.toMove ?? 0;
      view = (await gql(`query($id: ID!) { match(id: $id) { ${MATCH} } }`, { id: match.id }, tokens[actor])).body.data.match;
      if (view.dice !== null && view.legalMoves.length > 0) break;
      const rolled = await gql(`mutation($id: ID!) { rollDice(matchId: $id) { ${MATCH} } }`, { id: match.id }, tokens[actor]);
      expect(rolled.body.errors, rolled.raw).toBeUndefined();
    }
    const moved = await gql(
      `mutation($id: ID!, $move: JSON!, $v: Int) { submitMove(matchId: $id, move: $move, expectedVersion: $v) { ${MATCH} } }`,
      { id: match.id, move: view.legalMoves[0], v: view.version },
      tokens[view.seat ?? 0],
    );
    expect(moved.body.errors, moved.raw).toBeUndefined();
    expect(moved.body.data.submitMove.version).toBeGreaterThan(view.version);

    const read = await gql(`query($id: ID!) { match(id: $id) { ${MATCH} } }`, { id: match.id });
    expect(read.body.data.match.version).toBe(moved.body.data.submitMove.version);
    expect(read.body.data.match.seat).toBeNull();
  });

  it("correspondence: a player creates a match with an open seat, another joins with the invitation, both see it in their inbox", async () => {
    const ann = (await gql(`mutation { createPlayer(name: "Ann") { token } }`)).body.data.createPlayer.token as string;
    const bob = (await gql(`mutation { createPlayer(name: "Bob") { token } }`)).body.data.createPlayer.token as string;
    const created = await gql(`mutation { createMatch(input: { ruleset: "backgammon", timeControl: { daysPerMove: 3 }, openSeats: [{ seat: 1 }] }) { match { id } invitations { code } } }`, undefined, ann);
    expect(created.body.errors, created.raw).toBeUndefined();
    const { match, invitations } = created.body.data.createMatch;
    const joined = await gql(`mutation($m: ID!, $i: String) { joinMatch(matchId: $m, invitation: $i) { seat match { seating { player { name } } deadline } } }`, { m: match.id, i: invitations[0].code }, bob);
    expect(joined.body.errors, joined.raw).toBeUndefined();
    expect(joined.body.data.joinMatch.match.seating).toEqual([{ player: { name: "Ann" } }, { player: { name: "Bob" } }]);
    await stream.idle();
    for (const token of [ann, bob]) {
      const inbox = await gql(`{ myMatches { entries { matchId toMove deadline } } }`, undefined, token);
      expect(inbox.body.data.myMatches.entries).toEqual([{ matchId: match.id, toMove: true, deadline: joined.body.data.joinMatch.match.deadline }]);
    }
  });

  it("errors carry extensions.code: NOT_FOUND, UNAUTHENTICATED; an invalid document is BAD_USER_INPUT (400)", async () => {
    const missing = await gql(`mutation { rollDice(matchId: "nope") { id } }`, undefined, "tbl_not-a-real-token");
    expect(missing.body.errors[0].extensions.code).toBe("NOT_FOUND");
    const created = await gql(`mutation { createMatch(input: { ruleset: "backgammon" }) { match { id } } }`);
    const anonymous = await gql(`mutation($id: ID!) { rollDice(matchId: $id) { id } }`, { id: created.body.data.createMatch.match.id });
    expect(anonymous.body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
    const invalid = await gql(`{ nope }`);
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    const subscription = await gql(`subscription { matchUpdated(matchId: "x") { version } }`);
    expect(subscription.status).toBe(400);
    expect(subscription.body.errors[0]).toMatchObject({ message: expect.stringMatching(/^subscriptions need the WebSocket protocol/), extensions: { code: "BAD_USER_INPUT" } });
  });

  it("a body over 64 KiB is PAYLOAD_TOO_LARGE (413), before Apollo parses it", async () => {
    const padding = "x".repeat(LIMITS.maxBodyBytes);
    const reply = await call(graphql, httpEvent("POST", "/graphql", { json: { query: "{ rulesets }", variables: { padding } } }));
    expect(reply.status).toBe(413);
    expect(reply.body.errors[0].extensions).toEqual({ code: "PAYLOAD_TOO_LARGE", limit: LIMITS.maxBodyBytes });
  });

  it("malformed JSON is BAD_USER_INPUT (400) as a GraphQL error", async () => {
    const reply = await call(graphql, httpEvent("POST", "/graphql", { body: '{"query": "{ rulesets }"', headers: { "content-type": "application/json" } }));
    expect(reply.status).toBe(400);
    expect(reply.headers["content-type"]).toMatch(/^application\/json/);
    expect(reply.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
  });

  it("reads base64 bodies, any JSON media type, and GET queries", async () => {
    const base64 = await call(graphql, httpEvent("POST", "/graphql", { json: { query: "{ rulesets }" }, base64: true }));
    expect(base64.body.data.rulesets).toContain("backgammon");
    const vendor = await call(
      graphql,
      httpEvent("POST", "/graphql", { body: JSON.stringify({ query: "{ rulesets }" }), headers: { "content-type": "Application/GraphQL-Request+JSON; charset=utf-8" } }),
    );
    expect(vendor.body.data?.rulesets, vendor.raw).toContain("backgammon");
    const get = await call(graphql, httpEvent("GET", "/graphql", { query: `query=${encodeURIComponent("{ rulesets }")}`, headers: { "apollo-require-preflight": "true" } }));
    expect(get.status).toBe(200);
    expect(get.body.data.rulesets).toContain("backgammon");
  });
});

describe("functions/rest", () => {
  const req = (method: string, path: string, options: HttpEventOptions = {}) => call(rest, httpEvent(method, path, options));

  it("correspondence: createPlayer (201), a challenge joined without a code, the inbox, a resignation", async () => {
    const ann = (await req("POST", "/api/players", { json: { name: "Ann" } })).body;
    const bob = (await req("POST", "/api/players", { json: { name: "Bob" } })).body;
    expect(ann.token).toMatch(/^tbp_/);
    const created = await req("POST", "/api/matches", { token: ann.token, json: { ruleset: "gol", timeControl: { daysPerMove: 1 }, openSeats: [{ seat: 1, player: bob.player.id }] } });
    expect(created.status, created.raw).toBe(201);
    const id = created.body.match.id as string;
    const joined = await req("POST", `/api/matches/${id}/join`, { token: bob.token });
    expect(joined.status, joined.raw).toBe(200);
    await stream.idle();
    const inbox = await req("GET", "/api/players/me/matches", { token: bob.token });
    expect(inbox.body.entries.map((e: { matchId: string }) => e.matchId)).toEqual([id]);
    const resigned = await req("POST", `/api/matches/${id}/resign`, { token: bob.token });
    expect(resigned.body.result).toMatchObject({ reason: "resignation", winner: 0 });
  });

  it("plays: create (201), roll, move with If-Match, get with ETag, events", async () => {
    const created = await req("POST", "/api/matches", { json: { ruleset: "backgammon" } });
    expect(created.status, created.raw).toBe(201);
    const id = created.body.match.id as string;
    expect(created.headers.location).toBe(`/api/matches/${id}`);
    expect(created.headers.etag).toBe('"1-s"');
    const tokens = (created.body.seats as { token: string }[]).map((s) => s.token);

    let view = created.body.match as View;
    for (let i = 0; i < 20; i++) {
      const actor = (await req("GET", `/api/matches/${id}`)).body.toMove ?? 0;
      view = (await req("GET", `/api/matches/${id}`, { token: tokens[actor] })).body;
      if (view.dice !== null && view.legalMoves.length > 0) break;
      const rolled = await req("POST", `/api/matches/${id}/dice`, { token: tokens[actor] });
      expect(rolled.status, rolled.raw).toBe(200);
    }
    const moved = await req("POST", `/api/matches/${id}/moves`, {
      json: { move: view.legalMoves[0] },
      headers: { "if-match": `"${view.version}"` },
      token: tokens[view.seat ?? 0],
    });
    expect(moved.status, moved.raw).toBe(200);
    expect(moved.headers.etag).toBe(`"${moved.body.version}-${view.seat ?? 0}"`);

    const got = await req("GET", `/api/matches/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.version).toBe(moved.body.version);
    const events = await req("GET", `/api/matches/${id}/events`, { query: "after=0&limit=500" });
    expect(events.status).toBe(200);
    expect(events.body.events.map((e: { version: number }) => e.version)).toEqual(Array.from({ length: moved.body.version }, (_, i) => i + 1));
    expect(events.body.events[0].type).toBe("MatchCreated");
  });

  it("error statuses: 404 unknown match, 409 VERSION_CONFLICT on a stale If-Match, 405, 415", async () => {
    const missing = await req("GET", "/api/matches/nope");
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("NOT_FOUND");

    const created = await req("POST", "/api/matches", { json: { ruleset: "backgammon" } });
    const id = created.body.match.id;
    const token = created.body.seats[0].token;
    const stale = await req("POST", `/api/matches/${id}/moves`, { json: { move: "24/18 13/8" }, headers: { "if-match": '"7"' }, token });
    expect(stale.status, stale.raw).toBe(409);
    expect(stale.body.error).toMatchObject({ code: "VERSION_CONFLICT", currentVersion: 1 });

    const wrongMethod = await req("DELETE", `/api/matches/${id}`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe("GET, HEAD");
    const notJson = await req("POST", "/api/matches", { body: "ruleset=backgammon", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(notJson.status).toBe(415);
  });

  it("a body over 64 KiB is 413; malformed JSON is 400 BAD_USER_INPUT", async () => {
    const big = await req("POST", "/api/matches", { json: { ruleset: "backgammon", padding: "x".repeat(LIMITS.maxBodyBytes) } });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe("PAYLOAD_TOO_LARGE");
    const malformed = await req("POST", "/api/matches", { body: '{"ruleset":', headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("BAD_USER_INPUT");
  });

  it("maps the event: base64 bodies, a named stage's path prefix, repeated query parameters (the last wins)", async () => {
    const created = await req("POST", "/api/matches", { json: { ruleset: "backgammon" }, base64: true, stage: "prod" });
    expect(created.status, created.raw).toBe(201);
    const id = created.body.match.id;
    const repeated = await req("GET", `/api/matches/${id}/events`, { query: "after=5&after=0" });
    expect(repeated.body.events).toHaveLength(1);
    const openapi = await req("GET", "/api/openapi.json", { stage: "prod" });
    expect(openapi.status).toBe(200);
    expect(openapi.body.openapi).toMatch(/^3\./);
  });
});

/**
 * The same requests to the local server (src/server/app.ts) and to the Lambda bundles must be
 * answered alike: status, media type and body. Only requests that create nothing are compared
 * (ids and tokens are random).
 */
describe("the bundles answer as the local server does", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, dynamoEndpoint: fx.store.endpoint, tableName: fx.tableName, logger: createLogger("silent") });
  });
  afterAll(async () => server?.close());

  const big = JSON.stringify({ query: "{ rulesets }", variables: { padding: "x".repeat(LIMITS.maxBodyBytes) } });
  const json = { "content-type": "application/json" };
  const cases: { name: string; method: string; path: string; query?: string; body?: string; headers?: Record<string, string> }[] = [
    { name: "graphql query", method: "POST", path: "/graphql", body: JSON.stringify({ query: "{ rulesets }" }), headers: json },
    { name: "graphql too large", method: "POST", path: "/graphql", body: big, headers: json },
    { name: "graphql bad JSON", method: "POST", path: "/graphql", body: "{", headers: json },
    { name: "graphql empty body", method: "POST", path: "/graphql", body: "", headers: json },
    { name: "graphql text/plain (CSRF)", method: "POST", path: "/graphql", body: JSON.stringify({ query: "{ rulesets }" }), headers: { "content-type": "text/plain" } },
    { name: "graphql not an object", method: "POST", path: "/graphql", body: "[1]", headers: json },
    { name: "graphql unknown match", method: "POST", path: "/graphql", body: JSON.stringify({ query: '{ match(id: "nope") { id } }' }), headers: json },
    { name: "graphql GET", method: "GET", path: "/graphql", query: `query=${encodeURIComponent("{ rulesets }")}`, headers: { "apollo-require-preflight": "1" } },
    { name: "graphql GET mutation", method: "GET", path: "/graphql", query: `query=${encodeURIComponent("mutation { rollDice(matchId: \"x\") { id } }")}`, headers: { "apollo-require-preflight": "1" } },
    { name: "graphql subscription", method: "POST", path: "/graphql", body: JSON.stringify({ query: 'subscription { matchUpdated(matchId: "x") { version } }' }), headers: json },
    { name: "graphql GET subscription", method: "GET", path: "/graphql", query: `query=${encodeURIComponent('subscription { matchUpdated(matchId: "x") { version } }')}`, headers: { "apollo-require-preflight": "1" } },
    { name: "graphql bad token header", method: "POST", path: "/graphql", body: JSON.stringify({ query: '{ match(id: "x") { id } }' }), headers: { ...json, authorization: "Basic abc" } },
    { name: "rest unknown match", method: "GET", path: "/api/matches/nope" },
    { name: "rest unknown route", method: "GET", path: "/api/nothing" },
    { name: "rest too large", method: "POST", path: "/api/matches", body: big, headers: json },
    { name: "rest bad JSON", method: "POST", path: "/api/matches", body: "{", headers: json },
    { name: "rest bad body", method: "POST", path: "/api/matches", body: JSON.stringify({ ruleset: 7 }), headers: json },
    { name: "rest events query", method: "GET", path: "/api/matches/nope/events", query: "after=x" },
    { name: "rest openapi", method: "GET", path: "/api/openapi.json" },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const fn = c.path === "/graphql" ? graphql : rest;
      const fromLambda = await call(fn, httpEvent(c.method, c.path, { ...(c.body !== undefined ? { body: c.body } : {}), headers: c.headers ?? {}, query: c.query ?? "" }));
      const response = await fetch(`${server.url}${c.path}${c.query ? `?${c.query}` : ""}`, {
        method: c.method,
        headers: c.headers ?? {},
        ...(c.body !== undefined ? { body: c.body } : {}),
      });
      const raw = await response.text();
      expect({ status: fromLambda.status, type: fromLambda.headers["content-type"] }).toEqual({ status: response.status, type: response.headers.get("content-type") });
      expect(fromLambda.raw.trim()).toBe(raw.trim());
    });
  }
});

/** At LOG_LEVEL=info every request has its line, as on the local server, under Lambda's own request id. */
describe("request lines", () => {
  const linesOf = (fn: LocalLambda): Record<string, any>[] =>
    fn
      .stderr()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line));

  it("carry requestId (context.awsRequestId), operation, matchId and latencyMs", async () => {
    const [restInfo, graphqlInfo] = await Promise.all([fx.start("rest", { LOG_LEVEL: "info" }), fx.start("graphql", { LOG_LEVEL: "info" })]);
    expect((await call(restInfo, httpEvent("GET", "/api/matches/nope", { stage: "prod" }))).status).toBe(404);
    expect((await call(graphqlInfo, gqlEvent('mutation { rollDice(matchId: "nope") { id } }'))).status).toBe(200);
    // stderr comes over a pipe of its own, apart from the answer.
    await vi.waitFor(() => {
      expect(linesOf(restInfo)).toEqual([
        expect.objectContaining({ level: "info", requestId: "local-1", operation: "getMatch", matchId: "nope", latencyMs: expect.any(Number), method: "GET", path: "/api/matches/nope", status: 404 }),
      ]);
      expect(linesOf(graphqlInfo)).toEqual([expect.objectContaining({ level: "info", requestId: "local-1", operation: "rollDice", matchId: "nope", latencyMs: expect.any(Number), path: "/graphql" })]);
    });
  });
});

/** What the stack grants each function (infra/stack.ts) is exactly what its code called here. */
describe("table permissions match what the code does", () => {
  for (const name of ["graphql", "rest"] as const) {
    it(`${name}: ${TABLE_ACCESS[name].join(", ")}`, () => {
      // BatchWriteItem is the webhook operations' (a delete's partition, the log's trim), which
      // these tests do not run: test/functions/webhooks.test.ts does.
      const granted = TABLE_ACCESS[name].filter((a) => a !== "BatchWriteItem");
      expect(fx.operations(name)).toEqual(granted.map((a) => `dynamodb:${a}`).sort());
    });
  }
});
