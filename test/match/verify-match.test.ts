import { describe, expect, it } from "vitest";
import { getRuleset, type RulesetId } from "../../src/engine/registry.js";
import type { Json } from "../../src/engine/ruleset.js";
import type { MatchArchive } from "../../src/match/archive.js";
import { diceCommitment } from "../../src/match/dice.js";
import type { MatchEvent } from "../../src/match/events.js";
import { replay } from "../../src/match/evolve.js";
import { canonical, verifyArchive, verifyLog } from "../../src/match/verify-match.js";
import { GOLDEN_SCENARIOS } from "../fixtures/golden/scenarios.js";
import { goldenArchive, goldenLog } from "../support/golden.js";

const OTHER_SEED = "ab".repeat(32);

/** The archive with its log changed by `change` (events are copied first, so the fixture stays as it is). */
const tampered = (archive: MatchArchive, change: (events: MatchEvent[]) => void): MatchArchive => {
  const events = structuredClone(archive.events) as MatchEvent[];
  change(events);
  return { ...archive, events };
};

const failure = (archive: MatchArchive) => {
  const result = verifyArchive(archive);
  if (result.ok) throw new Error("the tampered archive was verified");
  return result;
};

describe.each(GOLDEN_SCENARIOS.map((s) => [s.name] as const))("verifying the golden match %s", (name) => {
  it("checks, and re-runs it to the recorded final state", () => {
    const archive = goldenArchive(name);
    const result = verifyArchive(archive);
    expect(result.ok && canonical(result.state)).toBe(canonical(replay(archive.events)));
  });
});

/** A match of each ruleset with moves, rolls where it has dice, and its end. */
const SAMPLES: readonly [RulesetId, string][] = [
  ["backgammon", "backgammon.one-point"],
  ["golnard-estafeta", "golnard-estafeta.two-teams"],
  ["golnard-football", "golnard-football.set-pieces"],
  ["gol", "gol.short-halves"],
];

describe.each(SAMPLES)("a tampered %s archive", (ruleset, name) => {
  const archive = goldenArchive(name);
  const events = archive.events;

  it("a changed move: a move that was not legal there is caught at its event", () => {
    // The move of another MovePlayed that the rules refuse at this one's place (a listed move may
    // have other spellings, so "not listed" is not "illegal"): found by replaying the log to there.
    const rules = getRuleset(ruleset);
    const moves = events.flatMap((e) => (e.type === "MovePlayed" ? [e.data.move] : []));
    let at = -1;
    let forged: Json = null;
    for (let i = 1; i < events.length && at < 0; i++) {
      const event = events[i]!;
      if (event.type !== "MovePlayed") continue;
      const { game } = replay(events.slice(0, i));
      const other = moves.find((m) => {
        const parsed = rules.moveSchema.safeParse(m);
        return parsed.success && !rules.play(game, event.data.seat, parsed.data).ok;
      });
      if (other !== undefined) [at, forged] = [i, other];
    }
    expect(at).toBeGreaterThan(0);
    const result = failure(tampered(archive, (log) => void ((log[at] as Extract<MatchEvent, { type: "MovePlayed" }>).data.move = forged)));
    expect(result.version).toBe(at + 1);
    expect(result.reason).toMatch(/^SubmitMove was not legal then: (ILLEGAL_MOVE|BAD_USER_INPUT|NOT_YOUR_TURN|DICE_NOT_ROLLED): /);
  });

  it("a reordered event is caught where the order breaks", () => {
    const i = events.findIndex((e, k) => k > 3 && e.type === "MovePlayed");
    const result = failure(tampered(archive, (log) => void ([log[i], log[i + 1]] = [log[i + 1]!, log[i]!])));
    expect(result.version).toBe(events[i + 1]!.version);
  });

  it("a forged outcome is caught at MatchFinished, and a forged header against its log", () => {
    const last = events.length - 1;
    const forgedOutcome = { ...archive.outcome, winners: [9], winner: 9, winningSide: "nobody" };
    const result = failure(tampered(archive, (log) => void ((log[last] as Extract<MatchEvent, { type: "MatchFinished" }>).data.outcome = forgedOutcome)));
    expect(result).toMatchObject({ version: last + 1, type: "MatchFinished" });
    expect(result.reason).toMatch(/^the outcome recorded is .*, the rules give /);
    const header = failure({ ...archive, outcome: forgedOutcome });
    expect(header).toMatchObject({ version: null });
    expect(header.reason).toMatch(/^the archive's outcome is /);
  });

  it("a different seed is caught: it does not hash to the commitment, and with a matching commitment the rolls are not its own", () => {
    const last = events.length - 1;
    const otherSeed = (log: MatchEvent[]) => void ((log[last] as Extract<MatchEvent, { type: "MatchFinished" }>).data.diceSeed = OTHER_SEED);
    expect(failure(tampered(archive, otherSeed)).reason).toBe("the revealed seed does not hash to the commitment MatchCreated published");
    const recommitted = failure(
      tampered(archive, (log) => {
        otherSeed(log);
        (log[0] as Extract<MatchEvent, { type: "MatchCreated" }>).data.diceCommitment = diceCommitment(OTHER_SEED);
      }),
    );
    if (getRuleset(ruleset).dice === "none") {
      // No roll to betray it in the log: the archive's own header, which restates the seed, does.
      expect(recommitted).toMatchObject({ version: null, reason: expect.stringMatching(/^the archive's diceCommitment is /) });
    } else {
      expect(recommitted.type).toBe("DiceRolled");
      expect(recommitted.reason).toMatch(/^roll 0 is \d(-\d)*, the revealed seed gives \d(-\d)*$/);
    }
  });
});

describe("a tampered log", () => {
  const events = goldenLog("backgammon.one-point");

  it("a changed roll is caught at its event, with both rolls", () => {
    const i = events.findIndex((e) => e.type === "DiceRolled" && e.data.n === 4);
    const log = structuredClone(events);
    const roll = log[i] as Extract<MatchEvent, { type: "DiceRolled" }>;
    const was = roll.data.values.join("-");
    roll.data.values = roll.data.values.map((v) => (v % 6) + 1);
    expect(verifyLog(log)).toEqual({ ok: false, version: i + 1, type: "DiceRolled", reason: `roll 4 is ${roll.data.values.join("-")}, the revealed seed gives ${was}` });
  });

  it("an automatic pass that was not due, or one left out, is caught", () => {
    const i = events.findIndex((e) => e.type === "TurnPassed");
    expect(i).toBeGreaterThan(0);
    const without = events.filter((_e, k) => k !== i).map((e, k) => ({ ...e, version: k + 1 }));
    expect(verifyLog(without)).toMatchObject({ ok: false, version: i + 1, reason: expect.stringMatching(/^the log has \w+ where the rules give TurnPassed /) });
    const j = events.findIndex((e) => e.type === "MovePlayed");
    const extra = [...events.slice(0, j), { version: 0, at: events[j]!.at, type: "TurnPassed", data: { seat: 0, reason: "NO_LEGAL_MOVE" } } as MatchEvent, ...events.slice(j)].map((e, k) => ({ ...e, version: k + 1 }));
    expect(verifyLog(extra)).toMatchObject({ ok: false, version: j + 1, type: "TurnPassed", reason: expect.stringMatching(/^no command produces a TurnPassed by itself/) });
  });

  it("an unfinished log, or one of a rules version this code does not hold, is refused with why", () => {
    expect(verifyLog(events.slice(0, -1))).toMatchObject({ ok: false, reason: expect.stringMatching(/^the match is not finished/) });
    const future = structuredClone(events);
    (future[0] as Extract<MatchEvent, { type: "MatchCreated" }>).data.rulesVersion = 99;
    expect(verifyLog(future)).toEqual({ ok: false, version: 1, type: "MatchCreated", reason: "UNKNOWN_RULES_VERSION: backgammon rules version 99 is unknown: this code knows version 1" });
  });
});
