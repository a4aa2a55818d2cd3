import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MATCH_VIEW_FIELDS } from "../../src/service/match-view.js";
import { createViaRest, getMatch, rollUntilMovable } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/** REST's `?fields=`: an answer with only the fields of the match a client reads. */
let t: TestServer;
beforeAll(async () => void (t = await startTestServer()));
afterAll(() => t?.close());

const BOT_FIELDS = "version,toAct,phase,dice,legalMoves";

describe("?fields= on the routes that answer a match", () => {
  it("names every field a view has", async () => {
    const { match } = await createViaRest(t);
    expect(Object.keys(match).sort()).toEqual([...MATCH_VIEW_FIELDS].sort());
  });

  it("answers a read with just the fields named, in the view's order, each as the whole view has it", async () => {
    const created = await createViaRest(t);
    const id = created.match.id;
    const whole = await getMatch(t, id, created.tokens[0]);
    const picked = await t.rest("GET", `/api/matches/${id}?fields=${encodeURIComponent(" legalMoves,version,,toAct,version ")}`, { token: created.tokens[0] });
    expect(picked.status).toBe(200);
    expect(picked.raw).toBe(JSON.stringify({ version: whole.version, toAct: whole.toAct, legalMoves: whole.legalMoves }));
    // The tag is the match's at that version, for that viewer, as without `fields`.
    expect(picked.headers.get("etag")).toBe(`"${whole.version}-0"`);
    const again = await fetch(`${t.url}/api/matches/${id}?fields=version`, { headers: { authorization: `Bearer ${created.tokens[0]}`, "if-none-match": picked.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("answers a roll and a move with the fields a bot needs to play on, and plays them", async () => {
    const created = await createViaRest(t);
    const view = await rollUntilMovable(t, created);
    const token = created.tokens[view.seat!];
    const moved = await t.rest("POST", `/api/matches/${view.id}/moves?fields=${BOT_FIELDS}`, { token, json: { move: view.legalMoves[0] } });
    expect(moved.status).toBe(200);
    expect(Object.keys(moved.body)).toEqual(BOT_FIELDS.split(","));
    expect(moved.body.version).toBeGreaterThan(view.version);
    const next = moved.body.toAct[0];
    const rolled = await t.rest("POST", `/api/matches/${view.id}/dice?fields=phase,dice`, { token: created.tokens[next] });
    expect(rolled.status).toBe(200);
    expect(Object.keys(rolled.body)).toEqual(["phase", "dice"]);
    expect((await getMatch(t, view.id)).version).toBeGreaterThan(moved.body.version);
  });

  it("refuses a list that names no field of a match before the command runs: nothing is played", async () => {
    const created = await createViaRest(t);
    const view = await rollUntilMovable(t, created);
    const token = created.tokens[view.seat!];
    for (const fields of ["", ",", "version,board", "__proto__", "toString", "legalMoves,constructor"]) {
      const refused = await t.rest("POST", `/api/matches/${view.id}/moves?fields=${encodeURIComponent(fields)}`, { token, json: { move: view.legalMoves[0] } });
      expect(refused.status, fields).toBe(400);
      expect(refused.body.error.code, fields).toBe("BAD_USER_INPUT");
      expect(refused.body.error.message, fields).toMatch(/`fields`/);
    }
    expect((await t.rest("POST", `/api/matches/${view.id}/resign?fields=nope`, { token })).status).toBe(400);
    expect((await t.rest("GET", `/api/matches/${view.id}?fields=nope`)).status).toBe(400);
    const after = await getMatch(t, view.id, token);
    expect(after.version).toBe(view.version);
    expect(after.status).toBe("ACTIVE");
  });

  it("keeps a refusal of the command itself as it is, whatever the fields", async () => {
    const created = await createViaRest(t);
    const view = await rollUntilMovable(t, created);
    const other = created.tokens[1 - view.seat!];
    const refused = await t.rest("POST", `/api/matches/${view.id}/moves?fields=version`, { token: other, json: { move: view.legalMoves[0] } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("NOT_YOUR_TURN");
  });
});
