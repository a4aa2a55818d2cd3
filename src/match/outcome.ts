import type { Json, RulesetOutcome, Side } from "../engine/ruleset.js";

/**
 * Why a match ended: `played` to the end of its rules, `timeout` (a seat's time ran out),
 * `resignation`, `drawAgreed`, or `aborted` (called off before every side had moved, or its
 * invitations lapsed): then it has no winner.
 */
export const OUTCOME_REASONS = ["played", "timeout", "resignation", "drawAgreed", "aborted"] as const;
export type OutcomeReason = (typeof OUTCOME_REASONS)[number];

/** How a match ended, as MatchFinished records it and every view shows it. */
export interface Outcome {
  readonly reason: OutcomeReason;
  /** The winning side; null for a draw or a first place shared by several sides. */
  readonly winningSide: string | null;
  /** The seats of every side that won or shares the win; empty for a draw without winners. */
  readonly winners: readonly number[];
  /** The winning seat when the winning side has exactly one seat; null otherwise. */
  readonly winner: number | null;
  /** Ruleset-specific detail for clients: points, score, ranking, how it ended. */
  readonly detail: Json;
}

export function toOutcome(outcome: RulesetOutcome, sides: readonly Side[], reason: OutcomeReason = "played"): Outcome {
  const won = sides.filter((s) => outcome.winningSides.includes(s.side));
  const winningSide = won.length === 1 ? won[0]!.side : null;
  const winners = won.flatMap((s) => s.seats);
  return { reason, winningSide, winners, winner: winningSide !== null && winners.length === 1 ? winners[0]! : null, detail: outcome.detail };
}

/** An outcome as older logs stored it: before sides (no `winningSide`) and before reasons (every match was played out). */
export type StoredOutcome = Omit<Outcome, "winningSide" | "reason"> & Partial<Pick<Outcome, "winningSide" | "reason">>;

/** Logs written before sides existed record `{winner, winners, detail}`: the side follows from them; before reasons, `played`. */
export function upgradeOutcome(stored: StoredOutcome, sides: readonly Side[]): Outcome {
  const reason = stored.reason ?? "played";
  if (stored.winningSide !== undefined) return { ...stored, winningSide: stored.winningSide, reason };
  const won = sides.filter((s) => s.seats.some((seat) => stored.winners.includes(seat)));
  return { ...stored, winningSide: won.length === 1 ? won[0]!.side : null, reason };
}
