import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalLambda } from "../../infra/local-lambda.js";
import { BUILD_TIMEOUT_MS, call, type Fixture, httpEvent, setUp } from "./support.js";

/** The embed bundle exactly as deployed, with the page's script built beside it, fed API Gateway events. */
let fx: Fixture;
let embed: LocalLambda;
let rest: LocalLambda;
const WEBSOCKET_URL = "wss://ws123.execute-api.eu-west-1.amazonaws.com/prod";

beforeAll(async () => {
  fx = await setUp(["embed", "rest"]);
  [embed, rest] = await Promise.all([fx.start("embed", { WEBSOCKET_URL, FRAME_ANCESTORS: "https://forum.example" }), fx.start("rest")]);
}, BUILD_TIMEOUT_MS);
afterAll(async () => fx?.close());

const https = { "x-forwarded-proto": "https" };

describe("functions/embed", () => {
  it("serves the embed page of a match: subscribing to the WebSocket API, framed where the stack allows", async () => {
    const created = await call(rest, httpEvent("POST", "/api/matches", { json: { ruleset: "golnard-estafeta" } }));
    const id = created.body.match.id as string;
    const page = await call(embed, httpEvent("GET", `/embed/${id}`, { query: "lang=ru", headers: https }));
    expect(page.status, page.raw).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    const csp = page.headers["content-security-policy"]!;
    expect(csp).toContain("connect-src 'self' wss://ws123.execute-api.eu-west-1.amazonaws.com");
    expect(csp).toContain("frame-ancestors https://forum.example");
    expect(page.raw).toContain(`&quot;websocket&quot;:&quot;${WEBSOCKET_URL}&quot;`);
    expect(page.raw).toContain(`href="https://abc123.execute-api.eu-west-1.amazonaws.com/oembed?url=`);
    for (const seat of created.body.seats) expect(page.raw).not.toContain(seat.token);
    // Reading a match is all it does.
    expect(fx.operations("embed")).toEqual(expect.arrayContaining(["dynamodb:Query"]));
    expect(fx.operations("embed").filter((op) => !["dynamodb:Query", "dynamodb:GetItem"].includes(op))).toEqual([]);
  });

  it("serves the script and stylesheet built with the bundle, cached for good", async () => {
    const created = await call(rest, httpEvent("POST", "/api/matches", { json: { ruleset: "gol" } }));
    const page = await call(embed, httpEvent("GET", `/embed/${created.body.match.id}`));
    for (const path of [/src="(\/embed\/assets\/[^"]+)"/.exec(page.raw)![1]!, /href="(\/embed\/assets\/[^"]+\.css)"/.exec(page.raw)![1]!]) {
      const asset = await call(embed, httpEvent("GET", path));
      expect(asset.status).toBe(200);
      expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
  });

  it("answers oEmbed for the API's own links, and an unknown match with NOT_FOUND", async () => {
    const created = await call(rest, httpEvent("POST", "/api/matches", { json: { ruleset: "backgammon" } }));
    const id = created.body.match.id as string;
    const link = `https://abc123.execute-api.eu-west-1.amazonaws.com/embed/${id}`;
    const answer = await call(embed, httpEvent("GET", "/oembed", { query: `url=${encodeURIComponent(link)}&format=json`, headers: https }));
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.body).toMatchObject({ type: "rich", version: "1.0" });
    expect(answer.body.html).toContain(`src="${link}"`);
    const missing = await call(embed, httpEvent("GET", "/embed/nosuchmatch"));
    expect(missing.status).toBe(404);
  });
});
