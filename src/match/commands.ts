import type { Json } from "../engine/ruleset.js";
import type { PlayerRef } from "./player-ref.js";

/** A seat left open at creation; `reservedFor` makes it a challenge to one player. */
export interface OpenSeatRequest {
  readonly seat: number;
  readonly reservedFor?: PlayerRef | null | undefined;
}

/**
 * What a client asks of a match. The service has already authenticated `seat` (and a player,
 * from a player token); `Timeout` is the server's own, from its sweep of passed deadlines.
 */
export type Command =
  | {
      type: "CreateMatch";
      matchId: string;
      ruleset: string;
      options: unknown;
      seats?: number | undefined;
      diceCommitment: string;
      /** Checked here against the time control's schema (`src/match/time-control.ts`). */
      timeControl?: unknown;
      open?: readonly OpenSeatRequest[] | undefined;
      /** When the open seats' invitations lapse. */
      invitationsExpireAt?: string | undefined;
      /** Seats taken by players at creation: the creating player's, and bots. */
      players?: readonly { seat: number; player: PlayerRef }[] | undefined;
    }
  | { type: "JoinSeat"; seat: number; player: PlayerRef | null }
  | { type: "RollDice"; seat: number }
  | { type: "SubmitMove"; seat: number; move: Json }
  | { type: "OfferDraw"; seat: number }
  | { type: "AcceptDraw"; seat: number }
  | { type: "DeclineDraw"; seat: number }
  /** Without `value`: concede the match. With one (rulesets with resignation values): offer to lose the game for it. */
  | { type: "Resign"; seat: number; value?: string | undefined }
  | { type: "AcceptResignation"; seat: number }
  | { type: "DeclineResignation"; seat: number }
  | { type: "Abort"; seat: number }
  | { type: "ClaimTimeout"; seat: number }
  | { type: "Timeout" };

/** Server-side inputs of a decision: time and randomness come in from outside so `decide` stays pure. */
export interface DecideContext {
  /** Roll number n with `count` dice, derived from the match's secret seed. */
  roll(n: number, count: number): number[];
  /** The secret seed, revealed in MatchFinished. */
  readonly diceSeed: string;
  /** When the events are appended (ISO 8601): the server's clock, which every deadline is judged by. */
  readonly at: string;
}
