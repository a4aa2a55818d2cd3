import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { golBot } from "../../../src/engine/gol/bot.js";
import { invariantProblems } from "../../../src/engine/gol/invariants.js";
import { legalMoves } from "../../../src/engine/gol/legal.js";
import type { GolState } from "../../../src/engine/gol/state.js";
import { replay } from "../../../src/match/evolve.js";
import type { MatchEvent } from "../../../src/match/events.js";
import { botChooser, playout, type Chooser } from "../../../src/match/playout.js";
import { prng } from "../../../src/engine/common/prng.js";
import { rules } from "./fixtures.js";

/** A random chooser that ends turns as soon as it may half of the time, so random games are not all 14 tempos. */
const randomChooser = (seed: number): Chooser => {
  const random = prng(seed);
  return (_state, _seat, moves) => {
    const end = moves.find((m) => (m as { type: string }).type === "endTurn");
    if (end && random() < 0.5) return end;
    return moves[Math.floor(random() * moves.length)]!;
  };
};

/**
 * Whole matches through the one playout driver and the match layer (decide, automatic events,
 * MatchFinished), with short halves and every minSecondary: after every command the invariants
 * hold (22 pieces on 22 cells, the ball free, tempo limits, the secondary order, one action per
 * piece but for the dribble and the chase), the side to act always has an action (so no pass is
 * ever due), and replaying the log rebuilds the live final state.
 */
describe("random matches to full time", () => {
  it("keep the invariants after every command and replay to the live state (random and bot players, minSecondary 0-7)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom("random", "bot", "greedy"),
        (minutesPerHalf, minSecondary, seed, player) => {
          let before: GolState | undefined;
          const choose = player === "random" ? randomChooser(seed) : botChooser(golBot(seed, player === "greedy" ? 1 : 0.8));
          const game = playout({
            ruleset: "gol",
            options: { minutesPerHalf, minSecondary },
            seed,
            choose,
            check: (state, events) => {
              const s = state.game as GolState;
              expect(invariantProblems(s, before)).toEqual([]);
              expect(events.some((e) => e.type === "TurnPassed")).toBe(false);
              if (s.turn !== null) {
                expect(rules.mustPass(s)).toBeNull();
                expect(legalMoves(s, s.turn.side === "home" ? 0 : 1).length).toBeGreaterThan(0);
              }
              before = s;
            },
          });
          const final = game.final.game as GolState;
          expect(game.log.at(-1)!.type).toBe("MatchFinished");
          expect(final.turn).toBeNull();
          expect(final.half).toBe(2);
          const turns = game.log.flatMap((e) => (e.type === "MovePlayed" ? ((e.data.notes ?? []) as { type: string }[]).filter((n) => n.type === "turnEnded") : []));
          expect(turns).toHaveLength(4 * minutesPerHalf);
          expect(replay(game.log)).toEqual(game.final);
          const cut = Math.floor(game.log.length / 2);
          expect(replay(game.log.slice(0, cut))).toEqual(game.states.find((s) => s.version === cut));
        },
      ),
      { numRuns: 12 },
    );
  });

  it("reach full time with every minSecondary, 0 to 7 (random players, one-minute halves)", () => {
    for (let minSecondary = 0; minSecondary <= 7; minSecondary++) {
      let before: GolState | undefined;
      const game = playout({
        ruleset: "gol",
        options: { minutesPerHalf: 1, minSecondary },
        seed: 300 + minSecondary,
        choose: randomChooser(300 + minSecondary),
        check: (state) => {
          expect(invariantProblems(state.game as GolState, before)).toEqual([]);
          before = state.game as GolState;
        },
      });
      expect(game.final.status).toBe("FINISHED");
      expect(replay(game.log)).toEqual(game.final);
    }
  });

  it("record every action so that playing the recorded form again gives the same state and the same record", () => {
    const game = playout({ ruleset: "gol", options: { minutesPerHalf: 2, minSecondary: 3 }, seed: 77, choose: botChooser(golBot(77)) });
    const byVersion = new Map(game.states.map((s) => [s.version, s]));
    let checked = 0;
    for (const event of game.log) {
      if (event.type !== "MovePlayed") continue;
      const before = replay(game.log.slice(0, event.version - 1) as MatchEvent[]);
      const again = rules.play(before.game as GolState, event.data.seat, event.data.move as never);
      expect(again.ok).toBe(true);
      if (!again.ok) continue;
      expect(again.value.move).toEqual(event.data.move);
      expect(again.value.state).toEqual(byVersion.get(event.version)?.game ?? again.value.state);
      if (++checked > 40) break;
    }
    expect(checked).toBeGreaterThan(40);
  });

  it("end with the score in the outcome: seeded bot games score goals", () => {
    let goals = 0;
    for (const seed of [1, 2, 3, 4]) {
      const game = playout({ ruleset: "gol", options: { minutesPerHalf: 5 }, seed, choose: botChooser(golBot(seed)) });
      const detail = game.final.outcome!.detail as { score: { home: number; away: number }; result: string };
      goals += detail.score.home + detail.score.away;
      const winner = detail.score.home > detail.score.away ? "home" : detail.score.away > detail.score.home ? "away" : null;
      expect(game.final.outcome!.winningSide).toBe(winner);
      expect(detail.result).toBe(winner === null ? "draw" : "win");
    }
    expect(goals).toBeGreaterThan(0);
  });
});
