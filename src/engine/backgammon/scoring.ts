import type { Board } from "./board.js";
import { otherSeat, type Seat } from "./seats.js";

export const RESULT_TYPES = ["single", "gammon", "backgammon", "drop"] as const;
export type ResultType = (typeof RESULT_TYPES)[number];

const MULTIPLIER: Record<Exclude<ResultType, "drop">, number> = { single: 1, gammon: 2, backgammon: 3 };

/**
 * How a game won by bearing off counts: a gammon when the loser has borne off nothing, a
 * backgammon when the loser also still has a checker on the bar or in the winner's home board.
 */
export function resultType(board: Board, winner: Seat): Exclude<ResultType, "drop"> {
  const loser = otherSeat(winner);
  if (board.off[loser] > 0) return "single";
  if (board.bar[loser] > 0) return "backgammon";
  // The winner's home board is its points 1..6: neutral 1..6 for seat 0, neutral 19..24 for seat 1.
  const home = winner === 0 ? board.points.slice(0, 6) : board.points.slice(18, 24);
  const loserThere = home.some((n) => (loser === 0 ? n > 0 : n < 0));
  return loserThere ? "backgammon" : "gammon";
}

/** Points scored: the cube value times 1, 2 or 3; a dropped double scores the cube before doubling. */
export const gamePoints = (type: ResultType, cubeValue: number): number =>
  type === "drop" ? cubeValue : cubeValue * MULTIPLIER[type];
