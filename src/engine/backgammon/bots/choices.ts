import { currentPlays } from "../actions.js";
import { formatSteps } from "../notation.js";
import { playPosition, type Play } from "../plays.js";
import type { Position } from "../position.js";
import type { BackgammonState } from "../state.js";

/** A legal move of the seat on roll with the position it reaches (the mover still "on roll"). */
export interface Choice {
  readonly move: string;
  readonly after: Position;
}

/**
 * The moves a bot was given, each with the position it leads to. `legalMoves` lists the plays of
 * `currentPlays` in their notation, so the notation finds the play back; a move that is not one
 * of the current plays (none should be) is left out rather than guessed.
 */
export function choicesOf(state: BackgammonState, moves: readonly string[]): Choice[] {
  const byMove = new Map<string, Play>();
  for (const play of currentPlays(state) ?? []) byMove.set(formatSteps(play.steps), play);
  const out: Choice[] = [];
  for (const move of moves) {
    const play = byMove.get(move);
    if (play) out.push({ move, after: playPosition(play) });
  }
  return out;
}

/** The 21 distinct rolls and how many of the 36 dice outcomes give each. */
export const ROLLS: readonly { readonly dice: readonly [number, number]; readonly weight: number }[] = (() => {
  const rolls: { dice: [number, number]; weight: number }[] = [];
  for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) rolls.push({ dice: [b, a], weight: a === b ? 1 : 2 });
  return rolls;
})();
