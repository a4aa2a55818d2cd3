import { describe, expect, it } from "vitest";
import { incompleteLog } from "../../src/cli/complete-log.js";
import { playRandomMatch } from "../support/playout.js";

/** What verify-dice and export-mat refuse before they look at a log's content. */
describe("incompleteLog", () => {
  const { log } = playRandomMatch(3, { ruleset: "backgammon", options: { matchLength: 1 } });
  const needs = { command: "export-mat", ruleset: "backgammon", finished: "a .mat file records whole matches" };

  it("accepts a whole finished match", () => {
    expect(log.at(-1)!.type).toBe("MatchFinished");
    expect(incompleteLog(log, needs)).toBeNull();
    expect(incompleteLog(log.slice(0, 3), { command: "anything" })).toBeNull();
  });

  it("says what is missing: the start, events in between, the end", () => {
    expect(incompleteLog([], needs)).toBe("the log is empty");
    expect(incompleteLog(log.slice(4), needs)).toBe("the log is incomplete: it starts at version 5, not 1 (read it from after=0)");
    expect(incompleteLog([...log.slice(0, 2), ...log.slice(3)], needs)).toBe("the log is incomplete: version 2 is followed by 4 (1 event missing)");
    expect(incompleteLog([...log.slice(0, 2), ...log.slice(5)], needs)).toBe("the log is incomplete: version 2 is followed by 6 (3 events missing)");
    expect(incompleteLog([log[0]!, log[2]!, log[1]!, ...log.slice(3)], needs)).toBe("the log is incomplete: version 1 is followed by 3 (1 event missing)");
    expect(incompleteLog([...log.slice(0, 3), log[1]!], needs)).toBe("the log is out of order: version 2 follows 3");
    const last = log.at(-2)!;
    expect(incompleteLog(log.slice(0, -1), needs)).toBe(
      `the match is not finished: the log ends at version ${last.version} with ${last.type}, and export-mat needs a finished match (a .mat file records whole matches)`,
    );
  });

  it("refuses a log that is not a match's, or of another ruleset than the command handles", () => {
    expect(incompleteLog([{ ...log[1]!, version: 1 }, ...log.slice(2).map((e, i) => ({ ...e, version: i + 2 }))], needs)).toMatch(/^the log is not a match's: version 1 is DiceRolled/);
    const relay = playRandomMatch(3, { ruleset: "golnard-estafeta" }).log;
    expect(incompleteLog(relay, needs)).toBe("this is a golnard-estafeta match: export-mat handles only backgammon matches");
    expect(incompleteLog(relay, { command: "verify-dice", finished: "the seed" })).toBeNull();
  });
});
