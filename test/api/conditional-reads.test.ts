import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createViaRest, finishedMatch, rollUntilMovable } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/** HEAD on every GET route, and ETag / If-None-Match for the reads correspondence clients poll. */
let t: TestServer;
beforeAll(async () => void (t = await startTestServer()));
afterAll(() => t?.close());

const raw = (method: string, path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { method, headers });
/** Headers of the answer itself: not the date, the request's own id, nor the connection's own (hop-by-hop) ones. */
const comparable = (headers: Headers) => Object.fromEntries([...headers].filter(([name]) => !["date", "x-request-id", "connection", "keep-alive", "transfer-encoding"].includes(name)));

describe("HEAD", () => {
  it("answers every GET route with the GET's status and headers, its length included, and no body", async () => {
    const { created } = await finishedMatch(t);
    const id = created.match.id;
    const paths = [
      `/api/matches/${id}`,
      `/api/matches/${id}/events?after=1&limit=2`,
      `/api/matches/${id}/stream?after=2`,
      "/api/rulesets",
      "/api/rulesets/backgammon",
      "/api/openapi.json",
      "/api/matches/nope",
      "/healthz",
      `/graphql?query=${encodeURIComponent("{ rulesets }")}`,
    ];
    for (const path of paths) {
      // GraphQL over GET asks for a header a browser cannot send cross-site (CSRF).
      const csrf: Record<string, string> = path.startsWith("/graphql") ? { "apollo-require-preflight": "true" } : {};
      for (const headers of [csrf, { ...csrf, authorization: `Bearer ${created.tokens[1]}` }]) {
        const get = await raw("GET", path, headers);
        const getBody = await get.text();
        const head = await raw("HEAD", path, headers);
        expect(head.status, path).toBe(get.status);
        expect(comparable(head.headers), path).toEqual(comparable(get.headers));
        expect(head.headers.get("x-request-id"), path).toMatch(/^[0-9a-f-]{36}$/);
        expect(await head.text(), path).toBe("");
        // A streamed answer states no length; any other states the GET's.
        if (get.headers.get("content-length") !== null) expect(head.headers.get("content-length"), path).toBe(String(Buffer.byteLength(getBody)));
      }
    }
  });

  it("on the stream of a match still running, answers the stream's headers at once instead of holding it open", async () => {
    const { match } = await createViaRest(t);
    const head = await raw("HEAD", `/api/matches/${match.id}/stream`);
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(await head.text()).toBe("");
  });

  it("is allowed wherever GET is, and a POST-only path says so", async () => {
    const wrong = await raw("DELETE", "/api/matches/x");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET, HEAD");
    expect((await raw("HEAD", "/api/matches/x/moves")).headers.get("allow")).toBe("POST");
  });
});

describe("ETag and If-None-Match", () => {
  it("tags a match read by version and by viewer: each seat and the spectators get their own", async () => {
    const { match, tokens } = await createViaRest(t);
    const tags = await Promise.all([undefined, tokens[0], tokens[1]].map(async (token) => (await t.rest("GET", `/api/matches/${match.id}`, { token })).headers.get("etag")));
    expect(tags).toEqual(['"1-s"', '"1-0"', '"1-1"']);
    // A seat's tag does not spare it the spectator's view, nor the other way round.
    const asSpectator = await t.rest("GET", `/api/matches/${match.id}`, { headers: { "if-none-match": '"1-0"' } });
    expect(asSpectator.status).toBe(200);
    expect(asSpectator.body.seat).toBeNull();
  });

  it("answers 304 without a body while the match is unchanged, 200 and a new tag once it moved on", async () => {
    const created = await createViaRest(t);
    const id = created.match.id;
    const first = await t.rest("GET", `/api/matches/${id}`, { token: created.tokens[0] });
    const tag = first.headers.get("etag")!;
    for (const ifNoneMatch of [tag, `W/${tag}`, `"0-0", ${tag}`, "*"]) {
      const again = await raw("GET", `/api/matches/${id}`, { authorization: `Bearer ${created.tokens[0]}`, "if-none-match": ifNoneMatch });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.headers.get("etag")).toBe(tag);
      expect(await again.text()).toBe("");
      expect((await raw("HEAD", `/api/matches/${id}`, { authorization: `Bearer ${created.tokens[0]}`, "if-none-match": ifNoneMatch })).status).toBe(304);
    }
    await rollUntilMovable(t, created);
    const later = await t.rest("GET", `/api/matches/${id}`, { token: created.tokens[0], headers: { "if-none-match": tag } });
    expect(later.status).toBe(200);
    expect(later.headers.get("etag")).toBe(`"${later.body.version}-0"`);
    // A command is never answered 304: what it did cannot be taken back.
    const rolled = await t.rest("POST", `/api/matches/${id}/dice`, { token: created.tokens[later.body.toMove ?? 0], headers: { "if-none-match": "*" } });
    expect(rolled.status).not.toBe(304);
    // An unknown match is 404 whatever the client holds.
    expect((await raw("GET", "/api/matches/nope", { "if-none-match": "*" })).status).toBe(404);
  });

  it("tags an events page by where it ends and whether more follow; a page that gained a next is 200 again", async () => {
    const created = await createViaRest(t);
    const id = created.match.id;
    const page = await t.rest("GET", `/api/matches/${id}/events?after=0&limit=2`);
    expect(page.body.events).toHaveLength(1);
    const tag = page.headers.get("etag")!;
    expect(tag).toBe('"e1"');
    expect((await raw("GET", `/api/matches/${id}/events?after=0&limit=2`, { "if-none-match": tag })).status).toBe(304);
    await rollUntilMovable(t, created);
    const grown = await t.rest("GET", `/api/matches/${id}/events?after=0&limit=2`, { headers: { "if-none-match": tag } });
    expect(grown.status).toBe(200);
    expect(grown.headers.get("etag")).toMatch(/^"e2\+?"$/);
  });

  it("keeps If-Match on moves: the version alone or a read's ETag", async () => {
    const created = await createViaRest(t);
    const view = await rollUntilMovable(t, created);
    const seat = view.seat!;
    const read = await t.rest("GET", `/api/matches/${view.id}`, { token: created.tokens[seat] });
    const stale = await t.rest("POST", `/api/matches/${view.id}/moves`, {
      token: created.tokens[seat],
      json: { move: view.legalMoves[0] },
      headers: { "if-match": `"${view.version - 1}-${seat}"` },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: "VERSION_CONFLICT", currentVersion: view.version });
    const moved = await t.rest("POST", `/api/matches/${view.id}/moves`, { token: created.tokens[seat], json: { move: view.legalMoves[0] }, headers: { "if-match": read.headers.get("etag")! } });
    expect(moved.status, moved.raw).toBe(200);
    const bad = await t.rest("POST", `/api/matches/${view.id}/moves`, { token: created.tokens[seat], json: { move: "13/7" }, headers: { "if-match": '"3-x"' } });
    expect(bad.body.error.code).toBe("BAD_USER_INPUT");
  });
});
