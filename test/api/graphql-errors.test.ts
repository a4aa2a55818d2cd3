import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../src/api/limits.js";
import {
  createViaRest,
  doubledMatch,
  finishedMatch,
  getMatch,
  illegalMove,
  type MatchJson,
  rollUntilMovable,
  stored,
} from "../helpers/matches.js";
import { type GraphqlReply, startTestServer, type TestServer } from "../helpers/server.js";

/** Every error code a GraphQL client can meet, and that a rejected command stores nothing. */
let t: TestServer;
beforeAll(async () => void (t = await startTestServer()));
afterAll(() => t?.close());

const ROLL = `mutation($id: ID!) { rollDice(matchId: $id) { version } }`;
const MOVE = `mutation($id: ID!, $move: JSON!, $v: Int, $key: String) {
  submitMove(matchId: $id, move: $move, expectedVersion: $v, idempotencyKey: $key) { version status } }`;

const roll = (id: string, token?: string) => t.gql(ROLL, { id }, { token });
const move = (id: string, token: string | undefined, vars: { move: unknown; v?: number; key?: string }) => t.gql(MOVE, { id, ...vars }, { token });

/** Runs a command that must be refused with `code`, and checks that the match did not change. */
async function refused(id: string, run: () => Promise<GraphqlReply<any>>, code: string, status = 200) {
  const before = await stored(t, id);
  const reply = await run();
  expect(reply.status, reply.raw).toBe(status);
  expect(reply.errors, reply.raw).toHaveLength(1);
  const error = reply.errors![0]!;
  expect(error.extensions.code).toBe(code);
  expect(error.extensions).not.toHaveProperty("stacktrace");
  expect(await stored(t, id)).toEqual(before);
  return error;
}

async function post(body: string, headers: Record<string, string> = { "content-type": "application/json" }) {
  const response = await fetch(`${t.url}/graphql`, { method: "POST", headers, body });
  return { status: response.status, json: (await response.json()) as { errors?: { message: string; extensions: Record<string, unknown> }[] } };
}

describe("GraphQL errors", () => {
  it("BAD_USER_INPUT (400) for a body that is not JSON", async () => {
    const reply = await post('{"query": "{ rulesets }"');
    expect(reply.status).toBe(400);
    expect(reply.json.errors?.[0]?.extensions.code).toBe("BAD_USER_INPUT");
  });

  it("BAD_USER_INPUT (400) for syntax errors, unknown fields and literals of the wrong type, keeping Apollo's code", async () => {
    const parse = await t.gql("{ match(id: ");
    expect(parse.status).toBe(400);
    expect(parse.errors?.[0]?.extensions).toEqual({ code: "BAD_USER_INPUT", graphqlCode: "GRAPHQL_PARSE_FAILED" });
    const unknown = await t.gql("{ rulesetz }");
    expect(unknown.status).toBe(400);
    expect(unknown.errors?.[0]?.extensions).toEqual({ code: "BAD_USER_INPUT", graphqlCode: "GRAPHQL_VALIDATION_FAILED" });
    const literal = await t.gql(`mutation { submitMove(matchId: "x", move: "13/7", expectedVersion: "three") { version } }`);
    expect(literal.status).toBe(400);
    expect(literal.errors?.[0]?.extensions.code).toBe("BAD_USER_INPUT");
  });

  it("BAD_USER_INPUT for variables of the wrong type (400), a move the ruleset cannot read, bad limits and keys", async () => {
    const { match, tokens } = await createViaRest(t);
    const wrongVariable = await refused(match.id, () => t.gql(MOVE, { id: match.id, move: "13/7", v: "seven" }, { token: tokens[0] }), "BAD_USER_INPUT", 400);
    expect(wrongVariable.message).toMatch(/\$v/);
    await refused(match.id, () => move(match.id, tokens[0], { move: 42 }), "BAD_USER_INPUT");
    await refused(match.id, () => move(match.id, tokens[0], { move: "13/7", key: "" }), "BAD_USER_INPUT");
    await refused(match.id, () => move(match.id, tokens[0], { move: "13/7", key: "k".repeat(LIMITS.maxIdempotencyKeyLength + 1) }), "BAD_USER_INPUT");
    await refused(match.id, () => move(match.id, tokens[0], { move: "13/7", v: -1 }), "BAD_USER_INPUT");
    const events = await t.gql(`query($id: ID!) { match(id: $id) { events(limit: 0) { version } } }`, { id: match.id });
    expect(events.errors?.[0]?.extensions.code).toBe("BAD_USER_INPUT");
    const ruleset = await t.gql(`mutation { createMatch(input: { ruleset: "no-such-game" }) { match { id } } }`);
    expect(ruleset.errors?.[0]?.extensions.code).toBe("BAD_USER_INPUT");
    const seats = await t.gql(`mutation { createMatch(input: { ruleset: "backgammon", seats: 3 }) { match { id } } }`);
    expect(seats.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "INVALID_SEATS" });
    const options = await t.gql(`mutation { createMatch(input: { ruleset: "backgammon", options: { matchLength: "long" } }) { match { id } } }`);
    expect(options.errors?.[0]?.extensions.code).toBe("BAD_USER_INPUT");
  });

  // Found by the fuzz harness: graphql-js gives up after 50 variable errors with an error of its
  // own, which was answered (and logged) as INTERNAL_SERVER_ERROR.
  it("BAD_USER_INPUT (400) for every error of variables too wrong to list, past graphql-js's 50", async () => {
    const unknownFields = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i]));
    const reply = await t.gql(`mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } } }`, { input: unknownFields });
    expect(reply.status).toBe(400);
    expect(reply.errors).toHaveLength(51);
    expect(new Set(reply.errors!.map((e) => e.extensions.code))).toEqual(new Set(["BAD_USER_INPUT"]));
    expect(reply.errors!.at(-1)!.message).toMatch(/error limit reached/);
  });

  it("BAD_USER_INPUT for batches, cross-site simple requests and mutations over GET; queries over GET work", async () => {
    const batch = await post(JSON.stringify([{ query: "{ rulesets }" }, { query: "{ rulesets }" }]));
    expect(batch.status).toBe(400);
    expect(batch.json.errors?.[0]?.extensions.code).toBe("BAD_USER_INPUT");
    const csrf = await post(JSON.stringify({ query: "{ rulesets }" }), { "content-type": "text/plain" });
    expect(csrf.status).toBe(400);
    expect(csrf.json.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", graphqlCode: "BAD_REQUEST" });

    const get = await fetch(`${t.url}/graphql?query=${encodeURIComponent("{ rulesets }")}`, { headers: { "apollo-require-preflight": "true" } });
    expect(get.status).toBe(200);
    expect(((await get.json()) as any).data.rulesets).toContain("backgammon");
    const getMutation = await fetch(`${t.url}/graphql?query=${encodeURIComponent('mutation { createMatch(input: { ruleset: "backgammon" }) { match { id } } }')}`, {
      headers: { "apollo-require-preflight": "true" },
    });
    expect(getMutation.status).toBe(405);
    expect(((await getMutation.json()) as any).errors[0].extensions.code).toBe("BAD_USER_INPUT");
  });

  it("BAD_USER_INPUT (400) for a subscription over HTTP, POST or GET (subscriptions need a WebSocket)", async () => {
    const { match } = await createViaRest(t);
    const subscription = `subscription($id: ID!) { matchUpdated(matchId: $id) { version } }`;
    const posted = await t.gql(subscription, { id: match.id });
    const got = await fetch(`${t.url}/graphql?query=${encodeURIComponent(subscription)}&variables=${encodeURIComponent(JSON.stringify({ id: match.id }))}`, {
      headers: { "apollo-require-preflight": "true" },
    });
    const gotJson = (await got.json()) as any;
    for (const [status, errors] of [[posted.status, posted.errors], [got.status, gotJson.errors]] as const) {
      expect(status).toBe(400);
      expect(errors).toHaveLength(1);
      expect(errors![0]).toMatchObject({ message: expect.stringMatching(/^subscriptions need the WebSocket protocol/), extensions: { code: "BAD_USER_INPUT" } });
    }
    expect(posted.data).toBeUndefined();
  });

  it("NOT_FOUND for commands on an unknown match; reading one gives null", async () => {
    const { tokens } = await createViaRest(t);
    const reply = await roll("no-such-match", tokens[0]);
    expect(reply.errors?.[0]?.extensions.code).toBe("NOT_FOUND");
    const submitted = await move("no-such-match", tokens[0], { move: "13/7" });
    expect(submitted.errors?.[0]?.extensions.code).toBe("NOT_FOUND");
    const read = await t.gql(`query { match(id: "no-such-match") { id } bad: match(id: "not/an id") { id } }`);
    expect(read.errors).toBeUndefined();
    expect(read.data).toEqual({ match: null, bad: null });
  });

  it("UNAUTHENTICATED without a token or with a malformed Authorization header", async () => {
    const { match } = await createViaRest(t);
    await refused(match.id, () => roll(match.id), "UNAUTHENTICATED");
    await refused(match.id, () => move(match.id, undefined, { move: "13/7" }), "UNAUTHENTICATED");
    await refused(match.id, () => t.gql(ROLL, { id: match.id }, { headers: { authorization: "Basic dXNlcjpwYXNz" } }), "UNAUTHENTICATED");
  });

  it("FORBIDDEN for another match's token and for a garbage token, also when reading", async () => {
    const { match } = await createViaRest(t);
    const other = await createViaRest(t);
    await refused(match.id, () => roll(match.id, other.tokens[0]), "FORBIDDEN");
    await refused(match.id, () => roll(match.id, "tbl_garbage"), "FORBIDDEN");
    await refused(match.id, () => move(match.id, other.tokens[1], { move: "13/7" }), "FORBIDDEN");
    const read = await t.gql(`query($id: ID!) { match(id: $id) { id } }`, { id: match.id }, { token: "garbage" });
    expect(read.errors?.[0]?.extensions.code).toBe("FORBIDDEN");
  });

  it("DICE_NOT_ROLLED for a move before the roll", async () => {
    const { match, tokens } = await createViaRest(t);
    const error = await refused(match.id, () => move(match.id, tokens[0], { move: "13/7" }), "DICE_NOT_ROLLED");
    expect(error.extensions.reason).toEqual(expect.any(String));
  });

  it("NOT_YOUR_TURN, ALREADY_ROLLED, ILLEGAL_MOVE (with reason) and VERSION_CONFLICT (with currentVersion) mid-game", async () => {
    const created = await createViaRest(t);
    const view: MatchJson = await rollUntilMovable(t, created);
    const id = view.id;
    const mover = view.seat as number;
    const other = 1 - mover;
    const legal = view.legalMoves[0];

    const notYours = await refused(id, () => move(id, created.tokens[other], { move: legal }), "NOT_YOUR_TURN");
    expect(notYours.extensions.toMove).toBe(mover);
    await refused(id, () => roll(id, created.tokens[other]), "NOT_YOUR_TURN");
    await refused(id, () => roll(id, created.tokens[mover]), "ALREADY_ROLLED");
    const illegal = await refused(id, () => move(id, created.tokens[mover], { move: illegalMove(view.legalMoves) }), "ILLEGAL_MOVE");
    expect(illegal.extensions.reason).toEqual(expect.any(String));
    expect(illegal.extensions.reason).not.toBe("");
    const conflict = await refused(id, () => move(id, created.tokens[mover], { move: legal, v: view.version - 1 }), "VERSION_CONFLICT");
    expect(conflict.extensions.currentVersion).toBe(view.version);

    const played = await move(id, created.tokens[mover], { move: legal, v: view.version });
    expect(played.errors).toBeUndefined();
    expect(played.data.submitMove.version).toBeGreaterThan(view.version);
  });

  it("keeps the answer of a mutation carried out when a later one in the same document is refused", async () => {
    const created = await createViaRest(t);
    const view: MatchJson = await rollUntilMovable(t, created);
    const token = created.tokens[view.seat as number];
    // The same move twice at the version read: the first is played, the second refused.
    const twice = `mutation($id: ID!, $move: JSON!, $v: Int) {
      first: submitMove(matchId: $id, move: $move, expectedVersion: $v) { version }
      again: submitMove(matchId: $id, move: $move, expectedVersion: $v) { version } }`;
    const reply = await t.gql(twice, { id: view.id, move: view.legalMoves[0], v: view.version }, { token });
    expect(reply.status).toBe(200);
    const now = (await stored(t, view.id)).version;
    expect(now).toBeGreaterThan(view.version);
    expect(reply.data).toEqual({ first: { version: now }, again: null });
    expect(reply.errors?.map((e) => [e.path, e.extensions.code])).toEqual([[["again"], "VERSION_CONFLICT"]]);
    // A new match's tokens, shown only once, survive a refusal next to them.
    const create = `mutation($id: ID!) { createMatch(input: { ruleset: "backgammon" }) { match { id } seats { token } } rollDice(matchId: $id) { version } }`;
    const mixed = await t.gql(create, { id: "nope" });
    expect(mixed.data.createMatch.seats).toHaveLength(2);
    expect(mixed.data.rollDice).toBeNull();
    expect(mixed.errors?.map((e) => e.extensions.code)).toEqual(["NOT_FOUND"]);
  });

  it("DICE_NOT_DUE when the seat that must answer a double asks for dice (the doubler is not to act)", async () => {
    const { created, doubler, taker } = await doubledMatch(t);
    await refused(created.match.id, () => roll(created.match.id, created.tokens[taker]), "DICE_NOT_DUE");
    await refused(created.match.id, () => roll(created.match.id, created.tokens[doubler]), "NOT_YOUR_TURN");
  });

  it("MATCH_FINISHED for acting after the end", async () => {
    const { created, winner, final } = await finishedMatch(t);
    expect(final.winner).toBe(winner);
    await refused(created.match.id, () => roll(created.match.id, created.tokens[0]), "MATCH_FINISHED");
    await refused(created.match.id, () => move(created.match.id, created.tokens[1], { move: "13/7" }), "MATCH_FINISHED");
  });

  it("IDEMPOTENCY_KEY_REUSED for a key used before with another move", async () => {
    const created = await createViaRest(t);
    const view = await rollUntilMovable(t, created);
    const token = created.tokens[view.seat as number];
    const first = await move(view.id, token, { move: view.legalMoves[0], key: "key-1" });
    expect(first.errors).toBeUndefined();
    await refused(view.id, () => move(view.id, token, { move: illegalMove(view.legalMoves), key: "key-1" }), "IDEMPOTENCY_KEY_REUSED");
  });

  it("PAYLOAD_TOO_LARGE: a body over the limit (413) and a move over 4 KiB", async () => {
    const { match, tokens } = await createViaRest(t);
    const before = await stored(t, match.id);
    const huge = await post(JSON.stringify({ query: MOVE, variables: { id: match.id, move: "x".repeat(LIMITS.maxBodyBytes) } }), {
      "content-type": "application/json",
      authorization: `Bearer ${tokens[0]}`,
    });
    expect(huge.status).toBe(413);
    expect(huge.json.errors?.[0]?.extensions.code).toBe("PAYLOAD_TOO_LARGE");
    expect(await stored(t, match.id)).toEqual(before);
    const error = await refused(match.id, () => move(match.id, tokens[0], { move: "x".repeat(LIMITS.maxMoveBytes + 1) }), "PAYLOAD_TOO_LARGE");
    expect(error.extensions.limit).toBe(LIMITS.maxMoveBytes);
    const options = await t.gql(`mutation($o: JSON) { createMatch(input: { ruleset: "backgammon", options: $o }) { match { id } } }`, {
      o: { padding: "x".repeat(LIMITS.maxOptionsBytes) },
    });
    expect(options.errors?.[0]?.extensions.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("QUERY_TOO_COMPLEX (400) for too many fields (aliases count) and too deep a query", async () => {
    const aliases = Array.from({ length: LIMITS.maxQueryFields + 1 }, (_, i) => `a${i}: rulesets`).join(" ");
    const wide = await t.gql(`{ ${aliases} }`);
    expect(wide.status).toBe(400);
    expect(wide.errors?.[0]?.extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", limit: LIMITS.maxQueryFields, actual: LIMITS.maxQueryFields + 1 });

    const fragmentBomb = `query { match(id: "x") { ...A } }
      fragment A on Match { ...B ...B ...B ...B }
      fragment B on Match { ...C ...C ...C ...C }
      fragment C on Match { ...D ...D ...D ...D }
      fragment D on Match { id version seat seats toMove }`;
    const bomb = await t.gql(fragmentBomb);
    expect(bomb.status).toBe(400);
    expect(bomb.errors?.some((e) => e.extensions.code === "QUERY_TOO_COMPLEX")).toBe(true);

    const deep = `{ __type(name: "Match") { ${"ofType { ".repeat(LIMITS.maxIntrospectionDepth)} name ${"} ".repeat(LIMITS.maxIntrospectionDepth)} } }`;
    const tooDeep = await t.gql(deep);
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.errors?.[0]?.extensions.code).toBe("QUERY_TOO_COMPLEX");

    const atTheLimit = Array.from({ length: LIMITS.maxQueryFields }, (_, i) => `a${i}: rulesets`).join(" ");
    const fine = await t.gql(`{ ${atTheLimit} }`);
    expect(fine.status).toBe(200);
    expect(fine.errors).toBeUndefined();
  });

  it("keeps introspection open: the standard introspection query passes the limits", async () => {
    const { getIntrospectionQuery } = await import("graphql");
    const reply = await t.gql(getIntrospectionQuery());
    expect(reply.status).toBe(200);
    expect(reply.errors).toBeUndefined();
    expect(reply.data.__schema.types.map((type: { name: string }) => type.name)).toContain("Match");
  });

  it("reads as a seat: the token's seat and its legal moves", async () => {
    const created = await createViaRest(t);
    const view = await rollUntilMovable(t, created);
    const reply = await t.gql(`query($id: ID!) { match(id: $id) { seat legalMoves } }`, { id: view.id }, { token: created.tokens[view.seat as number] });
    expect(reply.data.match).toEqual({ seat: view.seat, legalMoves: view.legalMoves });
    const spectator = await getMatch(t, view.id);
    expect(spectator.legalMoves).toEqual([]);
  });
});

describe("what GraphQL over HTTP refuses before it runs anything", () => {
  const get = (params: Record<string, string>) => fetch(`${t.url}/graphql?${new URLSearchParams(params)}`, { headers: { "apollo-require-preflight": "true" } });

  it("a mutation over GET: 405 with Allow: POST and BAD_USER_INPUT, and no field runs", async () => {
    const response = await get({ query: `mutation { createPlayer(name: "Eve") { token } }` });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    const body = (await response.json()) as { data?: unknown; errors: { extensions: { code: string } }[] };
    expect(body.errors.map((e) => e.extensions.code)).toEqual(["BAD_USER_INPUT"]);
    expect(body.data).toBeUndefined();
  });

  it("an automatic persisted query (not supported): 400 BAD_USER_INPUT over POST and GET, not Apollo's 200", async () => {
    const persisted = { persistedQuery: { version: 1, sha256Hash: "ecf4edb46db40b5132295c0291d62fb65d6759a9eedfa4d5d612dd5ec54a6b38" } };
    const post = await fetch(`${t.url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ extensions: persisted }) });
    expect(post.status).toBe(400);
    expect(((await post.json()) as { errors: { message: string; extensions: { code: string } }[] }).errors).toEqual([
      { message: expect.stringMatching(/persisted queries are not supported/), extensions: { code: "BAD_USER_INPUT" } },
    ]);
    const viaGet = await get({ extensions: JSON.stringify(persisted) });
    expect(viaGet.status).toBe(400);
  });

  it("every JSON answer, an error above all, carries X-Content-Type-Options: nosniff (REST and GraphQL)", async () => {
    const answers = [
      await fetch(`${t.url}/api/matches/nope`),
      await fetch(`${t.url}/api/rulesets`),
      await fetch(`${t.url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: "{ nope }" }) }),
      await fetch(`${t.url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: "{ rulesets }" }) }),
      await fetch(`${t.url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: "{" }),
    ];
    for (const answer of answers) expect(answer.headers.get("x-content-type-options"), answer.url).toBe("nosniff");
  });
});
