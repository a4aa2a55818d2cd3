import { describe, expect, it } from "vitest";
import { legalMoveList } from "../../../src/engine/backgammon/actions.js";
import { BACKGAMMON_BOTS } from "../../../src/engine/backgammon/bots/levels.js";
import { keithCount, keithLead, shouldDouble, shouldTake } from "../../../src/engine/backgammon/bots/cube-decisions.js";
import { side, position, stateAt } from "./helpers.js";
import { playBotGame } from "../../../src/engine/bot-game.js";
import type { BackgammonState } from "../../../src/engine/backgammon/state.js";
import type { SeatBot } from "../../../src/engine/common/seat-bot.js";
import type { Json } from "../../../src/engine/ruleset.js";

const cubeOn = { matchLength: 7, cube: true } as const;

describe("Keith count", () => {
  it("adds the bear-off waste to the pip count", () => {
    // 4 on the 1-point (+6), 2 on the 2-point (+1), 5 on the 3-point (+2), 4- and 5-points empty (+2).
    const s = side({ 1: 4, 2: 2, 3: 5, 6: 4 });
    expect(keithCount(s)).toBe(4 + 4 + 15 + 24 + 6 + 1 + 2 + 2);
  });
});

describe("cube decisions", () => {
  it("doubles a huge race lead, and the opponent drops it", () => {
    const pos = position({ 1: 5, 2: 5, 3: 5 }, { 24: 5, 20: 5, 18: 5 });
    const roll = stateAt({ position: pos, seat: 0, options: cubeOn });
    expect(keithLead(pos)).toBeGreaterThan(200);
    expect(shouldDouble(roll, 0)).toBe(true);
    const doubled = { ...roll, game: { ...roll.game, phase: "doubled" as const } };
    expect(shouldTake(doubled, 1)).toBe(false);
    expect(BACKGAMMON_BOTS.pubeval(1).choose(roll, 0, legalMoveList(roll, 0))).toBe("double");
    expect(BACKGAMMON_BOTS.rollout(1).choose(doubled, 1, legalMoveList(doubled, 1))).toBe("drop");
  });

  it("does not double an even race, nor a race it trails; a close race is a take", () => {
    const even = position({ 6: 5, 5: 5, 4: 5 }, { 6: 5, 5: 5, 4: 5 });
    expect(shouldDouble(stateAt({ position: even, seat: 0, options: cubeOn }), 0)).toBe(false);
    const behind = position({ 6: 10, 5: 5 }, { 2: 10, 1: 5 });
    expect(shouldDouble(stateAt({ position: behind, seat: 0, options: cubeOn }), 0)).toBe(false);
    // Eight pips up in a 70-pip race: Keith says double (a lead of -4 or more) and take (-2 or less).
    const close = position({ 6: 10, 5: 2 }, { 6: 10, 5: 3, 3: 1 });
    const roll = stateAt({ position: close, seat: 0, options: cubeOn });
    expect(keithLead(close)).toBeGreaterThanOrEqual(-4);
    expect(keithLead(close)).toBeLessThanOrEqual(-2);
    expect(shouldDouble(roll, 0)).toBe(true);
    expect(shouldTake({ ...roll, game: { ...roll.game, phase: "doubled" } }, 1)).toBe(true);
  });

  it("drops a hopeless contact position and takes a fair one", () => {
    // The doubler (seat 0) has a closed board with two of ours on the bar; we have nothing left.
    const crushing = position({ 6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2 }, { bar: 2, 13: 5, 8: 4, 6: 4 });
    const doubledCrush = stateAt({ position: crushing, seat: 0, phase: "doubled", options: cubeOn });
    expect(shouldTake(doubledCrush, 1)).toBe(false);
    expect(BACKGAMMON_BOTS.pubeval(3).choose(doubledCrush, 1, legalMoveList(doubledCrush, 1))).toBe("drop");
    const start = stateAt({ position: position({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 3, 6: 5 }), seat: 0, phase: "doubled", options: cubeOn });
    expect(shouldTake(start, 1)).toBe(true);
    expect(shouldDouble({ ...start, game: { ...start.game, phase: "roll" } }, 0)).toBe(false);
  });

  it("never doubles with a dead cube: one more game won at this cube wins the match", () => {
    const pos = position({ 1: 5, 2: 5, 3: 5 }, { 24: 5, 20: 5, 18: 5 });
    expect(shouldDouble(stateAt({ position: pos, seat: 0, options: cubeOn, score: [6, 0] }), 0)).toBe(false);
  });

  it("doubles only when the rules let it: without the cube there is nothing to choose before a roll", () => {
    const pos = position({ 1: 5, 2: 5, 3: 5 }, { 24: 5, 20: 5, 18: 5 });
    const off = stateAt({ position: pos, seat: 0 });
    expect(legalMoveList(off, 0)).toEqual([]);
  });
});

describe("resignations", () => {
  it("accepts a single game once no gammon is possible, and refuses it while one is", () => {
    const bot = BACKGAMMON_BOTS.rollout(5);
    // Seat 0 answers; seat 1 (the resigner) has borne off: a single game is all seat 0 can win.
    const borneOff = stateAt({ position: position({ 6: 5 }, { 6: 14 }), seat: 0, options: cubeOn });
    expect(bot.acceptResignation!(borneOff, 0, "single")).toBe(true);
    // Seat 1 has borne off nothing and has a checker in seat 0's home board: a backgammon is possible.
    const trapped = stateAt({ position: position({ 6: 5 }, { 24: 1, 6: 14 }), seat: 0, options: cubeOn });
    expect(bot.acceptResignation!(trapped, 0, "single")).toBe(false);
    expect(bot.acceptResignation!(trapped, 0, "gammon")).toBe(false);
    expect(bot.acceptResignation!(trapped, 0, "backgammon")).toBe(true);
  });

  it("accepts whatever wins it the match", () => {
    const bot = BACKGAMMON_BOTS.pubeval(5);
    const trapped = stateAt({ position: position({ 6: 5 }, { 24: 1, 6: 14 }), seat: 0, options: cubeOn, score: [6, 3] });
    expect(bot.acceptResignation!(trapped, 0, "single")).toBe(true);
  });
});

describe("play choice", () => {
  it("pubeval makes the 5-point with an opening 31", () => {
    const start = stateAt({ position: position({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 3, 6: 5 }), seat: 0, dice: [3, 1] });
    const moves = legalMoveList(start, 0);
    expect(BACKGAMMON_BOTS.pubeval(1).choose(start, 0, moves)).toBe("8/5 6/5");
  });

  it("bears off rather than moves down when it can, in a race", () => {
    const race = stateAt({ position: position({ 6: 2, 5: 2, 1: 1 }, { 24: 15 }), seat: 0, dice: [6, 5] });
    const moves = legalMoveList(race, 0);
    for (const level of ["pubeval", "rollout"] as const) expect(BACKGAMMON_BOTS[level](2).choose(race, 0, moves)).toBe("6/off 5/off");
  });
});

describe("cube in play", () => {
  it("pubeval bots double, take and drop in seeded matches with the cube", () => {
    let taken = 0;
    let dropped = 0;
    for (let g = 0; g < 6; g++) {
      const bots = [BACKGAMMON_BOTS.pubeval(2 * g), BACKGAMMON_BOTS.pubeval(2 * g + 1)] as SeatBot<unknown, Json>[];
      const { state } = playBotGame({ ruleset: "backgammon", options: { matchLength: 5, cube: true }, seed: 70 + g, botOf: (seat) => bots[seat]! });
      for (const record of (state as BackgammonState).games) {
        if (record.resultType === "drop") dropped++;
        else if (record.cube > 1) taken++;
      }
    }
    expect(taken).toBeGreaterThan(0);
    expect(dropped).toBeGreaterThan(0);
  });
});
