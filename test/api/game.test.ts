import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyDice } from "../../src/match/verify-dice.js";
import { actor, type EventJson, events, MATCH_FIELDS, type MatchJson, sha256Hex } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/** A whole backgammon match, played by two clients that always pick a legal move. */
let t: TestServer;
beforeAll(async () => void (t = await startTestServer()));
afterAll(() => t?.close());

/** Enough for the longest realistic game (a few hundred commands) with a wide margin. */
const MAX_COMMANDS = 5_000;

/** Deterministic choice of a legal move (mulberry32), so a failure can be replayed from the log. */
function chooser(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return Math.floor((((x ^ (x >>> 14)) >>> 0) / 4294967296) * n);
  };
}

function checkFinished(final: MatchJson, log: EventJson[]): void {
  expect(final.status).toBe("FINISHED");
  expect([0, 1]).toContain(final.winner);
  expect(final.result?.winner).toBe(final.winner);
  expect(final.toMove).toBeNull();
  expect(final.legalMoves).toEqual([]);
  // The seed is revealed and is the one committed to at creation.
  expect(final.diceSeed).toMatch(/^[0-9a-f]{64}$/);
  expect(sha256Hex(final.diceSeed as string)).toBe(final.diceCommitment);
  // The log runs 1..version without gaps and ends with the reveal.
  expect(log.map((e) => e.version)).toEqual(Array.from({ length: final.version }, (_, i) => i + 1));
  expect(log[0]?.type).toBe("MatchCreated");
  expect(log.at(-1)?.type).toBe("MatchFinished");
  expect(log.at(-1)?.data.diceSeed).toBe(final.diceSeed);
  expect(log.at(-1)?.data.outcome.winner).toBe(final.winner);
  expect(log.filter((e) => e.type === "MatchFinished")).toHaveLength(1);
  // Every roll re-derives from the revealed seed.
  expect(verifyDice(log as never)).toMatchObject({ ok: true, problems: [] });
}

describe("a full backgammon match", () => {
  it("is played to the end over GraphQL, always taking the first legal move", async () => {
    const created = await t.gql(
      `mutation { createMatch(input: { ruleset: "backgammon" }) { match { ${MATCH_FIELDS} } seats { seat token } } }`,
    );
    expect(created.errors).toBeUndefined();
    const { match, seats } = created.data.createMatch;
    expect(match).toMatchObject({ status: "WAITING", version: 1, seat: null, seats: 2, legalMoves: [], diceSeed: null });
    expect(seats.map((s: { seat: number }) => s.seat)).toEqual([0, 1]);
    const tokens: string[] = seats.map((s: { token: string }) => s.token);

    let current: MatchJson = match;
    let commands = 0;
    while (current.status !== "FINISHED") {
      if (++commands > MAX_COMMANDS) throw new Error("the match did not end");
      const seat = actor(current);
      if (current.seat !== seat) {
        // The reply showed the previous actor's view; look as the seat that acts now (a read).
        const view = await t.gql(`query($id: ID!) { match(id: $id) { ${MATCH_FIELDS} } }`, { id: current.id }, { token: tokens[seat] });
        current = view.data.match;
      }
      const mayMove = current.dice !== null && current.legalMoves.length > 0;
      const reply = mayMove
        ? await t.gql(
            `mutation($id: ID!, $move: JSON!, $v: Int) { submitMove(matchId: $id, move: $move, expectedVersion: $v) { ${MATCH_FIELDS} } }`,
            { id: current.id, move: current.legalMoves[0], v: current.version },
            { token: tokens[seat] },
          )
        : await t.gql(`mutation($id: ID!) { rollDice(matchId: $id) { ${MATCH_FIELDS} } }`, { id: current.id }, { token: tokens[seat] });
      expect(reply.errors, reply.raw).toBeUndefined();
      const next: MatchJson = reply.data.submitMove ?? reply.data.rollDice;
      expect(next.version).toBeGreaterThan(current.version);
      current = next;
    }

    // Read the log through GraphQL, in pages, as a client catching up would.
    const log: EventJson[] = [];
    for (;;) {
      const page = await t.gql(`query($id: ID!, $after: Int) { match(id: $id) { events(after: $after, limit: 100) { version type at data } } }`, {
        id: current.id,
        after: log.length,
      });
      expect(page.errors).toBeUndefined();
      log.push(...page.data.match.events);
      if (page.data.match.events.length < 100) break;
    }
    const spectator = await t.gql(`query($id: ID!) { match(id: $id) { ${MATCH_FIELDS} } }`, { id: current.id });
    expect(spectator.data.match).toMatchObject({ status: "FINISHED", version: current.version, winner: current.winner, diceSeed: current.diceSeed });
    checkFinished(current, log);
    expect(log).toEqual(await events(t, current.id));
  });

  it("is played to the end over REST, picking random legal moves with If-Match and Idempotency-Key", async () => {
    const pick = chooser(20261130);
    const created = await t.rest("POST", "/api/matches", { json: { ruleset: "backgammon" } });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`/api/matches/${created.body.match.id}`);
    const tokens: string[] = created.body.seats.map((s: { token: string }) => s.token);
    const id: string = created.body.match.id;

    let current: MatchJson = created.body.match;
    let commands = 0;
    while (current.status !== "FINISHED") {
      if (++commands > MAX_COMMANDS) throw new Error("the match did not end");
      const seat = actor(current);
      if (current.seat !== seat) current = (await t.rest("GET", `/api/matches/${id}`, { token: tokens[seat] })).body;
      const mayMove = current.dice !== null && current.legalMoves.length > 0;
      const reply = mayMove
        ? await t.rest("POST", `/api/matches/${id}/moves`, {
            token: tokens[seat],
            json: { move: current.legalMoves[pick(current.legalMoves.length)] },
            headers: { "if-match": `"${current.version}"`, "idempotency-key": `move-${current.version}` },
          })
        : await t.rest("POST", `/api/matches/${id}/dice`, { token: tokens[seat] });
      expect(reply.status, reply.raw).toBe(200);
      expect(reply.headers.get("etag")).toBe(`"${reply.body.version}-${seat}"`);
      current = reply.body;
    }
    const log = await events(t, id);
    checkFinished(current, log);
    const spectator = await t.rest("GET", `/api/matches/${id}`);
    expect(spectator.body).toMatchObject({ status: "FINISHED", seat: null, winner: current.winner, diceSeed: current.diceSeed });
  });
});
