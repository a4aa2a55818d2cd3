import { describe, expect, it } from "vitest";
import { makeMatchRecord, RECORD_FIRST_LINE } from "../../src/interop/match-record.js";
import { parseMatchRecord } from "../../src/interop/parse-match-record.js";
import type { MatchEvent } from "../../src/match/events.js";
import { replay } from "../../src/match/evolve.js";
import { canonical, verifyLog } from "../../src/match/verify-match.js";
import { GOLDEN_SCENARIOS } from "../fixtures/golden/scenarios.js";
import { goldenLog } from "../support/golden.js";

/** What a record keeps of an event: all of it but a move's notes, which the rules derive again. */
const recorded = (event: MatchEvent): MatchEvent => {
  if (!("notes" in event.data)) return event;
  const { notes: _, ...data } = event.data;
  return { ...event, data } as MatchEvent;
};

const parsed = (text: string): MatchEvent[] => {
  const result = parseMatchRecord(text);
  if (!result.ok) throw new Error(`line ${result.error.line}: ${result.error.reason}`);
  return result.value;
};

describe.each(GOLDEN_SCENARIOS.map((s) => [s.name] as const))("the match record of %s", (name) => {
  const events = goldenLog(name);
  const text = makeMatchRecord(events);

  it("reads back as the same log (every command, roll, pass, time and the end), but for the notes", () => {
    expect(parsed(text)).toEqual(events.map(recorded));
  });

  it("has a line a turn and verifies, re-run to the same final state", () => {
    const turns = text.split("\n").filter((l) => /^\d+\. /.test(l));
    const actions = events.filter((e) => e.type !== "MatchCreated" && e.type !== "MatchFinished").length;
    expect(turns.length).toBeGreaterThan(0);
    expect(turns.length).toBeLessThanOrEqual(actions);
    const result = verifyLog(parsed(text), { notesRecorded: false });
    expect(result.ok && canonical(result.state)).toBe(canonical(replay(events)));
  });
});

describe("reading a match record", () => {
  const text = makeMatchRecord(goldenLog("golnard-football.set-pieces"));
  const lines = text.split("\n");

  it("writes the header first, one JSON value a line, then numbered turns of one side each", () => {
    expect(lines[0]).toBe(RECORD_FIRST_LINE);
    expect(lines[1]).toBe('[Ruleset "golnard-football"]');
    expect(lines[2]).toBe("[RulesVersion 1]");
    const turn = lines.find((l) => l.startsWith("2. "))!;
    expect(turn).toMatch(/^2\. (home|away) \+20 s\d roll \d-\d/);
    expect(text).toMatch(/ play \{"type":"walk",[^;]*\} \d+: walk \d to [a-t]\d+/);
  });

  it("refuses what does not read, saying on which line", () => {
    const problem = (t: string) => {
      const result = parseMatchRecord(t);
      return result.ok ? null : result.error;
    };
    expect(problem("hello")).toEqual({ line: 1, reason: `a match record starts with "${RECORD_FIRST_LINE}"` });
    const at = lines.findIndex((l) => l.startsWith("3. "));
    const broken = (line: string) => [...lines.slice(0, at), line, ...lines.slice(at + 1)].join("\n");
    expect(problem(broken(lines[at]!.replace(" roll ", " jump ")))).toEqual({ line: at + 1, reason: 'unknown verb "jump"' });
    expect(problem(broken(lines[at]!.replace(/^3\. /, "7. ")))).toMatchObject({ line: at + 1, reason: expect.stringMatching(/^expected turn 3/) });
    expect(problem(broken(`3. home +20 s0 roll 9-9`))).toMatchObject({ line: at + 1, reason: expect.stringMatching(/^a roll is dice joined by "-"/) });
    expect(problem(lines.filter((l) => !l.startsWith("[Seed ")).join("\n"))).toMatchObject({ reason: "the header has no [Seed]" });
    expect(problem(lines.map((l) => (l.startsWith("[Seats ") ? '[Seats "two"]' : l)).join("\n"))).toEqual({ line: 6, reason: "[Seats] takes a whole number from 1" });
    expect(problem(broken("3. home +20 s0 pass TIRED"))).toMatchObject({ line: at + 1, reason: expect.stringMatching(/^a pass gives its reason, one of NO_LEGAL_MOVE/) });
  });

  it("refuses a move whose notation says another move than its JSON", () => {
    const i = lines.findIndex((l) => / play \{"type":"walk"/.test(l));
    const forged = lines.map((l, k) => (k === i ? l.replace(/(\d+): walk (\d)/, (_m, token: string, die: string) => `${token}: walk ${Number(die) === 1 ? 2 : 1}`) : l)).join("\n");
    const result = parseMatchRecord(forged);
    expect(result.ok || result.error).toMatchObject({ line: i + 1, reason: expect.stringMatching(/^the move's notation ".*" is not its JSON's/) });
  });
});
