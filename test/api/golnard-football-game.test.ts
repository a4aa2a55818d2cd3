import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { footballBot } from "../../src/engine/golnard-football/bot.js";
import type { FootballMove } from "../../src/engine/golnard-football/move-schema.js";
import { golnardFootball } from "../../src/engine/golnard-football/ruleset.js";
import type { FootballState } from "../../src/engine/golnard-football/state.js";
import type { MatchEvent } from "../../src/match/events.js";
import { replay } from "../../src/match/evolve.js";
import { verifyDice } from "../../src/match/verify-dice.js";
import { actor, createViaRest, events, getMatch, type MatchJson, sha256Hex } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let t: TestServer;
beforeAll(async () => void (t = await startTestServer()));
afterAll(() => t.close());

/**
 * Football through the same HTTP API as every ruleset. The client is the seeded bot: like any
 * client could, it rebuilds the state from the public log and picks among the legal actions offered.
 */
describe("golnard-football over HTTP", () => {
  it("plays a whole match of four seats to the end: the log replays, the dice verify, the result carries the score and how it ended", async () => {
    const created = await createViaRest(t, { ruleset: "golnard-football", seats: 4, options: { halfTurns: 2, extraTime: true, shootout: true } });
    expect(created.tokens).toHaveLength(4);
    expect(created.match.sides).toEqual([{ side: "home", seats: [0, 1] }, { side: "away", seats: [2, 3] }]);
    const id = created.match.id;
    const bot = footballBot(21);
    const awaiting = new Set<string>();
    let match: MatchJson = created.match;
    for (let request = 0; match.status !== "FINISHED"; request++) {
      expect(request).toBeLessThan(3000);
      const seat = actor(match);
      const view = await getMatch(t, id, created.tokens[seat]);
      awaiting.add(view.awaiting as string);
      if (view.phase === "roll") {
        const rolled = await t.rest("POST", `/api/matches/${id}/dice`, { token: created.tokens[seat] });
        expect(rolled.status, rolled.raw).toBe(200);
        match = rolled.body;
        continue;
      }
      expect(view.legalMoves.length).toBeGreaterThan(0);
      const state = replay((await events(t, id)) as MatchEvent[]).game as FootballState;
      const move = bot.choose(state, seat, view.legalMoves as FootballMove[]);
      const moved = await t.rest("POST", `/api/matches/${id}/moves`, { token: created.tokens[seat], json: { move, expectedVersion: view.version } });
      expect(moved.status, moved.raw).toBe(200);
      match = moved.body;
    }
    expect([...awaiting]).toEqual(expect.arrayContaining(["openingRoll", "kickoff", "turn"]));
    const log = (await events(t, id)) as MatchEvent[];
    expect(log.map((e) => e.version)).toEqual(log.map((_, i) => i + 1));
    expect(log.at(-1)?.type).toBe("MatchFinished");
    // Every recorded walk carries the path the engine chose.
    const walks = log.flatMap((e) => (e.type === "MovePlayed" && (e.data.move as { type: string }).type === "walk" ? [e.data.move as { path?: unknown[] }] : []));
    expect(walks.length).toBeGreaterThan(0);
    expect(walks.every((w) => Array.isArray(w.path))).toBe(true);
    const rebuilt = replay(log);
    expect(golnardFootball.view(rebuilt.game as FootballState, null)).toEqual((await getMatch(t, id)).state);
    expect(sha256Hex(match.diceSeed!)).toBe(match.diceCommitment);
    expect(verifyDice(log)).toMatchObject({ ok: true });
    const result = match.result as unknown as { winningSide: string | null; winners: number[]; detail: { result: string; ended: string; score: { home: number; away: number } } };
    expect(["fullTime", "extraTime", "shootout"]).toContain(result.detail.ended);
    const { home, away } = result.detail.score;
    if (home !== away) expect(result.winningSide).toBe(home > away ? "home" : "away");
    if (result.winningSide !== null) expect(result.winners).toEqual(result.winningSide === "home" ? [0, 1] : [2, 3]);
    expect(result.detail.result).toBe(result.winningSide === null ? "draw" : "win");
  });

  it("refuses an illegal action with its reason and an action out of turn, and stores nothing", async () => {
    const created = await createViaRest(t, { ruleset: "golnard-football", options: { halfTurns: 2 } });
    const id = created.match.id;
    let view = await getMatch(t, id);
    for (let i = 0; i < 10 && view.legalMoves.length === 0; i++) {
      await t.rest("POST", `/api/matches/${id}/dice`, { token: created.tokens[actor(view)] });
      view = await getMatch(t, id, created.tokens[actor(await getMatch(t, id))]);
    }
    expect(view.legalMoves.length).toBeGreaterThan(0);
    const seat = view.seat as number;
    const before = view.version;
    const wrong = await t.rest("POST", `/api/matches/${id}/moves`, { token: created.tokens[seat], json: { move: { type: "kick", token: 5, die: 1, direction: "E" } } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.code).toBe("ILLEGAL_MOVE");
    const garbled = await t.rest("POST", `/api/matches/${id}/moves`, { token: created.tokens[seat], json: { move: { type: "dance" } } });
    expect(garbled.body.error.code).toBe("BAD_USER_INPUT");
    const other = await t.rest("POST", `/api/matches/${id}/moves`, { token: created.tokens[1 - seat], json: { move: view.legalMoves[0] } });
    expect(other.body.error.code).toBe("NOT_YOUR_TURN");
    expect((await getMatch(t, id)).version).toBe(before);
  });
});
