import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { footballBot } from "../../../src/engine/golnard-football/bot.js";
import { invariantProblems } from "../../../src/engine/golnard-football/invariants.js";
import { actionKey } from "../../../src/engine/golnard-football/move-schema.js";
import { bruteForceLegalMoves } from "../../../src/engine/golnard-football/oracle.js";
import type { FootballState } from "../../../src/engine/golnard-football/state.js";
import { getRuleset } from "../../../src/engine/registry.js";
import { replay } from "../../../src/match/evolve.js";
import type { MatchEvent } from "../../../src/match/events.js";
import { botChooser, playout } from "../../../src/match/playout.js";
import type { MatchState } from "../../../src/match/state.js";
import { verifyDice } from "../../../src/match/verify-dice.js";
import { played, position, rules, seatOf } from "./fixtures.js";

/** Option sets the random matches run under: every set piece switched off alone and all together, every end. */
const OPTION_SETS: readonly Record<string, unknown>[] = [
  { halfTurns: 4 },
  { halfTurns: 3, extraTime: true, shootout: true },
  { halfTurns: 3, extraTime: true },
  { mode: "goals", goals: 1, maxTurns: 8 },
  { mode: "goals", goals: 2, maxTurns: 6, shootout: true },
  { halfTurns: 3, offside: false },
  { halfTurns: 3, throwIns: false },
  { halfTurns: 3, corners: false },
  { halfTurns: 3, penalties: false },
  { halfTurns: 3, offside: false, throwIns: false, corners: false, penalties: false, shootout: true },
  { halfTurns: 3, keeperSeat: 1 },
];

const checked = (seed: number, options: Record<string, unknown>, seats: number, bot: boolean) => {
  let before: FootballState | undefined;
  let longest = 0;
  const log: MatchEvent[] = [];
  const game = playout({
    ruleset: "golnard-football",
    options,
    seats,
    seed,
    choose: bot ? botChooser(footballBot(seed)) : undefined,
    maxCommands: 20_000,
    check: (state: MatchState, events) => {
      const g = state.game as FootballState;
      const problems = invariantProblems(g, before);
      if (problems.length > 0) throw new Error(`seed ${seed} ${JSON.stringify(options)} seats ${seats} v${state.version}: ${problems.join("; ")}`);
      before = g;
      longest = Math.max(longest, g.run?.length ?? 0);
      for (const e of events) {
        log.push(e);
        if (e.type !== "TurnPassed") continue;
        // A pass is only recorded for a seat that had nothing legal to do.
        const prior = replay(log.slice(0, -1));
        expect(getRuleset("golnard-football").legalMoves(prior.game, e.data.seat)).toEqual([]);
      }
    },
  });
  return { game, longest };
};

describe("random football matches through decide/evolve", () => {
  it("end under every option set and seat count, keep the invariants after every command, never give a side more than three turns in a row, and replay to the live state", () => {
    let finished = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom(...OPTION_SETS), fc.constantFrom(2, 4, 10), fc.boolean(), (seed, options, anySeats, bot) => {
        // keeperSeat 1 needs a side of at least two seats.
        const seats = options.keeperSeat !== undefined && anySeats === 2 ? 4 : anySeats;
        const { game, longest } = checked(seed, options, seats, bot);
        expect(longest).toBeLessThanOrEqual(3);
        expect(game.final.status).toBe("FINISHED");
        expect(game.log.at(-1)?.type).toBe("MatchFinished");
        expect(replay(game.log)).toEqual(game.final);
        const middle = game.states[Math.floor(game.states.length / 2)]!;
        expect(replay(game.log.slice(0, middle.version))).toEqual(middle);
        expect(verifyDice(game.log)).toMatchObject({ ok: true });
        const detail = game.final.outcome!.detail as { score: { home: number; away: number }; ended: string };
        const { home, away } = detail.score;
        expect(game.final.outcome!.winningSide).toBe(home > away ? "home" : away > home ? "away" : (game.final.outcome!.winningSide ?? null));
        finished++;
      }),
      { numRuns: 24 },
    );
    expect(finished).toBe(24);
  });

  it("bot matches with every set piece on see goals, set pieces, penalties and extra turns", () => {
    const seen = new Set<string>();
    for (const seed of [1, 2, 3]) {
      const { game } = checked(seed, { halfTurns: 12 }, 2, true);
      for (const e of game.log) if (e.type === "MovePlayed") for (const n of e.data.notes ?? []) seen.add(n.type);
    }
    expect([...seen]).toEqual(expect.arrayContaining(["goal", "kickoff", "extraTurn", "penaltyAwarded", "halfTime", "fullTime", "matchOver", "ballDropped"]));
  });
});

describe("legalMoves is complete", () => {
  it("a brute-force generator (every token x die x destination / direction / stop / length / placement, judged by play) finds exactly the actions legalMoves lists", () => {
    const positions: FootballState[] = [];
    const wanted = new Map<string, number>();
    for (const [seed, options, seats, bot] of [
      [11, { halfTurns: 6, shootout: true }, 2, true],
      [12, { halfTurns: 4 }, 4, false],
      [13, { mode: "goals", goals: 2, maxTurns: 10, shootout: true }, 10, true],
      [14, { halfTurns: 10 }, 2, false],
    ] as const) {
      playout({
        ruleset: "golnard-football",
        options,
        seats,
        seed,
        choose: bot ? botChooser(footballBot(seed)) : undefined,
        check: (state) => {
          const g = state.game as FootballState;
          if (g.stage.kind !== "turn" || g.stage.step === "roll") return;
          const kind = `${g.stage.play}:${g.stage.step}:${g.holder === null ? "free" : "held"}:${g.stage.ballMoved}`;
          const n = wanted.get(kind) ?? 0;
          if (n < 2 && state.version % 3 === 0) {
            wanted.set(kind, n + 1);
            positions.push(g);
          }
        },
      });
    }
    // Set pieces the bots seldom reach, built directly: a throw-in (both steps), a corner, a goal kick, a shoot-out kicker.
    const throwIn = position({ play: "throwIn", line: "touch", ball: [10, 0], dice: [2, 5], home: { 6: [11, 3], 7: [8, 1] }, away: { 2: [12, 2] } });
    positions.push(throwIn, played(throwIn, { type: "ball", die: 2, direction: "SW" }), played(throwIn, { type: "ball", die: 5, direction: "SE" }));
    const corner = position({ play: "corner", line: "goal", ball: [19, 9], dice: [3, 4], home: { 6: [16, 7], 9: [18, 6] } });
    positions.push(corner, played(corner, { type: "ball", die: 3, direction: "W" }));
    positions.push(position({ play: "goalKick", step: "place", side: "away", ball: null }));
    positions.push(position({ play: "shootout", step: "kicker", ball: [16, 4], seats: 4 }));
    expect(positions.length).toBeGreaterThan(15);
    for (const s of positions) {
      const seat = seatOf(s);
      const listed = rules.legalMoves(s, seat);
      const keys = listed.map(actionKey).sort();
      expect(new Set(keys).size, "legalMoves lists each action once").toBe(keys.length);
      expect(bruteForceLegalMoves(s).map(actionKey).sort()).toEqual(keys);
      // Each listed action is accepted by play as it is, and its record replays to the same state and record.
      for (const m of listed.slice(0, 40)) {
        const r = rules.play(s, seat, m);
        expect(r.ok).toBe(true);
        if (!r.ok) continue;
        const again = rules.play(s, seat, r.value.move);
        expect(again.ok && again.value.state).toEqual(r.value.state);
        expect(again.ok && again.value.move).toEqual(r.value.move);
      }
    }
  });
});
