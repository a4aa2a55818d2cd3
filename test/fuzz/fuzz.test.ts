import { describe, expect, it } from "vitest";
import { runFuzz } from "./runner.js";
import { summarize } from "./summary.js";

/**
 * The fuzz harness as part of the suite: a small fixed-seed run (`npm run fuzz -- --requests
 * 20000 --seed 1` is the large one, docs/reliability.md). Any violation fails with the summary,
 * which carries a reproduction of each.
 */
describe("hostile traffic against a real server", () => {
  it("gets no 5xx, only documented codes, no secret, exact logs and complete live updates", async () => {
    const report = await runFuzz({ requests: 400, seed: 7 });
    expect(report.violations, summarize(report)).toEqual([]);

    // The run reached every transport and the rules, so a clean result means something.
    const transports = new Set([...report.byOperation.keys()].map((key) => key.split(" ")[0]));
    expect([...transports].sort()).toEqual(["graphql-get", "graphql-post", "rest", "sse", "ws"]);
    expect([...report.matches.rulesets.keys()].sort()).toEqual(["backgammon", "gol", "golnard-estafeta", "golnard-football"]);
    expect(report.legal.commands).toBeGreaterThan(20);
    expect(report.legal.accepted).toBe(report.legal.commands);
    // Legal play goes over graphql-ws too (mutations on a connection holding the seat's token).
    expect([...report.byOperation.keys()].some((key) => /^ws (rollDice|submitMove) \(legal\)$/.test(key))).toBe(true);
    const codes = new Set([...report.outcomes.keys()].flatMap((key) => key.split(" ").slice(2)));
    for (const code of ["BAD_USER_INPUT", "UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND", "VERSION_CONFLICT"]) expect(codes, code).toContain(code);
  }, 120_000);
});
