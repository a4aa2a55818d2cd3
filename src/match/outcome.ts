import type { Json, RulesetOutcome, Side } from "../engine/ruleset.js";

/** How a match ended, as MatchFinished records it and every view shows it. */
export interface Outcome {
  /** The winning side; null for a draw or a first place shared by several sides. */
  readonly winningSide: string | null;
  /** The seats of every side that won or shares the win; empty for a draw without winners. */
  readonly winners: readonly number[];
  /** The winning seat when the winning side has exactly one seat; null otherwise. */
  readonly winner: number | null;
  /** Ruleset-specific detail for clients: points, score, ranking, how it ended. */
  readonly detail: Json;
}

export function toOutcome(outcome: RulesetOutcome, sides: readonly Side[]): Outcome {
  const won = sides.filter((s) => outcome.winningSides.includes(s.side));
  const winningSide = won.length === 1 ? won[0]!.side : null;
  const winners = won.flatMap((s) => s.seats);
  return { winningSide, winners, winner: winningSide !== null && winners.length === 1 ? winners[0]! : null, detail: outcome.detail };
}

/** Logs written before sides existed record `{winner, winners, detail}`: the side follows from them. */
export function upgradeOutcome(stored: Outcome | Omit<Outcome, "winningSide">, sides: readonly Side[]): Outcome {
  if ("winningSide" in stored) return stored;
  const won = sides.filter((s) => s.seats.some((seat) => stored.winners.includes(seat)));
  return { ...stored, winningSide: won.length === 1 ? won[0]!.side : null };
}
