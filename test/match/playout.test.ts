import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { replay } from "../../src/match/evolve.js";
import type { MatchEvent } from "../../src/match/events.js";
import { verifyDice } from "../../src/match/verify-dice.js";
import { playRandomMatch } from "../support/playout.js";

describe("random backgammon matches through decide/evolve", () => {
  it("end in MatchFinished, replay to the live state, keep versions gap-free and dice verifiable", () => {
    let passes = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom(1, 3), (seed, matchLength) => {
        const log: MatchEvent[] = [];
        const game = playRandomMatch(seed, { ruleset: "backgammon", options: { matchLength } }, (state, events) => {
          log.push(...events);
          expect(state.version).toBe(log.length);
          events.forEach((event, i) => {
            if (event.type !== "TurnPassed") return;
            passes++;
            // A pass is only ever recorded for a seat that had nothing legal to play.
            const before = replay(log.slice(0, log.length - events.length + i));
            const ruleset = getRuleset(before.ruleset);
            expect(ruleset.turn(before.game)).toEqual({ phase: "move", seats: [event.data.seat], awaiting: "move" });
            expect(ruleset.legalMoves(before.game, event.data.seat)).toEqual([]);
            expect(event.data.reason).toBe("NO_LEGAL_MOVE");
          });
        });
        expect(game.log.map((e) => e.version)).toEqual(game.log.map((_, i) => i + 1));
        expect(game.log.at(-1)?.type).toBe("MatchFinished");
        expect(replay(game.log)).toEqual(game.final);
        // Any command boundary replays to the state the live path had at that point.
        const middle = game.states[Math.floor(game.states.length / 2)]!;
        expect(replay(game.log.slice(0, middle.version))).toEqual(middle);
        expect(verifyDice(game.log)).toMatchObject({ ok: true });
        expect(game.final.outcome?.winner).toBeTypeOf("number");
        expect(game.final.outcome?.winningSide).toBe(["white", "black"][game.final.outcome!.winner!]);
      }),
      { numRuns: 30 },
    );
    // The property above is only meaningful if automatic passes actually happened.
    expect(passes).toBeGreaterThan(0);
  });
});
