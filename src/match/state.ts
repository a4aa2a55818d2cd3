import type { Json } from "../engine/ruleset.js";
import type { ClockState } from "./clock.js";
import type { Offer } from "./offer.js";
import type { Outcome } from "./outcome.js";
import type { RulesetId } from "../engine/registry.js";
import type { SeatState } from "./seating.js";

export const MATCH_STATUSES = ["WAITING", "ACTIVE", "FINISHED"] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** The public state of a match: everything here may be shown to anyone watching it. */
export interface MatchState {
  readonly id: string;
  readonly ruleset: RulesetId;
  /** The version of the ruleset's rules the match is played and replayed under (MatchCreated's). */
  readonly rulesVersion: number;
  readonly options: Json;
  readonly seats: number;
  readonly version: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** WAITING until every seat is taken and the first roll or move, ACTIVE while playing, FINISHED once decided. */
  readonly status: MatchStatus;
  /** How many rolls were drawn so far = the index n of the next roll. */
  readonly rolls: number;
  readonly diceCommitment: string;
  /** The ruleset's own state (plain JSON). */
  readonly game: unknown;
  readonly outcome: Outcome | null;
  /** Revealed by MatchFinished; null before. */
  readonly diceSeed: string | null;
  /** Who holds each seat, and which are open. */
  readonly seating: readonly SeatState[];
  /** The clock, for a match with a time control; null without one. */
  readonly clock: ClockState | null;
  /** Per seat: whether it has played a move (a match may be aborted until every side has). */
  readonly moved: readonly boolean[];
  /** The offer awaiting an answer, if any. */
  readonly offer: Offer | null;
}
