import { getRuleset } from "../engine/registry.js";
import type { Json } from "../engine/ruleset.js";
import type { MatchState, MatchStatus } from "../match/state.js";

/** A match as one viewer may see it: a seat (its token) or a spectator (seat null). */
export interface MatchView {
  readonly id: string;
  readonly ruleset: string;
  readonly status: MatchStatus;
  readonly version: number;
  readonly seats: number;
  /** The viewer's own seat, null for spectators. */
  readonly seat: number | null;
  readonly toMove: number | null;
  readonly dice: number[] | null;
  /** Every action the viewer may take now; empty unless the viewer is the seat to act. */
  readonly legalMoves: Json[];
  readonly state: Json;
  readonly winner: number | null;
  readonly result: Json | null;
  readonly diceCommitment: string;
  readonly diceSeed: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export function toMatchView(match: MatchState, seat: number | null): MatchView {
  const ruleset = getRuleset(match.ruleset);
  const turn = ruleset.turn(match.game);
  const actors = turn.phase === "move" ? [turn.seat] : turn.phase === "roll" ? turn.seats : [];
  const toMove = actors.length === 1 ? (actors[0] ?? null) : null;
  const mayAct = seat !== null && actors.includes(seat) && match.status !== "FINISHED";
  return {
    id: match.id,
    ruleset: match.ruleset,
    status: match.status,
    version: match.version,
    seats: match.seats,
    seat,
    toMove,
    dice: ruleset.dice(match.game),
    legalMoves: mayAct ? (ruleset.legalMoves(match.game) as Json[]) : [],
    state: ruleset.view(match.game, seat),
    winner: match.outcome?.winner ?? null,
    result: match.outcome ? (match.outcome as unknown as Json) : null,
    diceCommitment: match.diceCommitment,
    diceSeed: match.diceSeed,
    createdAt: match.createdAt,
    updatedAt: match.updatedAt,
  };
}
