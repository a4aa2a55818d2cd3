import type { EstafetaMove } from "../../../src/engine/golnard-estafeta/options.js";
import { movesNow } from "../../support/engine.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { progressBot } from "../../../src/engine/golnard-estafeta/bot.js";
import { invariantProblems } from "../../../src/engine/golnard-estafeta/invariants.js";
import type { EstafetaState } from "../../../src/engine/golnard-estafeta/state.js";
import { replay } from "../../../src/match/evolve.js";
import { botGame, rules } from "./fixtures.js";

/**
 * Whole games through the one playout driver, dice from a seed fast-check picks: after every
 * action the invariants hold (four tokens per team until they finish, one token per cell, every
 * token in a zone it may be in, posts still until their handoff, finished tokens gone for good),
 * and the recorded actions replay to the live state.
 */
describe("random games to the end", () => {
  it("keep the invariants after every action and replay to the live state (both variants, 2-5 teams)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("sprint" as const, "stayer" as const),
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.boolean(),
        (variant, teams, diceSeed, botSeed, laneOption) => {
          let before: EstafetaState | undefined;
          const lanes = laneOption ? [5, 3, 1, 4, 2].slice(0, teams) : undefined;
          const game = botGame({ variant, teams, ...(lanes ? { lanes } : {}) }, diceSeed, progressBot(botSeed), (state, events) => {
            expect(invariantProblems(state, before)).toEqual([]);
            for (const e of events) if (e.type === "MovePlayed") expect((e.data.move as EstafetaMove).path).toBeDefined();
            before = state;
          });
          const final = game.final.game as EstafetaState;
          expect(rules.turn(final)).toEqual({ phase: "over", awaiting: "over" });
          expect(rules.outcome(final)).not.toBeNull();
          expect(replay(game.log)).toEqual(game.final);
          expect(JSON.parse(JSON.stringify(game.final))).toEqual(game.final);
        },
      ),
      { numRuns: 24 },
    );
  });

  it("end at the round limit under aimless play, with a ranking, and replay all the same", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (teams, seed) => {
        let before: EstafetaState | undefined;
        const game = botGame({ variant: "stayer", teams, maxRounds: 12 }, seed, progressBot(seed, 0), (state) => {
          expect(invariantProblems(state, before)).toEqual([]);
          before = state;
        });
        const final = game.final.game as EstafetaState;
        const outcome = rules.outcome(final)!;
        expect(final.ended).toBe("maxRounds");
        expect(final.turns).toBe(12 * teams);
        expect((outcome.detail as { ranking: unknown[] }).ranking).toHaveLength(teams);
        expect(outcome.winningSides.length).toBeGreaterThan(0);
        expect(game.final.outcome!.winners.length).toBe(outcome.winningSides.length);
        expect(replay(game.log)).toEqual(game.final);
      }),
      { numRuns: 8 },
    );
  });

  it("pass only when nothing is legal, and replay any prefix to the live state", () => {
    // Seed 134 is a game with two automatic passes (found by scanning seeds; they are rare).
    const game = botGame({ variant: "sprint", teams: 5 }, 134, progressBot(134));
    let passes = 0;
    game.log.forEach((e, i) => {
      if (e.type !== "TurnPassed") return;
      passes++;
      const before = replay(game.log.slice(0, i)).game as EstafetaState;
      expect(movesNow<EstafetaMove>(rules, before)).toEqual([]);
      expect(rules.mustPass(before)).toEqual({ seat: e.data.seat, reason: "NO_LEGAL_MOVE" });
    });
    const middle = game.states[Math.floor(game.states.length / 2)]!;
    expect(replay(game.log.slice(0, middle.version))).toEqual(middle);
    expect(passes).toBe(2);
  });

  it("R: favour no lane measurably (the balanced lane order): 400 sprint games of 5 teams, lanes drawn", () => {
    const games = 400;
    const wins = [0, 0, 0, 0, 0];
    for (let game = 0; game < games; game++) {
      const { final } = botGame({ variant: "sprint", teams: 5 }, 50_000 + game, progressBot(game));
      const winner = final.outcome!.winner;
      if (winner !== null) wins[(final.game as EstafetaState).lanes[winner]! - 1]!++;
    }
    // The rules reference reports 12-28 % per lane where 20 % is even (the plain order gave 1-36 %). This bot
    // measures 16-26 % here (1000 games: 16-26 %); the bounds leave room for sampling noise.
    for (const w of wins) expect(w / games).toBeGreaterThan(0.1);
    for (const w of wins) expect(w / games).toBeLessThan(0.3);
  }, 60_000);
});
