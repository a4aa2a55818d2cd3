import type { MatchEvent } from "../match/events.js";
import { exportMat } from "./backgammon-mat.js";
import { makeMatchRecord } from "./match-record.js";

/** The text notations of a whole match: gnubg's .mat (backgammon only), or Tabula's match record (every ruleset). */
export const NOTATIONS = ["mat", "record"] as const;
export type NotationName = (typeof NOTATIONS)[number];

/** Each ruleset's usual notation: backgammon players already keep .mat files; the others have the match record. */
export const defaultNotation = (ruleset: string): NotationName => (ruleset === "backgammon" ? "mat" : "record");

/** A whole, finished match log in a notation (the archive's `notation`, `tabula export`). Throws for a log that notation cannot hold. */
export function writeNotation(events: readonly MatchEvent[], notation: NotationName = defaultNotation(events[0]?.type === "MatchCreated" ? events[0].data.ruleset : "")): string {
  return notation === "mat" ? exportMat(events) : makeMatchRecord(events);
}
