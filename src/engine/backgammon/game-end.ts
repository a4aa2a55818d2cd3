import type { Board } from "./board.js";
import { gamePoints, type ResultType } from "./scoring.js";
import { otherSeat, type Seat } from "./seats.js";
import { newGame, type BackgammonState } from "./state.js";

/** Hands the turn to the other seat, which must roll (or double) next. */
export const nextTurn = (state: BackgammonState, board: Board, mover: Seat): BackgammonState => ({
  ...state,
  game: { ...state.game, board, phase: "roll", onRoll: otherSeat(mover), dice: null },
});

/**
 * Scores a finished game and starts the next one with a fresh opening roll, or ends the match.
 * The game after a seat first reaches matchLength - 1 is the Crawford game (once per match).
 */
export function finishGame(state: BackgammonState, board: Board, winner: Seat, type: ResultType): BackgammonState {
  const cube = state.game.cube.value;
  const points = gamePoints(type, cube);
  const score: [number, number] = [state.score[0], state.score[1]];
  score[winner] += points;
  const games = [...state.games, { winner, points, resultType: type, cube, crawford: state.game.crawford }];
  const target = state.options.matchLength;
  if (score[winner] >= target) {
    return { ...state, score, games, game: { ...state.game, board, phase: "over", dice: null } };
  }
  const crawford = !state.crawfordDone && score[winner] === target - 1;
  return {
    ...state,
    score,
    games,
    crawfordDone: state.crawfordDone || crawford,
    game: newGame(state.game.number + 1, crawford),
  };
}

