import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { replay } from "../../src/match/evolve.js";
import type { MatchState } from "../../src/match/state.js";
import { verifyDice } from "../../src/match/verify-dice.js";
import { playRandomMatch } from "../support/playout.js";

describe("random backgammon matches through decide/evolve", () => {
  it("end in MatchFinished, replay to the live state, keep versions gap-free and dice verifiable", () => {
    let passes = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom(1, 3), (seed, matchLength) => {
        const game = playRandomMatch(seed, { ruleset: "backgammon", options: { matchLength } }, (state, log) => {
          const last = log.at(-1)!;
          expect(state.version).toBe(log.length);
          if (last.type === "TurnPassed") {
            passes++;
            // A pass is only ever recorded for a seat that had nothing legal to play.
            const before = replay(log.slice(0, -1));
            const ruleset = getRuleset(before.ruleset);
            expect(ruleset.turn(before.game)).toEqual({ phase: "move", seat: last.data.seat });
            expect(ruleset.legalMoves(before.game)).toEqual([]);
          }
        });
        expect(game.log.map((e) => e.version)).toEqual(game.log.map((_, i) => i + 1));
        expect(game.log.at(-1)?.type).toBe("MatchFinished");
        expect(replay(game.log)).toEqual(game.final);
        // Any prefix replays to the state the live path had at that point.
        const cut = Math.floor(game.log.length / 2);
        expect(replay(game.log.slice(0, cut))).toEqual(game.states[cut - 1] as MatchState);
        expect(verifyDice(game.log)).toMatchObject({ ok: true });
        expect(game.final.outcome?.winner).toBeTypeOf("number");
      }),
      { numRuns: 30 },
    );
    // The property above is only meaningful if automatic passes actually happened.
    expect(passes).toBeGreaterThan(0);
  });
});
