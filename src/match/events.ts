import type { Json, Note, PassReason } from "../engine/ruleset.js";
import type { Outcome } from "./outcome.js";

export const EVENT_TYPES = ["MatchCreated", "DiceRolled", "MovePlayed", "TurnPassed", "MatchFinished"] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface EventData {
  MatchCreated: {
    matchId: string;
    ruleset: string;
    options: Json;
    seats: number;
    diceCommitment: string;
  };
  /** `seat` asked for the roll; `n` is the roll's index over the whole match. */
  DiceRolled: { seat: number; n: number; values: number[]; notes?: Note[] };
  /** The move in the form the ruleset records it. `notes`, here and on rolls and passes, are present only when there are some. */
  MovePlayed: { seat: number; move: Json; notes?: Note[] };
  TurnPassed: { seat: number; reason: PassReason; notes?: Note[] };
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
