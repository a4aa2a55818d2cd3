import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wholeUpdate } from "../../../src/service/match-update.js";
import { RULESETS } from "../../../src/engine/registry.js";
import { createViaRest, getMatch } from "../../helpers/matches.js";
import { playCommands } from "../../helpers/play-api.js";
import { startTestServer, type TestServer } from "../../helpers/server.js";
import { svgProblems } from "../../boards/svg-check.js";

let t: TestServer;
beforeAll(async () => void (t = await startTestServer()));
afterAll(() => t?.close());

describe("GET /api/matches/{id}?version=N", () => {
  it.each(RULESETS)("%s: the view at every version is the one a spectator's live update carried for it", async (ruleset) => {
    const created = await createViaRest(t, { ruleset });
    await playCommands(t, created, 12);
    const { updates } = await t.server.service.updatesAfter(created.match.id, undefined, 0);
    expect(updates.length).toBeGreaterThan(3);
    for (const update of updates) {
      const reply = await t.rest("GET", `/api/matches/${created.match.id}?version=${update.version}`, { token: created.tokens[0] });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual(JSON.parse(JSON.stringify(wholeUpdate(update).match)));
      expect(reply.headers.get("etag")).toBe(`"${update.version}-s"`);
      expect(reply.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
  });

  it("answers a version not reached yet with NOT_FOUND, and version 0 with BAD_USER_INPUT; GraphQL answers null", async () => {
    const created = await createViaRest(t, { ruleset: "backgammon" });
    const ahead = await t.rest("GET", `/api/matches/${created.match.id}?version=${created.match.version + 1}`);
    expect(ahead.status).toBe(404);
    expect(ahead.body.error.code).toBe("NOT_FOUND");
    expect(ahead.headers.get("cache-control")).toBe("no-store");
    expect((await t.rest("GET", `/api/matches/${created.match.id}`)).headers.get("cache-control")).toBe("no-store");
    expect((await t.rest("GET", `/api/matches/${created.match.id}?version=0`)).body.error.code).toBe("BAD_USER_INPUT");
    const gql = await t.gql(`query($id: ID!, $v: Int) { match(id: $id, version: $v) { version } }`, { id: created.match.id, v: 99 });
    expect(gql.data).toEqual({ match: null });
    const now = await t.gql(`query($id: ID!, $v: Int) { match(id: $id, version: $v) { version seat } }`, { id: created.match.id, v: 1 }, { token: created.tokens[0] });
    expect(now.data).toEqual({ match: { version: 1, seat: null } });
  });

  it("still refuses a token of another match", async () => {
    const a = await createViaRest(t, { ruleset: "backgammon" });
    const b = await createViaRest(t, { ruleset: "backgammon" });
    const reply = await t.rest("GET", `/api/matches/${a.match.id}?version=1`, { token: b.tokens[0] });
    expect(reply.status).toBe(403);
  });
});

describe("GET /api/matches/{id}/board.svg", () => {
  it.each(RULESETS)("%s: draws the position now and at a past version, with the embed page's drawing", async (ruleset) => {
    const created = await createViaRest(t, { ruleset });
    const view = await playCommands(t, created, 6);
    const now = await t.rest("GET", `/api/matches/${created.match.id}/board.svg?theme=dark&lang=ru`);
    expect(now.status).toBe(200);
    expect(now.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(now.headers.get("cache-control")).toBe("no-cache");
    expect(now.headers.get("etag")).toBe(`"${view.version}-svg-dark-ru-0"`);
    expect(svgProblems(now.raw)).toEqual([]);
    const past = await t.rest("GET", `/api/matches/${created.match.id}/board.svg?version=1`);
    expect(past.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(svgProblems(past.raw)).toEqual([]);
    const again = await t.rest("GET", `/api/matches/${created.match.id}/board.svg?version=1`, { headers: { "if-none-match": past.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("runs nothing when opened on its own, and refuses bad options", async () => {
    const created = await createViaRest(t, { ruleset: "gol" });
    const reply = await t.rest("GET", `/api/matches/${created.match.id}/board.svg`);
    expect(reply.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect((await t.rest("GET", `/api/matches/${created.match.id}/board.svg?theme=blue`)).body.error.code).toBe("BAD_USER_INPUT");
    expect((await t.rest("GET", `/api/matches/${created.match.id}/board.svg?orientation=64`)).body.error.code).toBe("BAD_USER_INPUT");
    expect((await t.rest("GET", `/api/matches/nosuch/board.svg`)).status).toBe(404);
  });
});

describe("GET /oembed", () => {
  it("turns a match's link (its embed page, its API URL, its picture) into a rich embed of the live board", async () => {
    const created = await createViaRest(t, { ruleset: "golnard-football" });
    const id = created.match.id;
    for (const link of [`${t.url}/embed/${id}`, `${t.url}/api/matches/${id}`, `${t.url}/api/matches/${id}/board.svg`]) {
      const reply = await t.rest("GET", `/oembed?url=${encodeURIComponent(link)}&format=json`);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ version: "1.0", type: "rich", provider_name: "Tabula", width: 720, height: 560 });
      expect(reply.body.html).toBe(`<iframe src="${t.url}/embed/${id}" width="720" height="560" title="Tabula: golnard-football match ${id}" frameborder="0" loading="lazy"></iframe>`);
      expect(reply.body.thumbnail_url).toBe(`${t.url}/api/matches/${id}/board.svg`);
    }
    const page = await t.rest("GET", `/embed/${id}`);
    expect(page.raw).toContain(`<link rel="alternate" type="application/json+oembed" href="${t.url}/oembed?url=${encodeURIComponent(`${t.url}/embed/${id}`)}&amp;format=json"`);
  });

  it("fits maxwidth and maxheight, keeping the board's proportions", async () => {
    const created = await createViaRest(t, { ruleset: "backgammon" });
    const reply = await t.rest("GET", `/oembed?url=${encodeURIComponent(`${t.url}/embed/${created.match.id}`)}&maxwidth=320&maxheight=1000`);
    expect([reply.body.width, reply.body.height]).toEqual([320, 300]);
  });

  it.each([
    ["no url", "", 400],
    ["a link of another site", `url=${encodeURIComponent("https://evil.example/embed/abc")}`, 404],
    ["a link of no match page", "url=" + encodeURIComponent("http://127.0.0.1/healthz"), 404],
    ["a match that does not exist", "URL_OF_MISSING", 404],
    ["format=xml", "URL_OF_MISSING&format=xml", 501],
  ])("answers %s with an error", async (_what, query, status) => {
    const reply = await t.rest("GET", `/oembed?${query.replace("URL_OF_MISSING", `url=${encodeURIComponent(`${t.url}/embed/nosuch`)}`)}`);
    expect(reply.status).toBe(status);
    expect(reply.body.error.code).toMatch(/^(BAD_USER_INPUT|NOT_FOUND)$/);
  });
});

describe("board.svg reads no token", () => {
  it("draws for anyone, whatever Authorization header comes with the request (a malformed one included)", async () => {
    const created = await createViaRest(t, { ruleset: "backgammon" });
    for (const authorization of ["Bearer", "bearer\ttbl_\tx", `Bearer ${created.tokens[0]}`, "Basic abc"]) {
      const reply = await t.rest("GET", `/api/matches/${created.match.id}/board.svg`, { headers: { authorization } });
      expect(reply.status, authorization).toBe(200);
    }
  });
});
