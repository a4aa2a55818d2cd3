import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { progressBot } from "../../src/engine/golnard-estafeta/bot.js";
import type { EstafetaMove } from "../../src/engine/golnard-estafeta/options.js";
import type { EstafetaState } from "../../src/engine/golnard-estafeta/state.js";
import type { MatchEvent } from "../../src/match/events.js";
import { replay } from "../../src/match/evolve.js";
import { verifyDice } from "../../src/match/verify-dice.js";
import { actor, createViaRest, events, getMatch, type MatchJson, sha256Hex } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let t: TestServer;
beforeAll(async () => void (t = await startTestServer()));
afterAll(() => t.close());

/**
 * The relay through the same HTTP API as backgammon. The client is a bot that, like any client
 * could, rebuilds the state from the public log and picks among the legal actions it is offered.
 */
describe("golnard-estafeta over HTTP", () => {
  it("plays a sprint with lanes drawn by the server's dice to the end", async () => {
    const created = await createViaRest(t, { ruleset: "golnard-estafeta", options: { variant: "sprint", teams: 3 } });
    expect(created.tokens).toHaveLength(3);
    const id = created.match.id;
    const bot = progressBot(11);
    let match: MatchJson = created.match;
    for (let request = 0; match.status !== "FINISHED"; request++) {
      expect(request).toBeLessThan(3000);
      const seat = actor(match);
      const view = await getMatch(t, id, created.tokens[seat]);
      if (view.legalMoves.length === 0) {
        const rolled = await t.rest("POST", `/api/matches/${id}/dice`, { token: created.tokens[seat] });
        expect(rolled.status, rolled.raw).toBe(200);
        match = rolled.body;
        continue;
      }
      const state = replay((await events(t, id)) as MatchEvent[]).game as EstafetaState;
      const move = bot.choose(state, seat, view.legalMoves as EstafetaMove[]);
      const moved = await t.rest("POST", `/api/matches/${id}/moves`, { token: created.tokens[seat], json: { move, expectedVersion: view.version } });
      expect(moved.status, moved.raw).toBe(200);
      match = moved.body;
    }
    const log = await events(t, id);
    expect(log.map((e) => e.version)).toEqual(log.map((_, i) => i + 1));
    expect(log.filter((e) => e.type === "MovePlayed").every((e) => Array.isArray(e.data.move.path))).toBe(true);
    expect(match.result?.winners.length).toBeGreaterThan(0);
    expect(match.result?.detail).toMatchObject({ reason: "finished" });
    expect(sha256Hex(match.diceSeed!)).toBe(match.diceCommitment);
    expect(verifyDice(log as MatchEvent[])).toMatchObject({ ok: true });
    // Watching works as for any ruleset: the stream replays the whole relay, one update per event.
    const stream = await fetch(`${t.url}/api/matches/${id}/stream`);
    const frames = [...(await stream.text()).matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]!));
    expect(frames.map((f) => f.version)).toEqual(log.map((e) => e.version));
    expect(frames.at(-1).match.state).toMatchObject({ cells: expect.any(Array) });
  });

  it("refuses an illegal action and an action out of turn, through GraphQL too, and stores nothing", async () => {
    const created = await createViaRest(t, { ruleset: "golnard-estafeta", options: { teams: 2, lanes: [1, 2] } });
    const id = created.match.id;
    let view = await getMatch(t, id);
    for (let i = 0; i < 10 && view.legalMoves.length === 0; i++) {
      await t.rest("POST", `/api/matches/${id}/dice`, { token: created.tokens[actor(view)] });
      view = await getMatch(t, id, created.tokens[actor(await getMatch(t, id))]);
    }
    expect(view.legalMoves.length).toBeGreaterThan(0);
    const seat = view.seat as number;
    const before = view.version;
    const wrong = await t.rest("POST", `/api/matches/${id}/moves`, {
      token: created.tokens[seat],
      json: { move: { token: "A", die: "first", to: { x: 11, y: 11 } } },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.code).toBe("ILLEGAL_MOVE");
    const reply = await t.gql(`mutation($m: ID!, $move: JSON!) { submitMove(matchId: $m, move: $move) { version } }`, { m: id, move: view.legalMoves[0] }, { token: created.tokens[1 - seat] });
    expect(reply.errors?.[0]?.extensions.code).toBe("NOT_YOUR_TURN");
    expect((await getMatch(t, id)).version).toBe(before);
  });
});
