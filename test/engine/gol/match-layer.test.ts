import { describe, expect, it } from "vitest";
import { getRuleset, RULESETS } from "../../../src/engine/registry.js";
import { decide } from "../../../src/match/decide.js";
import { replay } from "../../../src/match/evolve.js";
import type { MatchState } from "../../../src/match/state.js";
import { PLAYOUT_AT, playout } from "../../../src/match/playout.js";
import { playRandomMatch } from "../../support/playout.js";

const ctx = { roll: () => [], diceSeed: "ab".repeat(32), at: PLAYOUT_AT };
const created = (): MatchState => {
  const made = decide({ type: "CreateMatch", matchId: "g1", ruleset: "gol", options: { minutesPerHalf: 1 }, seats: 2, diceCommitment: "c" }, null, ctx);
  if (!made.ok) throw new Error(made.error.message);
  return made.value.state;
};
const submit = (state: MatchState, seat: number, move: unknown) => decide({ type: "SubmitMove", seat, move: move as never }, state, ctx);

/** The ruleset as the service drives it: no dice at all, refusals mapped to API codes, MatchFinished. */
describe("gol through the match layer", () => {
  it("is registered as a ruleset without dice", () => {
    expect(RULESETS).toContain("gol");
    const gol = getRuleset("gol");
    expect(gol.id).toBe("gol");
    expect(gol.dice).toBe("none");
    expect(gol.sides(created().game)).toEqual([
      { side: "home", seats: [0] },
      { side: "away", seats: [1] },
    ]);
  });

  it("answers rollDice with NO_DICE_IN_RULESET and records nothing", () => {
    const rolled = decide({ type: "RollDice", seat: 0 }, created(), ctx);
    expect(rolled.ok ? null : rolled.error.code).toBe("NO_DICE_IN_RULESET");
  });

  it("maps refusals: out of turn, unreadable, illegal (with the reason), after the end", () => {
    const state = created();
    const wrongSeat = submit(state, 1, { type: "endTurn" });
    expect(wrongSeat.ok ? null : wrongSeat.error.code).toBe("NOT_YOUR_TURN");
    const bad = submit(state, 0, { type: "dance", piece: 3 });
    expect(bad.ok ? null : bad.error.code).toBe("BAD_USER_INPUT");
    const illegal = submit(state, 0, { type: "endTurn" });
    expect(illegal.ok ? null : illegal.error).toMatchObject({ code: "ILLEGAL_MOVE", details: { reason: "MAIN_PART_UNFINISHED" } });
    const far = submit(state, 0, { type: "move", piece: 1, to: { x: 9, y: 9 } });
    expect(far.ok ? null : far.error).toMatchObject({ code: "ILLEGAL_MOVE", details: { reason: "TOO_FAR" } });
  });

  it("plays random matches to MatchFinished through decide, never passes, and replays them", () => {
    const game = playRandomMatch(21, { ruleset: "gol", options: { minutesPerHalf: 1, minSecondary: 0 } });
    expect(game.log.at(-1)?.type).toBe("MatchFinished");
    expect(game.log.some((e) => e.type === "TurnPassed" || e.type === "DiceRolled")).toBe(false);
    expect(replay(game.log)).toEqual(game.final);
    const finished = game.final;
    const after = submit(finished, 0, { type: "endTurn" });
    expect(after.ok ? null : after.error.code).toBe("MATCH_FINISHED");
    expect(finished.outcome?.detail).toMatchObject({ score: expect.any(Object), result: expect.stringMatching(/^(win|draw)$/) });
  });
});

describe("the earlier spelling of a Gol action (`action` in place of `type`)", () => {
  it("replays a log that records it to the same state, and a move sent in it is played and recorded as `type`", () => {
    const { log } = playout({ ruleset: "gol", seed: 5 });
    const earlier = log.map((event) => {
      if (event.type !== "MovePlayed") return event;
      const { type, ...rest } = event.data.move as { type: string };
      return { ...event, data: { ...event.data, move: { action: type, ...rest } } } as typeof event;
    });
    expect(earlier.some((e) => e.type === "MovePlayed" && "action" in (e.data.move as object))).toBe(true);
    expect(replay(earlier)).toEqual(replay(log));

    const gol = getRuleset("gol");
    const parsed = gol.moveSchema.safeParse({ action: "endTurn" });
    expect(parsed.success && parsed.data).toEqual({ type: "endTurn" });
    expect(gol.moveSchema.safeParse({ action: "endTurn", type: "endTurn" }).success).toBe(false);
  });
});
