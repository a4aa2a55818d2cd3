import type { Json, Note, PassReason } from "../engine/ruleset.js";
import type { Outcome } from "./outcome.js";
import type { PlayerRef } from "./player-ref.js";
import type { TimeControl } from "./time-control.js";

export const EVENT_TYPES = [
  "MatchCreated",
  "SeatJoined",
  "DiceRolled",
  "MovePlayed",
  "TurnPassed",
  "DrawOffered",
  "DrawDeclined",
  "DrawAccepted",
  "ResignationOffered",
  "ResignationDeclined",
  "ResignationAccepted",
  "Resigned",
  "TimedOut",
  "Aborted",
  "MatchFinished",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Why a match was called off without a result. */
export const ABORT_CAUSES = [
  /** A seat asked for it before every side had moved. */
  "requested",
  /** An open seat's invitation lapsed before anyone took it. */
  "invitationExpired",
] as const;
export type AbortCause = (typeof ABORT_CAUSES)[number];

export interface EventData {
  /**
   * `timeControl`, `open` and `players` are present only when the match was created with them, so
   * a match without any reads as before (every seat taken, no player, no clock).
   */
  MatchCreated: {
    matchId: string;
    ruleset: string;
    /** The version of the ruleset's rules the match is played under; absent in logs written before versions (version 1). */
    rulesVersion?: number;
    options: Json;
    seats: number;
    diceCommitment: string;
    timeControl?: TimeControl;
    /** Seats left open, each until its invitation lapses, some for one player only. */
    open?: { seat: number; expiresAt: string; reservedFor?: PlayerRef }[];
    /** Seats taken at creation by a player: the creator's own, and bots (`bot:<level>`, src/match/player-ref.ts). */
    players?: { seat: number; player: PlayerRef }[];
  };
  /** An open seat was taken, by a player or anonymously (`player` null). */
  SeatJoined: { seat: number; player: PlayerRef | null };
  /** `seat` asked for the roll; `n` is the roll's index over the whole match. */
  DiceRolled: { seat: number; n: number; values: number[]; notes?: Note[] };
  /** The move in the form the ruleset records it. `notes`, here and on rolls and passes, are present only when there are some. */
  MovePlayed: { seat: number; move: Json; notes?: Note[] };
  TurnPassed: { seat: number; reason: PassReason; notes?: Note[] };
  DrawOffered: { seat: number };
  DrawDeclined: { seat: number };
  /** `seat` accepted the draw its opponents offered; MatchFinished follows. */
  DrawAccepted: { seat: number };
  /** `seat` offers to lose the game in progress for `value` (one of the ruleset's resignation values). */
  ResignationOffered: { seat: number; value: string };
  ResignationDeclined: { seat: number };
  /** `seat` accepted the resignation `resigned` offered: the game is scored for `value`. */
  ResignationAccepted: { seat: number; resigned: number; value: string };
  /** `seat` conceded the match; MatchFinished follows. */
  Resigned: { seat: number };
  /** The seats whose time ran out; `claimedBy` the seat that claimed it, null when the server's sweep found it. */
  TimedOut: { seats: number[]; claimedBy: number | null };
  /** Called off without a result: by `seat`, or by the server (`seat` null). */
  Aborted: { seat: number | null; cause: AbortCause };
  /** The dice seed is revealed here, so the finished log alone is enough to verify every roll. */
  MatchFinished: { outcome: Outcome; diceSeed: string };
}

/** One entry of a match log. Versions run 1, 2, 3, ... without gaps. */
export type MatchEvent = {
  [T in EventType]: { version: number; type: T; at: string; data: EventData[T] };
}[EventType];

export type NewEvent = {
  [T in EventType]: { type: T; data: EventData[T] };
}[EventType];
