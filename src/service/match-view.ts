import { actingSeats } from "../engine/common/turn-view.js";
import { sideOfSeat } from "../engine/common/sides.js";
import { getRuleset } from "../engine/registry.js";
import type { Json, Side, Turn } from "../engine/ruleset.js";
import type { MatchState, MatchStatus } from "../match/state.js";
import { seatDeadlines } from "../match/clock.js";
import { dueOf } from "../match/due.js";
import { openSeats } from "../match/seating.js";
import type { Offer } from "../match/offer.js";
import type { PlayerRef } from "../match/player-ref.js";
import type { TimeControl } from "../match/time-control.js";

/** Who holds a seat, or that it is open (until when, and for whom). */
export interface SeatView {
  readonly seat: number;
  readonly player: PlayerRef | null;
  readonly open: boolean;
  readonly invitationExpiresAt: string | null;
  readonly reservedFor: PlayerRef | null;
}

/** The clock as every viewer sees it: the time control, each seat's deadline and what is left of its bank. */
export interface ClockView extends TimeControl {
  /** Per seat: when its time runs out (null while it is not to act), and what is left of its bank, in whole seconds. */
  readonly seats: readonly { readonly seat: number; readonly deadline: string | null; readonly bankSeconds: number }[];
}

/** A match as one viewer may see it: a seat (its token) or a spectator (seat null). */
export interface MatchView {
  readonly id: string;
  readonly ruleset: string;
  readonly status: MatchStatus;
  readonly version: number;
  readonly seats: number;
  /** Every side and its seats, in seat order. */
  readonly sides: readonly Side[];
  /** The viewer's own seat, null for spectators. */
  readonly seat: number | null;
  /** The viewer's side, null for spectators. */
  readonly side: string | null;
  /** The one seat that must act, or null when several may (or none). */
  readonly toMove: number | null;
  /** Every seat that may act now. */
  readonly toAct: readonly number[];
  /** `roll` (dice are due), `move` or `over`. */
  readonly phase: Turn["phase"];
  /** What the game waits for, from the ruleset's closed set. */
  readonly awaiting: string;
  readonly dice: number[] | null;
  /** Every action the viewer may take now; empty unless the viewer is a seat that may act. */
  readonly legalMoves: Json[];
  readonly state: Json;
  readonly winner: number | null;
  readonly result: Json | null;
  readonly diceCommitment: string;
  readonly diceSeed: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Who holds each seat (the players' names where known), and which are open. */
  readonly seating: readonly SeatView[];
  /** The time control and deadlines; null for a match without one. */
  readonly clock: ClockView | null;
  /** When the match ends by itself if the seats due do not act: the clock's first deadline, or when the invitations lapse. */
  readonly deadline: string | null;
  /** A draw or resignation offer awaiting its answer. */
  readonly offer: Offer | null;
  /** Whether a draw may be offered in this match. */
  readonly drawAllowed: boolean;
}

/** Every field of a view, in the order it is built: what REST's `?fields=` picks from. */
export const MATCH_VIEW_FIELDS = [
  "id", "ruleset", "status", "version", "seats", "sides", "seat", "side", "toMove", "toAct", "phase", "awaiting", "dice", "legalMoves",
  "state", "winner", "result", "diceCommitment", "diceSeed", "createdAt", "updatedAt", "seating", "clock", "deadline", "offer", "drawAllowed",
] as const satisfies readonly (keyof MatchView)[];
export type MatchViewField = (typeof MATCH_VIEW_FIELDS)[number];

/** Builds the view; the ruleset lists legal moves once, and only for a seat that may act. */
export function toMatchView(match: MatchState, seat: number | null): MatchView {
  const ruleset = getRuleset(match.ruleset);
  const finished = match.status === "FINISHED";
  const turn: Turn = finished ? { phase: "over", awaiting: "over" } : ruleset.turn(match.game);
  // Nobody may act while a seat is open: the match has not started.
  const toAct = openSeats(match.seating).length > 0 ? [] : actingSeats(turn);
  const sides = ruleset.sides(match.game);
  return {
    id: match.id,
    ruleset: match.ruleset,
    status: match.status,
    version: match.version,
    seats: match.seats,
    sides,
    seat,
    side: seat === null ? null : sideOfSeat(sides, seat),
    toMove: toAct.length === 1 ? toAct[0]! : null,
    toAct,
    phase: turn.phase,
    awaiting: turn.awaiting,
    dice: ruleset.dice === "d6" ? ruleset.diceLeft(match.game) : null,
    legalMoves: seat !== null && toAct.includes(seat) ? (ruleset.legalMoves(match.game, seat) as Json[]) : [],
    state: ruleset.view(match.game, seat),
    winner: match.outcome?.winner ?? null,
    result: match.outcome ? (match.outcome as unknown as Json) : null,
    diceCommitment: match.diceCommitment,
    diceSeed: match.diceSeed,
    createdAt: match.createdAt,
    updatedAt: match.updatedAt,
    seating: match.seating.map((s, seat) => ({ seat, player: s.player, open: s.open !== null, invitationExpiresAt: s.open?.expiresAt ?? null, reservedFor: s.open?.reservedFor ?? null })),
    clock: match.clock ? { ...match.clock.control, seats: seatDeadlines(match.clock).map((deadline, seat) => ({ seat, deadline, bankSeconds: Math.floor(match.clock!.bankMs[seat]! / 1000) })) } : null,
    deadline: dueOf(match)?.at ?? null,
    offer: match.offer,
    drawAllowed: !finished && (ruleset.drawAllowed?.(match.game) ?? false),
  };
}
