import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { progressBot } from "../../../src/engine/bots/progress-bot.js";
import { invariantProblems } from "../../../src/engine/golnard-estafeta/invariants.js";
import { playGame, replayGame, type LogEntry } from "../../../src/engine/golnard-estafeta/playout.js";
import type { EstafetaState } from "../../../src/engine/golnard-estafeta/state.js";
import { rules } from "./fixtures.js";

/**
 * Whole games through the Ruleset interface, dice from a PRNG seeded by fast-check: after every
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
          const game = playGame({ variant, teams, ...(lanes ? { lanes } : {}) }, diceSeed, progressBot(botSeed), (state, entry) => {
            expect(invariantProblems(state, before)).toEqual([]);
            if (entry && "move" in entry) expect(entry.move.path).toBeDefined();
            before = state;
          });
          expect(rules.turn(game.final)).toEqual({ phase: "over" });
          expect(rules.outcome(game.final)).not.toBeNull();
          expect(replayGame(game.initial, game.log)).toEqual(game.final);
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
        const game = playGame({ variant: "stayer", teams, maxRounds: 12 }, seed, progressBot(seed, 0), (state) => {
          expect(invariantProblems(state, before)).toEqual([]);
          before = state;
        });
        const outcome = rules.outcome(game.final)!;
        expect(game.final.ended).toBe("maxRounds");
        expect(game.final.turns).toBe(12 * teams);
        expect((outcome.detail as { ranking: unknown[] }).ranking).toHaveLength(teams);
        expect(outcome.winners.length).toBeGreaterThan(0);
        expect(replayGame(game.initial, game.log)).toEqual(game.final);
      }),
      { numRuns: 8 },
    );
  });

  it("pass only when nothing is legal, and replay any prefix to the live state", () => {
    const states: EstafetaState[] = [];
    const entries: (LogEntry | null)[] = [];
    // Seed 267 is a game with three automatic passes (found by scanning seeds; they are rare).
    const game = playGame({ variant: "sprint", teams: 5 }, 267, progressBot(267), (s, e) => {
      states.push(s);
      entries.push(e);
    });
    let passes = 0;
    entries.forEach((e, i) => {
      if (e && "pass" in e) {
        passes++;
        expect(rules.legalMoves(states[i - 1]!)).toEqual([]);
      }
    });
    const cut = Math.floor(game.log.length / 2);
    expect(replayGame(game.initial, game.log.slice(0, cut))).toEqual(states[cut]);
    expect(passes).toBe(3);
  });

  it("R: favour no lane measurably (the balanced lane order): 400 sprint games of 5 teams, lanes drawn", () => {
    const games = 400;
    const wins = [0, 0, 0, 0, 0];
    for (let game = 0; game < games; game++) {
      const { final } = playGame({ variant: "sprint", teams: 5 }, 50_000 + game, progressBot(game));
      const winner = rules.outcome(final)!.winner;
      if (winner !== null) wins[final.lanes[winner]! - 1]!++;
    }
    // RULES.md reports 12-28 % per lane where 20 % is even (the plain order gave 1-36 %). This bot
    // measures 16-26 % here (1000 games: 16-26 %); the bounds leave room for sampling noise.
    for (const w of wins) expect(w / games).toBeGreaterThan(0.1);
    for (const w of wins) expect(w / games).toBeLessThan(0.3);
  }, 60_000);
});
