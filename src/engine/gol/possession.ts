import { adjacent, type Cell } from "./field.js";
import type { LossReason } from "./notes.js";
import type { GolState, TurnState } from "./state.js";
import { other } from "../common/home-away.js";

/** "Touch" = standing next to the ball. The numbers of a side's pieces that touch it. */
export const touching = (pieces: readonly Cell[], ball: Cell): number[] => {
  const out: number[] = [];
  pieces.forEach((c, i) => {
    if (adjacent(c, ball)) out.push(i + 1);
  });
  return out;
};

export interface CheckResult {
  readonly loss: LossReason | null;
  /** The opposing pieces this check counts toward a double touch at the next one. */
  readonly touches: readonly number[];
  /** Opposing pieces touching the ball now (for the note). */
  readonly opponents: readonly number[];
}

/**
 * The check after each complete action of an attacking turn (17.14, 17.23-17.25): a loss when
 * both sides touch the ball, or when one opposing piece touched it at this check and at the
 * turn's previous counted one (the double touch; the ball may have moved in between). In the free
 * tempos (17.27: checks after actions ending at tempos 1-3 of the new possessor's first attacking
 * turn) the double touch is not judged and their touches are not counted.
 */
export function check(state: GolState, turn: TurnState): CheckResult {
  const own = touching(state.pieces[turn.side], state.ball);
  const opponents = touching(state.pieces[other(turn.side)], state.ball);
  const free = turn.free && turn.tempo <= 3;
  if (own.length > 0 && opponents.length > 0) return { loss: "bothTouching", touches: opponents, opponents };
  if (!free && opponents.some((n) => turn.touches.includes(n))) return { loss: "doubleTouch", touches: opponents, opponents };
  return { loss: null, touches: free ? [] : opponents, opponents };
}
