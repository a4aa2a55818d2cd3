import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HTTP_STATUS } from "../../src/errors.js";
import { LIMITS } from "../../src/api/limits.js";
import { createViaRest, doubledMatch, finishedMatch, illegalMove, type MatchJson, rollUntilMovable, stored } from "../helpers/matches.js";
import { type RestReply, startTestServer, type TestServer } from "../helpers/server.js";

/** Every error code a REST client can meet, the transport statuses, and nothing stored on rejection. */
let t: TestServer;
beforeAll(async () => void (t = await startTestServer()));
afterAll(() => t?.close());

const roll = (id: string, token?: string) => t.rest("POST", `/api/matches/${id}/dice`, { token });
const move = (id: string, token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  t.rest("POST", `/api/matches/${id}/moves`, { token, json: body, headers });

/** Checks the error body shape and status; the match must not have changed. */
async function refused(id: string, run: () => Promise<RestReply<any>>, code: keyof typeof HTTP_STATUS, status: number = HTTP_STATUS[code]) {
  const before = await stored(t, id);
  const reply = await run();
  expect(reply.status, reply.raw).toBe(status);
  expect(reply.headers.get("content-type")).toMatch(/^application\/json/);
  expect(reply.body.error).toMatchObject({ code, message: expect.any(String) });
  expect(reply.raw).not.toMatch(/at .*\.ts:\d+/);
  expect(await stored(t, id)).toEqual(before);
  return reply.body.error;
}

describe("REST errors", () => {
  it("400 BAD_USER_INPUT for malformed JSON, wrong types and unknown keys (with the issues)", async () => {
    const { match, tokens } = await createViaRest(t);
    await refused(match.id, () => t.rest("POST", `/api/matches/${match.id}/moves`, { token: tokens[0], body: '{"move": ', headers: { "content-type": "application/json" } }), "BAD_USER_INPUT");
    const typed = await refused(match.id, () => move(match.id, tokens[0], { move: "13/7", expectedVersion: "one" }), "BAD_USER_INPUT");
    expect(typed.issues).toEqual([expect.objectContaining({ path: "expectedVersion" })]);
    const extra = await refused(match.id, () => move(match.id, tokens[0], { move: "13/7", expected: 1 }), "BAD_USER_INPUT");
    expect(extra.message).toMatch(/expected/);
    await refused(match.id, () => move(match.id, tokens[0], {}), "BAD_USER_INPUT");
    await refused(match.id, () => move(match.id, tokens[0], [1, 2]), "BAD_USER_INPUT");
    await refused(match.id, () => move(match.id, tokens[0], { move: 42 }), "BAD_USER_INPUT");
    await refused(match.id, () => move(match.id, tokens[0], { move: "13/7" }, { "idempotency-key": "k".repeat(129) }), "BAD_USER_INPUT");
    await refused(match.id, () => move(match.id, tokens[0], { move: "13/7" }, { "if-match": "yesterday" }), "BAD_USER_INPUT");
    await refused(match.id, () => move(match.id, tokens[0], { move: "13/7", expectedVersion: 1 }, { "if-match": '"2"' }), "BAD_USER_INPUT");
    await refused(match.id, () => move(match.id, tokens[0], { move: "13/7", idempotencyKey: "a" }, { "idempotency-key": "b" }), "BAD_USER_INPUT");
    await refused(match.id, () => t.rest("POST", `/api/matches/${match.id}/dice`, { token: tokens[0], json: { seat: 1 } }), "BAD_USER_INPUT");

    const created = await t.rest("POST", "/api/matches", { json: { ruleset: "no-such-game" } });
    expect(created.status).toBe(400);
    expect((await t.rest("POST", "/api/matches", { json: { ruleset: "backgammon", seats: "two" } })).status).toBe(400);
    expect((await t.rest("POST", "/api/matches", { json: { ruleset: "backgammon", seats: 3 } })).body.error).toMatchObject({ code: "BAD_USER_INPUT", reason: "INVALID_SEATS" });
    expect((await t.rest("POST", "/api/matches", { json: { ruleset: "backgammon", options: { cube: "yes" } } })).status).toBe(400);
    expect((await t.rest("GET", `/api/matches/${match.id}/events?after=-1`)).body.error.code).toBe("BAD_USER_INPUT");
    expect((await t.rest("GET", `/api/matches/${match.id}/events?limit=501`)).body.error.code).toBe("BAD_USER_INPUT");
    expect((await t.rest("GET", `/api/matches/${match.id}/events?limit=0`)).status).toBe(400);
  });

  it("415 for a POST body that is not JSON, 405 for a wrong method, 404 for an unknown route", async () => {
    const { match, tokens } = await createViaRest(t);
    const notJson = await refused(
      match.id,
      () => t.rest("POST", `/api/matches/${match.id}/moves`, { token: tokens[0], body: "move=13/7", headers: { "content-type": "application/x-www-form-urlencoded" } }),
      "BAD_USER_INPUT",
      415,
    );
    expect(notJson.message).toMatch(/application\/json/);
    expect((await t.rest("POST", "/api/matches", { body: '{"ruleset":"backgammon"}', headers: { "content-type": "text/plain" } })).status).toBe(415);
    // No body and no content type: the roll needs none.
    expect((await t.rest("POST", `/api/matches/${match.id}/dice`, { body: "x", headers: { "content-type": "text/plain" }, token: tokens[0] })).status).toBe(415);

    const wrongMethod = await t.rest("DELETE", `/api/matches/${match.id}`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("GET, HEAD");
    expect(wrongMethod.body.error.code).toBe("BAD_USER_INPUT");
    expect((await t.rest("GET", "/api/matches")).headers.get("allow")).toBe("POST");
    expect((await t.rest("GET", `/api/matches/${match.id}/dice`)).status).toBe(405);

    for (const path of ["/api/nothing", "/api/matches/x/y/z", "/elsewhere", "/"]) {
      const reply = await t.rest("GET", path);
      expect(reply.status, path).toBe(404);
      expect(reply.body.error.code).toBe("NOT_FOUND");
    }
  });

  it("404 NOT_FOUND for an unknown match", async () => {
    const { tokens } = await createViaRest(t);
    for (const reply of [
      await t.rest("GET", "/api/matches/no-such-match"),
      await t.rest("GET", "/api/matches/no-such-match/events"),
      await t.rest("GET", "/api/matches/not%20an%20id"),
      await roll("no-such-match", tokens[0]),
      await move("no-such-match", tokens[0], { move: "13/7" }),
    ]) {
      expect(reply.status).toBe(404);
      expect(reply.body.error.code).toBe("NOT_FOUND");
    }
  });

  it("401 UNAUTHENTICATED without a token or with a malformed Authorization header", async () => {
    const { match } = await createViaRest(t);
    await refused(match.id, () => roll(match.id), "UNAUTHENTICATED");
    await refused(match.id, () => move(match.id, undefined, { move: "13/7" }), "UNAUTHENTICATED");
    await refused(match.id, () => t.rest("POST", `/api/matches/${match.id}/dice`, { headers: { authorization: "Token abc" } }), "UNAUTHENTICATED");
    expect((await t.rest("GET", `/api/matches/${match.id}`, { headers: { authorization: "Bearer" } })).status).toBe(401);
  });

  it("403 FORBIDDEN for another match's token and a garbage token", async () => {
    const { match } = await createViaRest(t);
    const other = await createViaRest(t);
    await refused(match.id, () => roll(match.id, other.tokens[0]), "FORBIDDEN");
    await refused(match.id, () => roll(match.id, "tbl_garbage"), "FORBIDDEN");
    await refused(match.id, () => move(match.id, other.tokens[1], { move: "13/7" }), "FORBIDDEN");
    expect((await t.rest("GET", `/api/matches/${match.id}`, { token: "garbage" })).status).toBe(403);
  });

  it("409 DICE_NOT_ROLLED for a move before the roll", async () => {
    const { match, tokens } = await createViaRest(t);
    await refused(match.id, () => move(match.id, tokens[1], { move: "13/7" }), "DICE_NOT_ROLLED");
  });

  it("409 NOT_YOUR_TURN, 409 ALREADY_ROLLED, 422 ILLEGAL_MOVE with reason, 409 VERSION_CONFLICT with currentVersion", async () => {
    const created = await createViaRest(t);
    const view: MatchJson = await rollUntilMovable(t, created);
    const id = view.id;
    const mover = view.seat as number;
    const other = 1 - mover;
    const legal = view.legalMoves[0];

    expect((await refused(id, () => move(id, created.tokens[other], { move: legal }), "NOT_YOUR_TURN")).toMove).toBe(mover);
    await refused(id, () => roll(id, created.tokens[other]), "NOT_YOUR_TURN");
    await refused(id, () => roll(id, created.tokens[mover]), "ALREADY_ROLLED");
    const illegal = await refused(id, () => move(id, created.tokens[mover], { move: illegalMove(view.legalMoves) }), "ILLEGAL_MOVE");
    expect(illegal.reason).toEqual(expect.any(String));
    const stale = await refused(id, () => move(id, created.tokens[mover], { move: legal, expectedVersion: view.version - 1 }), "VERSION_CONFLICT");
    expect(stale.currentVersion).toBe(view.version);
    const staleHeader = await refused(id, () => move(id, created.tokens[mover], { move: legal }, { "if-match": `"${view.version - 1}"` }), "VERSION_CONFLICT");
    expect(staleHeader.currentVersion).toBe(view.version);

    const played = await move(id, created.tokens[mover], { move: legal }, { "if-match": `W/"${view.version}"` });
    expect(played.status).toBe(200);
    expect(played.body.version).toBeGreaterThan(view.version);
  });

  it("409 DICE_NOT_DUE, saying what is awaited, when a double waits for an answer", async () => {
    const { created, taker } = await doubledMatch(t);
    const answer = await refused(created.match.id, () => roll(created.match.id, created.tokens[taker]), "DICE_NOT_DUE");
    expect(answer).toMatchObject({ awaiting: "takeOrDrop" });
  });

  it("409 MATCH_FINISHED for acting after the end", async () => {
    const { created } = await finishedMatch(t);
    await refused(created.match.id, () => roll(created.match.id, created.tokens[0]), "MATCH_FINISHED");
    await refused(created.match.id, () => move(created.match.id, created.tokens[1], { move: "13/7" }), "MATCH_FINISHED");
  });

  it("422 IDEMPOTENCY_KEY_REUSED for a key used before with another move", async () => {
    const created = await createViaRest(t);
    const view = await rollUntilMovable(t, created);
    const token = created.tokens[view.seat as number];
    expect((await move(view.id, token, { move: view.legalMoves[0] }, { "idempotency-key": "k1" })).status).toBe(200);
    await refused(view.id, () => move(view.id, token, { move: illegalMove(view.legalMoves), idempotencyKey: "k1" }), "IDEMPOTENCY_KEY_REUSED");
  });

  it("413 PAYLOAD_TOO_LARGE for a body over the limit and for a move or options over 4 KiB", async () => {
    const { match, tokens } = await createViaRest(t);
    await refused(match.id, () => move(match.id, tokens[0], { move: "x".repeat(LIMITS.maxBodyBytes) }), "PAYLOAD_TOO_LARGE");
    const moveTooLarge = await refused(match.id, () => move(match.id, tokens[0], { move: "x".repeat(LIMITS.maxMoveBytes) }), "PAYLOAD_TOO_LARGE");
    expect(moveTooLarge.limit).toBe(LIMITS.maxMoveBytes);
    const options = await t.rest("POST", "/api/matches", { json: { ruleset: "backgammon", options: { pad: "x".repeat(LIMITS.maxOptionsBytes) } } });
    expect(options.status).toBe(413);
    // A body sent without Content-Length (chunked) is cut off as well.
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 80; i++) controller.enqueue(new TextEncoder().encode("x".repeat(1024)));
        controller.close();
      },
    });
    const chunked = await fetch(`${t.url}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: chunks, duplex: "half" } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(((await chunked.json()) as any).error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("answers CORS preflights and exposes ETag", async () => {
    const preflight = await fetch(`${t.url}/api/matches/x/moves`, { method: "OPTIONS", headers: { origin: "https://example.org", "access-control-request-method": "POST" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/authorization/);
    const read = await t.rest("GET", "/api/openapi.json");
    expect(read.headers.get("access-control-allow-origin")).toBe("*");
    expect(read.headers.get("access-control-expose-headers")).toMatch(/etag/);
  });
});
