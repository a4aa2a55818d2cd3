import { actingSeats } from "../engine/common/turn-view.js";
import { sideOfSeat } from "../engine/common/sides.js";
import { getRuleset } from "../engine/registry.js";
import type { Json, Side, Turn } from "../engine/ruleset.js";
import type { MatchState, MatchStatus } from "../match/state.js";

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
}

/** Builds the view; the ruleset lists legal moves once, and only for a seat that may act. */
export function toMatchView(match: MatchState, seat: number | null): MatchView {
  const ruleset = getRuleset(match.ruleset);
  const finished = match.status === "FINISHED";
  const turn: Turn = finished ? { phase: "over", awaiting: "over" } : ruleset.turn(match.game);
  const toAct = actingSeats(turn);
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
  };
}
