import { BAR, CHECKERS, pipCount, sideTotal, START_POSITION, type Position } from "./position.js";
import type { Seat } from "./seats.js";

/**
 * The board as stored in the match state, from a neutral point of view: `points[i]` is point i+1
 * counted from seat 0's side (seat 0 bears off below point 1, seat 1 below point 24), positive for
 * seat 0's checkers and negative for seat 1's. Seat 1 calls the same point 24 - i.
 */
export interface Board {
  readonly points: readonly number[];
  readonly bar: readonly [number, number];
  readonly off: readonly [number, number];
}

/** The point index of `seat`'s own point `ownIndex` (0-based) in the neutral `points` array. */
export const neutralIndex = (seat: Seat, ownIndex: number): number => (seat === 0 ? ownIndex : 23 - ownIndex);

const sideOf = (board: Board, seat: Seat): number[] => {
  const side: number[] = [];
  for (let i = 0; i < 24; i++) {
    const n = board.points[neutralIndex(seat, i)] ?? 0;
    side.push(seat === 0 ? Math.max(n, 0) : Math.max(-n, 0));
  }
  side.push(board.bar[seat]);
  return side;
};

/** The board as gnubg sees it with `seat` on roll. */
export const toPosition = (board: Board, seat: Seat): Position => ({
  onRoll: sideOf(board, seat),
  opponent: sideOf(board, seat === 0 ? 1 : 0),
});

export function fromPosition(pos: Position, seat: Seat): Board {
  const mine = seat === 0 ? pos.onRoll : pos.opponent;
  const theirs = seat === 0 ? pos.opponent : pos.onRoll;
  const points: number[] = [];
  for (let i = 0; i < 24; i++) points.push((mine[i] ?? 0) - (theirs[23 - i] ?? 0));
  return {
    points,
    bar: [mine[BAR] ?? 0, theirs[BAR] ?? 0],
    off: [CHECKERS - sideTotal(mine), CHECKERS - sideTotal(theirs)],
  };
}

export const INITIAL_BOARD: Board = fromPosition(START_POSITION, 0);

export const pipCounts = (board: Board): [number, number] => [
  pipCount(sideOf(board, 0)),
  pipCount(sideOf(board, 1)),
];
