import type { EstafetaMove } from "../../../src/engine/golnard-estafeta/options.js";
import { movesNow, rollNow, passNow } from "../../support/engine.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drawLanes, freeLanes, laneDiceNeeded } from "../../../src/engine/golnard-estafeta/lane-draw.js";
import { resolveOpening } from "../../../src/engine/common/opening.js";
import { completedFaces, standings } from "../../../src/engine/golnard-estafeta/ranking.js";
import type { EstafetaState } from "../../../src/engine/golnard-estafeta/state.js";
import { move, played, position, rules } from "./fixtures.js";

const setup = (options: unknown, seats?: number) => rules.setup({ options: rules.optionsSchema.parse(options), seats });
const ok = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};

describe("options and seats", () => {
  it("defaults to a sprint of 2 teams with 100 rounds; stayer gets 400", () => {
    const s = ok(setup({}));
    expect([s.variant, s.teams, s.maxRounds]).toEqual(["sprint", 2, 100]);
    expect(ok(setup({ variant: "stayer" })).maxRounds).toBe(400);
    expect(ok(setup({ maxRounds: 7 })).maxRounds).toBe(7);
  });

  it("plays one seat per team: seats must agree with teams, or give the number of teams", () => {
    expect(ok(setup({ teams: 3 }, 3)).teams).toBe(3);
    expect(ok(setup({}, 5)).teams).toBe(5);
    expect(rules.sides(ok(setup({}, 4))).map((s) => s.seats)).toEqual([[0], [1], [2], [3]]);
    expect(setup({ teams: 3 }, 4)).toMatchObject({ ok: false, error: { reason: "INVALID_SEATS" } });
    expect(setup({}, 6)).toMatchObject({ ok: false, error: { reason: "INVALID_SEATS" } });
    expect(setup({}, 1)).toMatchObject({ ok: false, error: { reason: "INVALID_SEATS" } });
    expect(setup({ lanes: [1, 2, 3] }, 2)).toMatchObject({ ok: false });
  });

  it("validates options: 2-5 teams, distinct lanes 1-5, one per team, no unknown keys", () => {
    const bad = [{ teams: 1 }, { teams: 6 }, { lanes: [1, 1] }, { lanes: [0, 2] }, { lanes: [1, 6] }, { teams: 3, lanes: [1, 2] }, { variant: "marathon" }, { colour: "red" }, { maxRounds: 0 }];
    for (const o of bad) expect(rules.optionsSchema.safeParse(o).success, JSON.stringify(o)).toBe(false);
    expect(rules.optionsSchema.safeParse({ teams: 3, lanes: [5, null, 1] }).success).toBe(true);
  });
});

describe("the lane draw (R: unassigned lanes are drawn by the server's dice)", () => {
  it("maps each die to a free lane: m free lanes take v <= m*floor(6/m), lane = free[(v-1) mod m]", () => {
    expect(drawLanes([null, null, null, null, null], [6, 5, 4, 3, 2])).toEqual([5, 4, 3, 2, 1]);
    expect(drawLanes([3, null, null], [5, 6, 4])).toEqual([3, 5, null]);
    expect(drawLanes([1, 2, null, null], [6, 4])).toEqual([1, 2, 5, 4]);
    // Every free lane equally likely: each of the usable values hits each lane the same number of times.
    for (const lanes of [[null], [1, null], [1, 2, null], [1, 2, 3, null]] as const) {
      const counts = new Map<number, number>();
      for (let v = 1; v <= 6; v++) {
        const lane = drawLanes(lanes, [v])[lanes.length - 1];
        if (lane) counts.set(lane, (counts.get(lane) ?? 0) + 1);
      }
      expect(new Set(counts.values()).size).toBe(1);
      expect([...counts.keys()].sort()).toEqual(freeLanes(lanes));
    }
  });

  it("gives the last lane without a die and asks the next roll only for the teams still missing one", () => {
    expect(drawLanes([1, 2, 3, 4, null], [])).toEqual([1, 2, 3, 4, 5]);
    const s = ok(setup({ teams: 5, lanes: [1, 2, 3, 4, null] }));
    expect(rules.turn(s)).toEqual({ phase: "roll", seats: [0, 1, 2, 3, 4], count: 5, awaiting: "openingRoll" });
    expect(s.stage).toBe("opening");
    expect(laneDiceNeeded([null, 4, null])).toBe(2);
  });

  it("runs as roll phases any seat may ask for, then places the teams and starts the opening roll", () => {
    let s = ok(setup({ teams: 3 }));
    expect(rules.turn(s)).toEqual({ phase: "roll", seats: [0, 1, 2], count: 3, awaiting: "laneDraw" });
    expect(movesNow<EstafetaMove>(rules, s)).toEqual([]);
    s = ok(rollNow(rules, s, [6, 6, 1]));
    expect(s.lanes).toEqual([1, null, null]);
    expect(rules.turn(s)).toEqual({ phase: "roll", seats: [0, 1, 2], count: 2, awaiting: "laneDraw" });
    expect(s.tokens[0]).toHaveLength(4);
    expect(rollNow(rules, s, [1, 1, 1])).toMatchObject({ ok: false, error: { reason: "INVALID_DICE" } });
    s = ok(rollNow(rules, s, [1, 1]));
    expect(s.lanes).toEqual([1, 2, 3]);
    expect(rules.turn(s)).toEqual({ phase: "roll", seats: [0, 1, 2], count: 3, awaiting: "openingRoll" });
  });

  it("always ends with distinct lanes, quickly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 60, maxLength: 60 }), (teams, stream) => {
        let s = ok(setup({ teams }));
        let rolls = 0;
        let used = 0;
        while (s.stage === "lanes") {
          const turn = rules.turn(s);
          if (turn.phase !== "roll") throw new Error("not a roll");
          s = ok(rollNow(rules, s, stream.slice(used, used + turn.count)));
          used += turn.count;
          rolls++;
          if (used + 5 > stream.length) return; // an astronomically unlucky stream: nothing to judge
        }
        expect(new Set(s.lanes).size).toBe(teams);
        expect(s.lanes.every((l) => l !== null && l >= 1 && l <= 5)).toBe(true);
        expect(rolls).toBeLessThanOrEqual(20);
      }),
    );
  });
});

describe("the opening roll (R: one die per team, ties re-rolled among the tied, highest starts)", () => {
  it("re-rolls a tie at the top among the tied only, and does not play its dice", () => {
    let s = ok(setup({ lanes: [1, 2, 3] }));
    expect(rules.turn(s)).toEqual({ phase: "roll", seats: [0, 1, 2], count: 3, awaiting: "openingRoll" });
    s = ok(rollNow(rules, s, [5, 5, 2]));
    expect(rules.turn(s)).toEqual({ phase: "roll", seats: [0, 1], count: 2, awaiting: "openingRoll" });
    s = ok(rollNow(rules, s, [3, 4]));
    expect(rules.turn(s)).toEqual({ phase: "roll", seats: [1], count: 2, awaiting: "roll" });
    expect(rules.diceLeft(s)).toBeNull();
    expect(resolveOpening([0, 1, 2, 3], [2, 6, 1, 6])).toEqual({ tied: [1, 3], starter: null });
    expect(resolveOpening([1, 3], [2, 1])).toEqual({ tied: [1], starter: 1 });
  });

  it("then gives turns in seat order from the starter", () => {
    let s = ok(rollNow(rules, ok(setup({ lanes: [1, 2, 3] })), [1, 6, 2]));
    const order: number[] = [];
    for (let i = 0; i < 4; i++) {
      const turn = rules.turn(s);
      if (turn.phase !== "roll") throw new Error("expected a roll");
      order.push(turn.seats[0]!);
      s = ok(rollNow(rules, s, [6, 6]));
      while (rules.turn(s).phase === "move") {
        const moves = movesNow<EstafetaMove>(rules, s);
        s = moves.length === 0 ? ok(passNow(rules, s)) : played(s, moves[0]!);
      }
    }
    expect(order).toEqual([1, 2, 0, 1]);
  });
});

describe("the round limit and the ranking (Stalls, Fine points)", () => {
  it("ends the match at the end of the turn that completes maxRounds rounds; passes count, turns are not cut short", () => {
    const last = position({ lanes: [1, 2], toMove: 1, turns: 2 * 3 - 1, maxRounds: 3, tokens: { 1: [[[1, 1]]] }, dice: [1, 2] });
    const mid = played(last, move("A", "first", [2, 1]));
    expect(rules.turn(mid)).toEqual({ phase: "move", seats: [1], awaiting: "move" });
    const end = played(mid, move("A", "second", [4, 1]));
    expect(rules.turn(end)).toEqual({ phase: "over", awaiting: "over" });
    expect(rules.outcome(end)).toMatchObject({ detail: { reason: "maxRounds", rounds: 3 } });
    const blocked = position({ lanes: [1, 2], progress: [0, 4], turns: 5, maxRounds: 3, tokens: { 0: [[[5, 5]]], 1: [[[4, 4]], [[5, 4]], [[4, 5]]] }, dice: [3, 4] });
    expect(rules.turn(ok(passNow(rules, blocked)))).toEqual({ phase: "over", awaiting: "over" });
  });

  const ranked = (progress: number[], tokens: Parameters<typeof position>[0]["tokens"]): EstafetaState => ({
    ...position({ variant: "stayer", lanes: [1, 2, 3], progress, tokens }),
    stage: "over",
    ended: "maxRounds",
  });

  it("R: ranks by finished tokens first", () => {
    const s = ranked([4, 7, 0], { 0: [[[0, 0], "active", 2], [[1, 1], "active", 2], [[2, 2], "active", 2], [null]], 1: [[[1, 8], "active", 2], [[1, 9], "active", 2], [[1, 10], "active", 2], [null]] });
    expect(standings(s).map((r) => [r.seat, r.finished, r.faces])).toEqual([[1, 1, 7], [0, 1, 4], [2, 0, 0]]);
    expect(rules.outcome(s)).toMatchObject({ winningSides: ["team1"], detail: { result: "win" } });
  });

  it("R: then by faces completed, a face counting once the team's last active token is across", () => {
    const s = ranked([2, 1, 0], { 0: [[[8, 8]], [[8, 2]]], 1: [[[9, 1]]] });
    expect(completedFaces(s.tokens[0]!, 2)).toBe(1);
    expect(completedFaces(s.tokens[1]!, 1)).toBe(1);
    const rows = standings(s);
    expect(rows.map((r) => r.faces)).toEqual([1, 1, 0]);
  });

  it("R: then by the smaller sum of distances of active tokens to g0 of the face out of their zone", () => {
    // Team 0 (lane 1): A in Z2, g0 of F23 is (7,5): distance 3. Team 1 (lane 2): A in Z2, g0 of F23 (10,5): distance 1.
    // Team 2 (lane 3) has not crossed F12: A on (2,5), g0 of F12 is (5,4): distance 3, but one face fewer.
    const s = ranked([1, 1, 0], { 0: [[[7, 2]]], 1: [[[10, 4]]] });
    expect(standings(s).map((r) => [r.seat, r.distance, r.place])).toEqual([[1, 1, 1], [0, 3, 2], [2, 3, 3]]);
    expect(rules.outcome(s)).toMatchObject({ winningSides: ["team1"] });
  });

  it("R: a full tie at the top is a draw shared by the tied teams", () => {
    // Both A runners one step from their F12 gate; team 2 far behind on (0,0).
    const s = ranked([0, 0, 0], { 0: [[[4, 2]]], 1: [[[4, 1]]], 2: [[[0, 0]]] });
    expect(standings(s).map((r) => r.place)).toEqual([1, 1, 3]);
    expect(rules.outcome(s)).toMatchObject({ winningSides: ["team0", "team1"], detail: { result: "draw", reason: "maxRounds" } });
  });
});
