import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { clockDeadline, seatDeadlines } from "../../src/match/clock.js";
import { dueOf } from "../../src/match/due.js";
import type { MatchEvent } from "../../src/match/events.js";
import { CorruptLogError, replay } from "../../src/match/evolve.js";
import { DAY, HOUR, MatchDriver } from "../support/match-driver.js";

const getTurnSeats = (d: MatchDriver): readonly number[] => {
  const turn = getRuleset(d.match.ruleset).turn(d.match.game);
  return turn.phase === "over" ? [] : turn.seats;
};

const create = (timeControl: unknown, ruleset = "backgammon") =>
  ({ type: "CreateMatch", matchId: "m", ruleset, options: {}, diceCommitment: "c", timeControl }) as const;

/** A backgammon match with 3 days per move, where both sides have moved and seat `toAct` is to roll. */
function underWay(timeControl: unknown = { daysPerMove: 3 }) {
  const d = new MatchDriver();
  d.run(create(timeControl));
  d.untilEverySideMoved();
  return d;
}

describe("a time control", () => {
  it("accepts 1, 2, 3, 5, 7 or 14 days, or minutes, per move, and refuses anything else", () => {
    for (const daysPerMove of [1, 2, 3, 5, 7, 14]) expect(new MatchDriver().run(create({ daysPerMove }))[0]!.data).toMatchObject({ timeControl: { daysPerMove, minutesPerMove: null, bankMinutes: 0 } });
    expect(new MatchDriver().run(create({ minutesPerMove: 10, bankMinutes: 30 }))[0]!.data).toMatchObject({ timeControl: { daysPerMove: null, minutesPerMove: 10, bankMinutes: 30 } });
    for (const bad of [{ daysPerMove: 4 }, {}, { daysPerMove: 1, minutesPerMove: 5 }, { minutesPerMove: 0 }, { daysPerMove: 1, extra: 1 }, { daysPerMove: 1, bankMinutes: -1 }]) {
      expect(new MatchDriver().refused(create(bad)).code, JSON.stringify(bad)).toBe("BAD_USER_INPUT");
    }
  });

  it("starts the clock at creation when every seat is taken: the opening roll is due within the per-move time", () => {
    const d = new MatchDriver();
    d.run(create({ daysPerMove: 2 }));
    const created = Date.parse(d.match.createdAt);
    expect(seatDeadlines(d.match.clock!)).toEqual([new Date(created + 2 * DAY).toISOString(), new Date(created + 2 * DAY).toISOString()]);
    expect(dueOf(d.match)).toEqual({ at: new Date(created + 2 * DAY).toISOString(), kind: "clock" });
  });

  it("restarts a seat's time when the turn comes to it, not when it rolls and then moves", () => {
    const d = underWay();
    const seat = d.toAct;
    const since = d.match.clock!.since[seat]!;
    d.wait(HOUR).step(); // the roll: the same seat still acts
    expect(d.match.clock!.since[seat]).toBe(since);
    expect(clockDeadline(d.match.clock!)).toBe(new Date(Date.parse(since) + 3 * DAY).toISOString());
  });

  it("starts the opening roll's winner's time afresh: the seats acting changed", () => {
    const d = new MatchDriver();
    d.run(create({ daysPerMove: 2 }));
    d.wait(DAY);
    while (d.match.rolls === 0 || getTurnSeats(d).length > 1) d.step(); // past the opening roll (and any tie)
    expect(clockDeadline(d.match.clock!)).toBe(new Date(Date.parse(d.at) + 2 * DAY).toISOString());
  });

  it("refuses a move once the deadline has passed, accepts a claim only from then on; the timeout is a log event replay verifies", () => {
    const d = underWay();
    const late = d.toAct;
    const deadline = clockDeadline(d.match.clock!)!;
    d.wait(3 * DAY - 1000);
    expect(d.refused({ type: "ClaimTimeout", seat: 1 - late })).toMatchObject({ code: "TIMEOUT_NOT_DUE", details: { deadline } });
    d.wait(1000);
    expect(d.refused({ type: "RollDice", seat: late })).toMatchObject({ code: "DEADLINE_PASSED", details: { deadline, overdue: [late] } });
    const events = d.run({ type: "ClaimTimeout", seat: 1 - late });
    expect(events.map((e) => e.type)).toEqual(["TimedOut", "MatchFinished"]);
    expect(events[0]!.data).toEqual({ seats: [late], claimedBy: 1 - late });
    expect(d.match.outcome).toMatchObject({ reason: "timeout", winners: [1 - late], winner: 1 - late, detail: { overdue: [late] } });
    expect(d.match.clock!.since).toEqual([null, null]);
    expect(d.refused({ type: "ClaimTimeout", seat: 1 - late }).code).toBe("MATCH_FINISHED");
  });

  it("lets the server's sweep (no seat) end an overdue match the same way", () => {
    const d = underWay({ daysPerMove: 1 });
    const late = d.toAct;
    expect(d.refused({ type: "Timeout" }).code).toBe("TIMEOUT_NOT_DUE");
    d.wait(DAY);
    expect(d.run({ type: "Timeout" })[0]!.data).toEqual({ seats: [late], claimedBy: null });
    expect(d.match.outcome?.reason).toBe("timeout");
  });

  it("aborts, without a winner, a match whose clock ran out before every side had moved", () => {
    const d = new MatchDriver();
    d.run(create({ daysPerMove: 1 }));
    d.wait(DAY);
    const events = d.run({ type: "ClaimTimeout", seat: 0 });
    expect(events[0]!.data).toEqual({ seats: [0, 1], claimedBy: 0 });
    expect(d.match.outcome).toMatchObject({ reason: "aborted", winners: [], winner: null, winningSide: null });
  });

  it("spends the bank only on a late move, and the deadline includes what is left of it", () => {
    const d = underWay({ minutesPerMove: 60, bankMinutes: 30 });
    const seat = d.toAct;
    d.wait(80 * 60_000).step(); // the roll, 80 minutes in: late by 20, but the seat still acts
    expect(d.match.clock!.bankMs[seat]).toBe(30 * 60_000);
    while (d.toAct === seat && d.match.status !== "FINISHED") d.step(); // its move hands the turn over
    expect(d.match.clock!.bankMs[seat]).toBe(10 * 60_000);
    expect(d.match.clock!.bankMs[1 - seat]).toBe(30 * 60_000);
  });

  it("does not replay a forged timeout (before its deadline), nor a move after it", () => {
    const d = underWay();
    const late = d.toAct;
    const early: MatchEvent = { version: d.match.version + 1, type: "TimedOut", at: d.at, data: { seats: [late], claimedBy: 1 - late } };
    expect(() => replay([...d.log, early])).toThrow(CorruptLogError);
    d.wait(4 * DAY);
    const lateRoll: MatchEvent = { version: d.match.version + 1, type: "DiceRolled", at: d.at, data: { seat: late, n: d.match.rolls, values: [3, 1] } };
    expect(() => replay([...d.log, lateRoll])).toThrow(/DEADLINE_PASSED/);
  });

  it("leaves a match without a time control without a clock, as every older log", () => {
    const d = new MatchDriver();
    d.run({ type: "CreateMatch", matchId: "m", ruleset: "gol", options: {}, diceCommitment: "c" });
    expect(d.match.clock).toBeNull();
    d.wait(365 * DAY).untilEverySideMoved();
    expect(d.refused({ type: "ClaimTimeout", seat: 0 })).toMatchObject({ code: "TIMEOUT_NOT_DUE", message: expect.stringMatching(/without a clock/) });
  });
});
