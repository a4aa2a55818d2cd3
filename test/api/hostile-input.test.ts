import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../src/api/limits.js";
import { createViaRest, stored } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let t: TestServer;
beforeAll(async () => void (t = await startTestServer()));
afterAll(() => t?.close());

const deep = (levels: number): string => "[".repeat(levels) + "]".repeat(levels);
const post = (path: string, body: string, token?: string) =>
  fetch(`${t.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

/** Input built to break the server gets a clear 4xx with a stable code, and changes nothing stored. */
describe("hostile input", () => {
  it("a move or options nested thousands deep is BAD_USER_INPUT over REST and GraphQL, before or after authentication", async () => {
    const { match, tokens } = await createViaRest(t);
    const before = await stored(t, match.id);
    for (const token of [tokens[0], undefined, "tbl_nobody"]) {
      const reply = await post(`/api/matches/${match.id}/moves`, `{"move": ${deep(5000)}}`, token);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatchObject({ code: "BAD_USER_INPUT", limit: LIMITS.maxJsonDepth });
    }
    expect((await post("/api/matches", `{"ruleset": "backgammon", "options": ${deep(5000)}}`)).body.error.code).toBe("BAD_USER_INPUT");
    const gql = await post("/graphql", `{"query": "mutation($m: JSON!) { submitMove(matchId: \\"${match.id}\\", move: $m) { version } }", "variables": {"m": ${deep(5000)}}}`, tokens[0]);
    expect(gql.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    const created = await post("/graphql", `{"query": "mutation($o: JSON) { createMatch(input: {ruleset: \\"backgammon\\", options: $o}) { match { id } } }", "variables": {"o": {"a": ${deep(3000)}}}}`);
    expect(created.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    // Just within the limit is judged on its merits (a malformed backgammon move).
    const shallow = await post(`/api/matches/${match.id}/moves`, `{"move": ${deep(LIMITS.maxJsonDepth)}}`, tokens[0]);
    expect(shallow.body.error.code).toBe("BAD_USER_INPUT");
    expect(shallow.body.error.limit).toBeUndefined();
    expect(await stored(t, match.id)).toEqual(before);
  });

  it("a GraphQL document nested thousands deep, or of too many tokens, is refused before it is parsed", async () => {
    const { match, tokens } = await createViaRest(t);
    const reply = await post("/graphql", JSON.stringify({ query: `mutation { submitMove(matchId: "${match.id}", move: ${deep(10_000)}) { version } }` }), tokens[0]);
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0]).toMatchObject({ message: expect.stringMatching(/nests deeper/), extensions: { code: "BAD_USER_INPUT", limit: LIMITS.maxDocumentNesting } });
    const flat = await post("/graphql", JSON.stringify({ query: `{ ${Array.from({ length: 3000 }, (_, i) => `a${i}: __typename`).join(" ")} }` }));
    expect(flat.status).toBe(400);
    expect(flat.body.errors[0]).toMatchObject({ message: expect.stringMatching(/more tha.? 4000 tokens/), extensions: { code: "BAD_USER_INPUT" } });
  });

  it("a malformed percent-encoding in a path is BAD_USER_INPUT, on every route", async () => {
    for (const path of ["/api/matches/%E0%A4%A", "/api/matches/%E0%A4%A/stream", "/api/matches/%E0%A4%A/events", "/api/rulesets/%ZZ"]) {
      const reply = await fetch(`${t.url}${path}`);
      expect(reply.status, path).toBe(400);
      expect(((await reply.json()) as any).error.code).toBe("BAD_USER_INPUT");
    }
    expect((await post("/api/matches/%E0%A4%A/moves", `{"move": "13/7"}`, "tbl_x")).status).toBe(400);
  });
});
