import type { Result, RuleError } from "../../src/engine/result.js";
import type { AnyRuleset } from "../../src/engine/ruleset.js";

/* Engine tests act "for whoever acts now", as a client holding every seat would. */

/** The seat that acts now (the first of several), as a client holding every seat would pick. */
export const actorOf = (ruleset: AnyRuleset, state: unknown): number => {
  const turn = ruleset.turn(state);
  return turn.phase === "over" ? 0 : turn.seats[0]!;
};

/** `play` for whoever acts now, as a Result of the next state (the recorded move is checked elsewhere). */
export function playNow<S>(ruleset: AnyRuleset, state: S, move: unknown): Result<S, RuleError> {
  const played = ruleset.play(state, actorOf(ruleset, state), move);
  return played.ok ? { ok: true, value: played.value.state as S } : played;
}

/** The legal moves of whoever acts now. */
export const movesNow = <M = unknown>(ruleset: AnyRuleset, state: unknown): M[] => ruleset.legalMoves(state, actorOf(ruleset, state)) as M[];

/** The form of `move` the log records (as `legalMoves` lists it), or the refusal reason. */
export function recorded(ruleset: AnyRuleset, state: unknown, move: unknown): unknown {
  const played = ruleset.play(state, actorOf(ruleset, state), move);
  return played.ok ? played.value.move : played.error.reason;
}

/** The winning seat of a one-seat-per-side ruleset's outcome. */
export const winningSeat = (ruleset: AnyRuleset, state: unknown): number | null => {
  const outcome = ruleset.outcome(state);
  const side = outcome?.winningSides.length === 1 ? outcome.winningSides[0] : undefined;
  return ruleset.sides(state).find((s) => s.side === side)?.seats[0] ?? null;
};

/** `applyDice` as a Result of the next state (its notes are checked where they matter). */
export function rollNow<S>(ruleset: AnyRuleset, state: S, dice: readonly number[]): Result<S, RuleError> {
  if (ruleset.dice === "none") throw new Error(`${ruleset.id} has no dice`);
  const rolled = ruleset.applyDice(state, dice);
  return rolled.ok ? { ok: true, value: rolled.value.state as S } : rolled;
}

/** `pass` as a Result of the next state. */
export function passNow<S>(ruleset: AnyRuleset, state: S): Result<S, RuleError> {
  const passed = ruleset.pass(state);
  return passed.ok ? { ok: true, value: passed.value.state as S } : passed;
}
