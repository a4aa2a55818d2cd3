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
      const game = playRandomMatch(seed, { ruleset: "golnard-estafeta", options }, (state, log) => {
        const last = log.at(-1)!;
        if (last.type === "TurnPassed") {
          const before = replay(log.slice(0, -1));
          expect(getRuleset(before.ruleset).legalMoves(before.game)).toEqual([]);
        }
        if (last.type === "MovePlayed") {
          // The log records the route the engine chose, so replay never searches.
          expect((last.data.move as EstafetaMove).path).toBeDefined();
        }
        expect(state.version).toBe(log.length);
      });
      expect(game.log.at(-1)?.type).toBe("MatchFinished");
      expect(replay(game.log)).toEqual(game.final);
      const cut = Math.floor(game.log.length / 2);
      expect(replay(game.log.slice(0, cut))).toEqual(game.states[cut - 1] as MatchState);
      expect(verifyDice(game.log)).toMatchObject({ ok: true });
      const created = game.log[0]!;
      expect(created.type === "MatchCreated" && created.data.seats).toBe(options.teams);
    });
  }
});
