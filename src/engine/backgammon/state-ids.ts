import { toPosition } from "./board.js";
import { makeMatchId, type GnubgGameState, type MatchId } from "./match-id.js";
import { makePositionId } from "./position-id.js";
import { otherSeat, type Seat } from "./seats.js";
import type { BackgammonState } from "./state.js";

/**
 * The gnubg IDs of a match state, so a position can be pasted into gnubg (`set gnubgid`).
 * gnubg's player 0 is seat 0. Before anyone has rolled, seat 0 counts as on roll (the start
 * position is symmetric, and gnubg has no "nobody" there).
 */
const fMove = (state: BackgammonState): Seat => state.game.onRoll ?? 0;

export const statePositionId = (state: BackgammonState): string =>
  makePositionId(toPosition(state.game.board, fMove(state)));

export function stateMatchIdFields(state: BackgammonState): MatchId {
  const { game, options } = state;
  const onRoll = fMove(state);
  const last = state.games[state.games.length - 1];
  const gameState: GnubgGameState =
    game.phase === "over" ? (last?.resultType === "drop" ? "dropped" : "over") : "playing";
  const cap = (n: number): number => Math.min(n, options.matchLength);
  return {
    cubeValue: game.cube.value,
    cubeOwner: game.cube.owner,
    onRoll,
    crawford: game.crawford,
    gameState,
    turn: game.phase === "doubled" ? otherSeat(onRoll) : onRoll,
    doubled: game.phase === "doubled",
    resignation: 0,
    dice: game.phase === "move" && game.dice ? game.dice : [0, 0],
    matchLength: options.matchLength,
    // gnubg never shows a score above the match length (a gammon can overshoot it).
    score: [cap(state.score[0]), cap(state.score[1])],
    jacoby: true,
  };
}

export const stateMatchId = (state: BackgammonState): string => makeMatchId(stateMatchIdFields(state));
