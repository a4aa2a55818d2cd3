import { describe, expect, it } from "vitest";
import { deriveRoll, diceCommitment } from "../../src/match/dice.js";
import type { MatchEvent } from "../../src/match/events.js";
import { verifyDice } from "../../src/match/verify-dice.js";

const SEED = "ab".repeat(32);
const at = "2026-01-01T00:00:00.000Z";

function finishedLog(rolls: number): MatchEvent[] {
  const events: MatchEvent[] = [
    { version: 1, type: "MatchCreated", at, data: { matchId: "m", ruleset: "backgammon", options: {}, seats: 2, diceCommitment: diceCommitment(SEED) } },
  ];
  for (let n = 0; n < rolls; n++) {
    events.push({ version: events.length + 1, type: "DiceRolled", at, data: { seat: n % 2, n, values: deriveRoll(SEED, "m", n, 2) } });
  }
  events.push({
    version: events.length + 1,
    type: "MatchFinished",
    at,
    data: { outcome: { reason: "played", winningSide: "white", winner: 0, winners: [0], detail: null }, diceSeed: SEED },
  });
  return events;
}

describe("verifyDice", () => {
  it("accepts an honest finished log", () => {
    expect(verifyDice(finishedLog(20))).toEqual({ ok: true, rolls: 20, problems: [] });
  });

  it("detects one altered roll", () => {
    const log = finishedLog(20);
    const tampered = log.map((e) =>
      e.type === "DiceRolled" && e.data.n === 7 ? { ...e, data: { ...e.data, values: e.data.values.map((v) => (v % 6) + 1) } } : e,
    );
    const result = verifyDice(tampered);
    expect(result.ok).toBe(false);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatch(/roll 7/);
  });

  it("detects a seed that does not match the commitment", () => {
    const log = finishedLog(3).map((e) => (e.type === "MatchFinished" ? { ...e, data: { ...e.data, diceSeed: "cd".repeat(32) } } : e));
    const result = verifyDice(log);
    expect(result.ok).toBe(false);
    expect(result.problems.join()).toMatch(/commitment/);
  });

  it("cannot verify a match that is still running", () => {
    const result = verifyDice(finishedLog(3).slice(0, -1));
    expect(result.ok).toBe(false);
    expect(result.problems[0]).toMatch(/not finished/);
  });

  it("detects a removed roll (gap in versions and roll numbers)", () => {
    const log = finishedLog(5).filter((e) => !(e.type === "DiceRolled" && e.data.n === 2));
    expect(verifyDice(log).ok).toBe(false);
  });
});
