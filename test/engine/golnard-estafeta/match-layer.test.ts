import type { MatchEvent } from "../../../src/match/events.js";
import { describe, expect, it } from "vitest";
import { getRuleset, RULESETS } from "../../../src/engine/registry.js";
import { replay } from "../../../src/match/evolve.js";
import type { MatchState } from "../../../src/match/state.js";
import { verifyDice } from "../../../src/match/verify-dice.js";
import type { EstafetaMove } from "../../../src/engine/golnard-estafeta/options.js";
import { playRandomMatch } from "../../support/playout.js";

/** The ruleset as the service drives it: decide/evolve, verifiable dice, automatic passes, MatchFinished. */
describe("golnard-estafeta through the match layer", () => {
  it("is registered", () => {
    expect(RULESETS).toContain("golnard-estafeta");
    expect(getRuleset("golnard-estafeta").id).toBe("golnard-estafeta");
  });

  for (const [seed, options] of [
    [11, { teams: 3, maxRounds: 6 }],
    [12, { variant: "stayer", teams: 5, maxRounds: 4 }],
    [13, { teams: 2, lanes: [2, 4], maxRounds: 10 }],
  ] as const) {
    it(`plays random matches to MatchFinished and replays them (${JSON.stringify(options)})`, () => {
      const log: MatchEvent[] = [];
      const game = playRandomMatch(seed, { ruleset: "golnard-estafeta", options }, (state, events) => {
        for (const event of events) {
          if (event.type === "TurnPassed") {
            const before = replay(log);
            expect(getRuleset(before.ruleset).legalMoves(before.game, event.data.seat)).toEqual([]);
          }
          if (event.type === "MovePlayed") {
            // The log records the route the engine chose, so replay never searches.
            expect((event.data.move as EstafetaMove).path).toBeDefined();
          }
          log.push(event);
        }
        expect(state.version).toBe(log.length);
      });
      expect(game.log.at(-1)?.type).toBe("MatchFinished");
      expect(replay(game.log)).toEqual(game.final);
      const middle = game.states[Math.floor(game.states.length / 2)]!;
      expect(replay(game.log.slice(0, middle.version))).toEqual(middle);
      expect(verifyDice(game.log)).toMatchObject({ ok: true });
      const created = game.log[0]!;
      expect(created.type === "MatchCreated" && created.data.seats).toBe(options.teams);
    });
  }
});
