import { FIRST_RULES_VERSION } from "../engine/registry.js";
import type { Json } from "../engine/ruleset.js";
import type { MatchEvent } from "./events.js";
import type { Outcome } from "./outcome.js";
import type { MatchState } from "./state.js";
import type { TimeControl } from "./time-control.js";

/** What an archive document says it is, so a reader can tell it from a bare log or another program's JSON. */
export const ARCHIVE_FORMAT = "tabula-match-archive";
/** The version of the archive's own layout (not the rules'): bumped only if a field changes meaning. */
export const ARCHIVE_FORMAT_VERSION = 1;

/**
 * A finished match as one self-contained document, to be kept and checked away from the server:
 * its whole log, and, restated up front for readers, what the log says at its ends (the rules it
 * was played under, the options, the revealed seed, the outcome). The log is the record; a
 * verifier re-derives everything else from it and refuses a header that disagrees.
 */
export interface MatchArchive {
  readonly format: typeof ARCHIVE_FORMAT;
  readonly formatVersion: number;
  readonly matchId: string;
  readonly ruleset: string;
  readonly rulesVersion: number;
  readonly options: Json;
  readonly seats: number;
  readonly timeControl: TimeControl | null;
  readonly diceCommitment: string;
  readonly diceSeed: string;
  readonly outcome: Outcome;
  readonly createdAt: string;
  readonly finishedAt: string;
  readonly events: readonly MatchEvent[];
  /** The whole match in the ruleset's text notation (docs/records.md), or null where it has none. */
  readonly notation: string | null;
}

/**
 * The archive of a whole, finished log and the state it replays to (its outcome as today's code
 * reads it, older logs' included); null when the log does not end with MatchFinished: the seed is
 * secret until then, and an archive without it could not be checked.
 */
export function toArchive(events: readonly MatchEvent[], final: MatchState, notation: string | null = null): MatchArchive | null {
  const created = events[0];
  const finished = events[events.length - 1];
  if (created?.type !== "MatchCreated" || finished?.type !== "MatchFinished" || !final.outcome) return null;
  const { matchId, ruleset, rulesVersion, options, seats, timeControl, diceCommitment } = created.data;
  return {
    format: ARCHIVE_FORMAT,
    formatVersion: ARCHIVE_FORMAT_VERSION,
    matchId,
    ruleset,
    rulesVersion: rulesVersion ?? FIRST_RULES_VERSION,
    options,
    seats,
    timeControl: timeControl ?? null,
    diceCommitment,
    diceSeed: finished.data.diceSeed,
    outcome: final.outcome,
    createdAt: created.at,
    finishedAt: finished.at,
    events,
    notation,
  };
}
