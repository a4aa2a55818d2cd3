import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { golBot } from "../../src/engine/gol/bot.js";
import type { GolMove } from "../../src/engine/gol/moves.js";
import type { GolState } from "../../src/engine/gol/state.js";
import { gol } from "../../src/engine/gol/ruleset.js";
import type { MatchEvent } from "../../src/match/events.js";
import { replay } from "../../src/match/evolve.js";
import { actor, createViaRest, events, getMatch, type MatchJson } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let t: TestServer;
beforeAll(async () => void (t = await startTestServer()));
afterAll(() => t.close());

/**
 * Gol through the same HTTP API as the dice games. The client is a bot that, like any client
 * could, rebuilds the state from the public log and picks among the legal actions it is offered.
 */
describe("gol over HTTP", () => {
  it("plays a short match to full time, refuses dice, and its log replays to the result", async () => {
    const created = await createViaRest(t, { ruleset: "gol", options: { minutesPerHalf: 2, minSecondary: 2 } });
    expect(created.tokens).toHaveLength(2);
    const id = created.match.id;
    expect(created.match).toMatchObject({ awaiting: "kickoff", toMove: 0 });

    const dice = await t.rest("POST", `/api/matches/${id}/dice`, { token: created.tokens[0] });
    expect(dice.status).toBe(409);
    expect(dice.body.error.code).toBe("NO_DICE_IN_RULESET");

    const bots = [golBot(5), golBot(6)];
    const awaited = new Set<string>();
    // The client keeps the game itself, playing each accepted action with the same rules, and
    // checks that the server's view agrees after every action.
    const initial = gol.setup({ options: gol.optionsSchema.parse({ minutesPerHalf: 2, minSecondary: 2 }) });
    if (!initial.ok) throw new Error(initial.error.message);
    let state: GolState = initial.value;
    let match: MatchJson = created.match;
    for (let request = 0; match.status !== "FINISHED"; request++) {
      expect(request).toBeLessThan(500);
      const seat = actor(match);
      // The mover's own reply lists its next actions; a new turn's seat asks for its view.
      const view = match.seat === seat ? match : await getMatch(t, id, created.tokens[seat]);
      awaited.add(view.awaiting as string);
      expect(view.legalMoves.length).toBeGreaterThan(0);
      const move = bots[seat]!.choose(state, seat, view.legalMoves as GolMove[]);
      const moved = await t.rest("POST", `/api/matches/${id}/moves`, { token: created.tokens[seat], json: { move, expectedVersion: view.version } });
      expect(moved.status, moved.raw).toBe(200);
      match = moved.body;
      const played = gol.play(state, seat, move);
      if (!played.ok) throw new Error(played.error.message);
      state = played.value.state;
      expect(match.state).toEqual(gol.view(state, seat));
    }
    expect([...awaited].sort()).toEqual(["kickoff", "main", "secondary"]);

    const log = (await events(t, id)) as MatchEvent[];
    expect(log.map((e) => e.version)).toEqual(log.map((_, i) => i + 1));
    expect(log.some((e) => e.type === "DiceRolled" || e.type === "TurnPassed")).toBe(false);
    expect(log.at(-1)!.type).toBe("MatchFinished");
    const rebuilt = replay(log);
    expect(rebuilt.status).toBe("FINISHED");
    expect(rebuilt.outcome).toEqual(match.result);
    const final = rebuilt.game as GolState;
    expect(final).toEqual(state);
    const score = final.score;
    expect(match.result?.detail).toMatchObject({ score, result: score.home === score.away ? "draw" : "win" });
    expect(match.result?.winners).toEqual(score.home > score.away ? [0] : score.away > score.home ? [1] : []);
    expect((await getMatch(t, id)).state).toEqual(gol.view(final, null));
    expect(match.awaiting).toBe("over");

    const late = await t.rest("POST", `/api/matches/${id}/moves`, { token: created.tokens[0], json: { move: { type: "endTurn" } } });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("MATCH_FINISHED");
  });

  it("refuses an illegal action with its reason, a malformed one, and one out of turn, storing nothing", async () => {
    const created = await createViaRest(t, { ruleset: "gol" });
    const id = created.match.id;
    const before = (await getMatch(t, id)).version;
    const illegal = await t.rest("POST", `/api/matches/${id}/moves`, { token: created.tokens[0], json: { move: { type: "move", piece: 1, to: { x: 9, y: 9 } } } });
    expect(illegal.status).toBe(422);
    expect(illegal.body.error).toMatchObject({ code: "ILLEGAL_MOVE" });
    expect(JSON.stringify(illegal.body.error)).toContain("TOO_FAR");
    const malformed = await t.rest("POST", `/api/matches/${id}/moves`, { token: created.tokens[0], json: { move: { action: "volley", piece: 9 } } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("BAD_USER_INPUT");
    const reply = await t.gql(`mutation($m: ID!, $move: JSON!) { submitMove(matchId: $m, move: $move) { version } }`, { m: id, move: { type: "endTurn" } }, { token: created.tokens[1] });
    expect(reply.errors?.[0]?.extensions.code).toBe("NOT_YOUR_TURN");
    expect((await getMatch(t, id)).version).toBe(before);
  });
});
