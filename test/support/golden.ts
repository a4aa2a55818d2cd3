import { readFileSync } from "node:fs";
import { type MatchArchive, toArchive } from "../../src/match/archive.js";
import type { MatchEvent } from "../../src/match/events.js";
import { replay } from "../../src/match/evolve.js";
import { goldenPaths } from "../fixtures/golden/scenarios.js";

/** A golden match's log (test/fixtures/golden/). */
export const goldenLog = (name: string): MatchEvent[] => (JSON.parse(readFileSync(goldenPaths(name).log, "utf8")) as { events: MatchEvent[] }).events;

/** A golden match's archive, as the archive endpoint builds it. */
export const goldenArchive = (name: string, notation: string | null = null): MatchArchive => {
  const events = goldenLog(name);
  return toArchive(events, replay(events), notation)!;
};
