import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RULESETS } from "../../../src/engine/registry.js";
import { createViaRest } from "../../helpers/matches.js";
import { startTestServer, type TestServer } from "../../helpers/server.js";

let t: TestServer;
let framed: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  framed = await startTestServer({ frameAncestors: "'self' https://forum.example" });
});
afterAll(async () => {
  await t?.close();
  await framed?.close();
});

const configOf = (html: string): Record<string, any> => {
  const raw = /data-config="([^"]*)"/.exec(html)![1]!;
  return JSON.parse(raw.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&"));
};

describe("GET /embed/{matchId}", () => {
  it.each(RULESETS)("serves the page of a %s match: the shell, its config, the script and stylesheet by content hash", async (ruleset) => {
    const created = await createViaRest(t, { ruleset });
    const reply = await t.rest("GET", `/embed/${created.match.id}?theme=dark&lang=ru&orientation=1&size=480&version=1`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(configOf(reply.raw)).toEqual({
      matchId: created.match.id,
      ruleset,
      graphql: "/graphql",
      websocket: "/graphql",
      api: "/api",
      options: { theme: "dark", lang: "ru", orientation: 1, size: 480, version: 1 },
    });
    expect(reply.raw).toContain('<html lang="ru" data-theme="dark">');
    expect(reply.raw).toMatch(/<script type="module" src="\/embed\/assets\/embed-[0-9a-f]{12}\.js"><\/script>/);
    expect(reply.raw).toMatch(/<link rel="stylesheet" href="\/embed\/assets\/embed-[0-9a-f]{12}\.css">/);
  });

  it("holds no secret: no seat token, no dice seed, only the public commitment", async () => {
    const created = await createViaRest(t, { ruleset: "backgammon" });
    const reply = await t.rest("GET", `/embed/${created.match.id}`);
    for (const token of created.tokens) expect(reply.raw).not.toContain(token);
    expect(reply.raw).not.toContain("tbs_");
    expect(reply.raw).not.toMatch(/diceSeed/);
  });

  it("sends a Content-Security-Policy without inline script or style, framed by any site by default", async () => {
    const created = await createViaRest(t, { ruleset: "gol" });
    const reply = await t.rest("GET", `/embed/${created.match.id}`);
    const csp = reply.headers.get("content-security-policy")!;
    expect(csp.split("; ")).toEqual(expect.arrayContaining(["default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "frame-ancestors *", "base-uri 'none'"]));
    expect(csp).not.toContain("unsafe-inline");
    expect(reply.raw).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(reply.raw).not.toMatch(/\sstyle=/);
    expect(reply.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("lets the deployment say who may frame it (frame-ancestors)", async () => {
    const created = await createViaRest(framed, { ruleset: "gol" });
    const reply = await framed.rest("GET", `/embed/${created.match.id}`);
    expect(reply.headers.get("content-security-policy")).toContain("frame-ancestors 'self' https://forum.example");
  });

  it("never reflects a hostile query string: other parameters are ignored, a bad option is refused escaped", async () => {
    const created = await createViaRest(t, { ruleset: "backgammon" });
    const hostile = encodeURIComponent('"><script>alert(1)</script>');
    const ignored = await t.rest("GET", `/embed/${created.match.id}?utm_source=${hostile}`);
    expect(ignored.status).toBe(200);
    expect(ignored.raw).not.toContain("alert(1)");
    const refused = await t.rest("GET", `/embed/${created.match.id}?theme=${hostile}&size=${hostile}`);
    expect(refused.status).toBe(400);
    expect(refused.raw).toContain("BAD_USER_INPUT");
    expect(refused.raw).not.toContain("<script>");
  });

  it.each([
    ["an unknown match", "/embed/nosuchmatch", 404, "NOT_FOUND"],
    ["an id that is no id", `/embed/${encodeURIComponent("<img src=x onerror=alert(1)>")}`, 404, "NOT_FOUND"],
    ["a path below a page", "/embed/abc/def", 404, "NOT_FOUND"],
    ["a size out of range", "/embed/abc?size=5", 400, "BAD_USER_INPUT"],
    ["an id that is not percent-encoded UTF-8", "/embed/%ZZ", 400, "BAD_USER_INPUT"],
    ["a truncated UTF-8 sequence", "/embed/%E0%A4%A", 400, "BAD_USER_INPUT"],
  ])("answers %s with an escaped error page", async (_what, path, status, code) => {
    const reply = await t.rest("GET", path);
    expect(reply.status).toBe(status);
    expect(reply.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(reply.raw).toContain(code);
    expect(reply.raw).not.toMatch(/<img|<script/);
  });

  it("refuses other methods with 405 and answers HEAD like GET, without a body", async () => {
    const created = await createViaRest(t, { ruleset: "backgammon" });
    const post = await t.rest("POST", `/embed/${created.match.id}`, { json: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    const head = await t.rest("HEAD", `/embed/${created.match.id}`);
    expect(head.status).toBe(200);
    expect(head.raw).toBe("");
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(200);
  });
});

describe("GET /embed/assets/{file}", () => {
  it("serves the script and the stylesheet the page names, cached for good", async () => {
    const created = await createViaRest(t, { ruleset: "backgammon" });
    const page = (await t.rest("GET", `/embed/${created.match.id}`)).raw;
    const script = /src="(\/embed\/assets\/[^"]+\.js)"/.exec(page)![1]!;
    const style = /href="(\/embed\/assets\/[^"]+\.css)"/.exec(page)![1]!;
    for (const [path, type] of [
      [script, "text/javascript; charset=utf-8"],
      [style, "text/css; charset=utf-8"],
    ] as const) {
      const reply = await t.rest("GET", path);
      expect(reply.status).toBe(200);
      expect(reply.headers.get("content-type")).toBe(type);
      expect(reply.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(reply.raw.length).toBeGreaterThan(50);
    }
    expect((await t.rest("GET", "/embed/assets/embed-000000000000.js")).status).toBe(404);
  });
});

describe("GET /embed/boards.js", () => {
  it("is the drawing module on its own: imported by another program, it draws what board.svg draws", async () => {
    const created = await createViaRest(t, { ruleset: "golnard-football" });
    const reply = await t.rest("GET", "/embed/boards.js");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(reply.headers.get("access-control-allow-origin")).toBe("*");
    expect(reply.headers.get("cache-control")).toBe("public, max-age=300");
    const { drawBoard, DRAWINGS } = (await import(`data:text/javascript;base64,${Buffer.from(reply.raw).toString("base64")}`)) as typeof import("../../../src/boards/index.js");
    expect(Object.keys(DRAWINGS).sort()).toEqual([...RULESETS].sort());
    const view = (await t.rest("GET", `/api/matches/${created.match.id}`)).body;
    const picture = await t.rest("GET", `/api/matches/${created.match.id}/board.svg?theme=dark&lang=ru`);
    expect(drawBoard(view.ruleset, view.state, { theme: "dark", lang: "ru", orientation: 0 })).toBe(picture.raw);
  });
});
