import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RULESETS } from "../../src/engine/registry.js";
import { createViaRest, getMatch, type MatchJson } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let t: TestServer;
beforeAll(async () => void (t = await startTestServer()));
afterAll(() => t?.close());

/** A match of `ruleset` played until its seat to act has moves to choose from. */
async function withMoves(ruleset: string): Promise<{ id: string; token: string; view: MatchJson & { movablePieces: string[] } }> {
  const created = await createViaRest(t, { ruleset });
  for (let i = 0; i < 20; i++) {
    const seat = (await getMatch(t, created.match.id)).toAct[0]!;
    const view = (await getMatch(t, created.match.id, created.tokens[seat])) as MatchJson & { movablePieces: string[] };
    if (view.phase === "move" && view.legalMoves.length > 1) return { id: created.match.id, token: created.tokens[seat]!, view };
    if (view.phase === "roll") await t.rest("POST", `/api/matches/${created.match.id}/dice`, { token: created.tokens[seat] });
    else await t.rest("POST", `/api/matches/${created.match.id}/moves`, { token: created.tokens[seat], json: { move: view.legalMoves[0] } });
  }
  throw new Error(`no ${ruleset} position with a choice of moves`);
}

/** A compound game's view lists hundreds of moves; a client that draws one piece at a time asks for that piece's. */
describe("legal moves by piece", () => {
  it.each(RULESETS)("%s: movablePieces names each piece with a move once; legalMoves(piece:) and ?piece= keep its moves and the moves of no piece", async (ruleset) => {
    const { id, token, view } = await withMoves(ruleset);
    if (ruleset === "backgammon") {
      // A play moves several checkers: no pieces, and a filter keeps every play.
      expect(view.movablePieces).toEqual([]);
      expect((await t.rest("GET", `/api/matches/${id}?piece=7`, { token })).body.legalMoves).toEqual(view.legalMoves);
      return;
    }
    expect(view.movablePieces.length).toBeGreaterThan(0);
    expect(new Set(view.movablePieces).size).toBe(view.movablePieces.length);
    const key = ruleset === "gol" ? "piece" : "token";
    const pieceOf = (move: any): string | null => (move[key] === undefined ? null : String(move[key]));
    expect(new Set(view.legalMoves.map(pieceOf).filter((p) => p !== null))).toEqual(new Set(view.movablePieces));
    const piece = view.movablePieces.at(-1)!;
    const expected = view.legalMoves.filter((m) => pieceOf(m) === null || pieceOf(m) === piece);
    if (view.movablePieces.length > 1) expect(expected.length).toBeLessThan(view.legalMoves.length);

    const rest = await t.rest("GET", `/api/matches/${id}?piece=${piece}&fields=version,legalMoves,movablePieces`, { token });
    expect(rest.body).toEqual({ version: view.version, legalMoves: expected, movablePieces: view.movablePieces });
    // The tag names the piece: a read of another piece is not answered 304 from it.
    const other = await t.rest("GET", `/api/matches/${id}?piece=${piece}x`, { token, headers: { "if-none-match": rest.headers.get("etag")! } });
    expect(other.status).toBe(200);
    const same = await t.rest("GET", `/api/matches/${id}?piece=${piece}&fields=version,legalMoves,movablePieces`, { token, headers: { "if-none-match": rest.headers.get("etag")! } });
    expect(same.status).toBe(304);

    const gql = await t.gql(`query($id: ID!, $piece: String) { match(id: $id) { movablePieces all: legalMoves mine: legalMoves(piece: $piece) } }`, { id, piece }, { token });
    expect(gql.errors).toBeUndefined();
    expect(gql.data.match).toEqual({ movablePieces: view.movablePieces, all: view.legalMoves, mine: expected });
    // Every move kept is one the seat may play as it is.
    const played = await t.rest("POST", `/api/matches/${id}/moves?piece=${piece}`, { token, json: { move: expected.at(-1), expectedVersion: view.version } });
    expect(played.status, played.raw).toBe(200);
  });

  it("refuses a piece that no ruleset could name before the command runs", async () => {
    const { id, token, view } = await withMoves("gol");
    const reply = await t.rest("POST", `/api/matches/${id}/moves?piece=${encodeURIComponent("7; drop")}`, { token, json: { move: view.legalMoves[0] } });
    expect(reply.status).toBe(400);
    expect((await getMatch(t, id)).version).toBe(view.version);
  });
});
