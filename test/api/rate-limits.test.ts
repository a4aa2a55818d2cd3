import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperationSpec } from "../../src/api/operation.js";
import { OPERATIONS, type OperationName, ownErrors } from "../../src/api/operations.js";
import { createViaRest, stored } from "../helpers/matches.js";
import { codesOf, MODES, socketClient, startLiveServer } from "../realtime/support.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/**
 * The local server's per-client limits, over REST and GraphQL. The rates are tiny (one a
 * minute) so that nothing refills while the test runs: only the bursts count.
 */
let t: TestServer;
beforeAll(
  async () =>
    void (t = await startTestServer({
      rateLimits: {
        commandsPerToken: { perSecond: 1 / 60, burst: 3 },
        commandsPerIp: { perSecond: 1 / 60, burst: 100 },
        matchesPerIp: { perSecond: 1 / 60, burst: 3 },
      },
    })),
);
afterAll(() => t?.close());

const ROLL = `mutation($id: ID!) { rollDice(matchId: $id) { version } }`;

describe("rate limits", () => {
  it("answer RATE_LIMITED (429) with Retry-After once a token has spent its burst, over REST and GraphQL, storing nothing", async () => {
    const { match, tokens } = await createViaRest(t);
    // Three commands go through to the rules, whatever they answer (a roll, then refusals).
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.rest("POST", `/api/matches/${match.id}/dice`, { token: tokens[0] })).status);
    expect(statuses).not.toContain(429);
    const before = await stored(t, match.id);

    const rest = await t.rest("POST", `/api/matches/${match.id}/moves`, { token: tokens[0], json: { move: "24/18 13/8" } });
    expect(rest.status).toBe(429);
    const retryAfter = Number(rest.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(59);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(rest.body.error).toEqual({ code: "RATE_LIMITED", message: expect.stringMatching(/too many commands/), retryAfter });

    const response = await fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${tokens[0]}` },
      body: JSON.stringify({ query: ROLL, variables: { id: match.id } }),
    });
    expect(response.status).toBe(429);
    const gql = (await response.json()) as { data?: unknown; errors: { extensions: Record<string, unknown> }[] };
    expect(gql.errors).toHaveLength(1);
    expect(gql.errors[0]!.extensions).toEqual({ code: "RATE_LIMITED", retryAfter: Number(response.headers.get("retry-after")) });
    expect(gql.data).toBeUndefined();
    expect(await stored(t, match.id)).toEqual(before);

    // The other seat's token has a budget of its own; reads are never limited.
    expect((await t.rest("POST", `/api/matches/${match.id}/dice`, { token: tokens[1] })).status).not.toBe(429);
    for (let i = 0; i < 10; i++) expect((await t.rest("GET", `/api/matches/${match.id}`, { token: tokens[0] })).status).toBe(200);
    expect((await t.gql(`query($id: ID!) { match(id: $id) { version } }`, { id: match.id }, { token: tokens[0] })).status).toBe(200);
  });

  it("count every alias of a GraphQL mutation as a command of its own", async () => {
    const { match, tokens } = await createViaRest(t);
    const twice = `mutation($id: ID!) { a: rollDice(matchId: $id) { version } b: rollDice(matchId: $id) { version } }`;
    const first = await t.gql(twice, { id: match.id }, { token: tokens[1] });
    expect(first.status).toBe(200);
    // Two of three spent: two more do not fit, one does.
    expect((await t.gql(twice, { id: match.id }, { token: tokens[1] })).errors?.[0]?.extensions.code).toBe("RATE_LIMITED");
    expect((await t.gql(ROLL, { id: match.id }, { token: tokens[1] })).errors?.[0]?.extensions.code).not.toBe("RATE_LIMITED");
  });

  it("limit new matches per client address, over REST and GraphQL alike", async () => {
    // Two matches were created above; one more fits.
    expect((await t.rest("POST", "/api/matches", { json: { ruleset: "backgammon" } })).status).toBe(201);
    const rest = await t.rest("POST", "/api/matches", { json: { ruleset: "backgammon" } });
    expect(rest.status).toBe(429);
    expect(rest.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(rest.body.error).toMatchObject({ code: "RATE_LIMITED", message: expect.stringMatching(/too many new matches/) });
    const gql = await t.gql(`mutation { createMatch(input: { ruleset: "backgammon" }) { match { id } } }`);
    expect(gql.status).toBe(429);
    expect(gql.errors?.[0]?.extensions.code).toBe("RATE_LIMITED");
  });

  it("count every operation that writes (a POST route, a Mutation field) and no read, and are listed among their codes", () => {
    for (const [name, operation] of Object.entries(OPERATIONS) as [OperationName, OperationSpec][]) {
      const writes = operation.rest?.method === "POST" || operation.graphql?.field.startsWith("Mutation.") === true;
      expect(operation.rateLimit !== undefined, name).toBe(writes);
      expect(ownErrors(name).includes("RATE_LIMITED"), name).toBe(writes);
    }
  });
});

/**
 * A document of more aliased commands than a client may send at once is refused whole, before
 * any runs, and says so without a Retry-After (no wait would let it through); over HTTP and
 * over a WebSocket of both gateway modes alike.
 */
describe("rate limits against aliases", () => {
  const aliased = (count: number, field: string) => `mutation { ${Array.from({ length: count }, (_, i) => `a${i}: ${field} { __typename }`).join(" ")} }`;
  const limits = { commandsPerToken: { perSecond: 1 / 60, burst: 5 }, commandsPerIp: { perSecond: 1 / 60, burst: 100 }, matchesPerIp: { perSecond: 1 / 60, burst: 5 } };

  it.each(MODES)("refuse a cost above the burst up front, and count every alias of one that fits (%s)", async (mode) => {
    const s = await startLiveServer(mode, { rateLimits: limits });
    const create = (count: number) => aliased(count, `createMatch(input: { ruleset: "backgammon" })`);
    try {
      // One match of the five the address may create at once.
      const { match, tokens } = await createViaRest(s);

      const http = await s.gql(create(100));
      expect(http.status).toBe(429);
      expect(http.headers.get("retry-after")).toBeNull();
      expect(http.errors?.[0]?.extensions).toEqual({ code: "RATE_LIMITED", cost: 100 });
      expect(http.errors?.[0]?.message).toMatch(/asks for 100 new matches and players at once/);
      // Refused before it ran: no field has an answer.
      expect(http.data ?? null).toBeNull();
      const socket = socketClient(s);
      expect(codesOf(await socket.run(create(30)))).toEqual(["RATE_LIMITED"]);

      // A seat token's commands alike: 100 aliased rolls with one token run none of them.
      const rolls = await s.gql(aliased(100, `rollDice(matchId: "${match.id}")`), undefined, { token: tokens[0] });
      expect(rolls.errors?.map((e) => e.extensions)).toEqual([{ code: "RATE_LIMITED", cost: 100 }]);
      expect((await stored(s, match.id)).version).toBe(1);

      // Nothing refused was counted: four more fit, and all four count, so a fifth waits.
      const four = await s.gql(create(4));
      expect(four.status, JSON.stringify(four.errors)).toBe(200);
      expect(Object.values(four.data).filter((m) => m !== null)).toHaveLength(4);
      const fifth = await socket.run(create(1));
      expect(codesOf(fifth)).toEqual(["RATE_LIMITED"]);
      await socket.dispose();
      const late = await s.gql(create(1));
      expect(late.errors?.[0]?.extensions).toMatchObject({ code: "RATE_LIMITED", retryAfter: expect.any(Number) });
      expect(late.headers.get("retry-after")).toMatch(/^\d+$/);
    } finally {
      await s.close();
    }
  });
});
