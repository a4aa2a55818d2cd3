import { ok, type Result, type RuleError } from "../result.js";
import { fromPosition, toPosition } from "./board.js";
import { cubeRefusal } from "./cube.js";
import { refuse } from "./errors.js";
import { finishGame, nextTurn } from "./game-end.js";
import { formatSteps } from "./notation.js";
import { legalPlays, playPosition, type Play } from "./plays.js";
import { CHECKERS } from "./position.js";
import { resolveMove } from "./resolve.js";
import { resultType } from "./scoring.js";
import { otherSeat } from "./seats.js";
import type { BackgammonState } from "./state.js";

export const CUBE_ACTIONS = ["double", "take", "drop"] as const;
export type CubeAction = (typeof CUBE_ACTIONS)[number];
const asCubeAction = (move: string): CubeAction | null => {
  const word = move.trim().toLowerCase();
  return (CUBE_ACTIONS as readonly string[]).includes(word) ? (word as CubeAction) : null;
};

/** The legal plays of the seat to move, or null outside the move phase. */
export function currentPlays(state: BackgammonState): Play[] | null {
  const { game } = state;
  if (game.phase !== "move" || game.onRoll === null || !game.dice) return null;
  return legalPlays(toPosition(game.board, game.onRoll), game.dice);
}

export function legalMoveList(state: BackgammonState): string[] {
  switch (state.game.phase) {
    case "roll":
      return cubeRefusal(state) === null ? ["double"] : [];
    case "doubled":
      return ["take", "drop"];
    case "move":
      return (currentPlays(state) ?? []).map((p) => formatSteps(p.steps));
    default:
      return [];
  }
}

const isDie = (d: unknown): d is number => Number.isInteger(d) && (d as number) >= 1 && (d as number) <= 6;

export function applyDice(state: BackgammonState, dice: readonly number[]): Result<BackgammonState, RuleError> {
  const { game } = state;
  if (game.phase !== "opening" && game.phase !== "roll") return refuse("DICE_NOT_DUE", "no roll is due now");
  if (dice.length !== 2 || !dice.every(isDie)) return refuse("INVALID_DICE", "expected two dice of 1..6");
  const roll: [number, number] = [dice[0]!, dice[1]!];
  if (game.phase === "roll") return ok({ ...state, game: { ...game, phase: "move", dice: roll } });
  // Opening roll: die 0 is seat 0's, die 1 seat 1's; a tie is rolled again, otherwise the higher
  // seat plays both dice at once.
  if (roll[0] === roll[1]) return ok({ ...state, game: { ...game, dice: roll } });
  return ok({ ...state, game: { ...game, phase: "move", onRoll: roll[0] > roll[1] ? 0 : 1, dice: roll } });
}

export function play(state: BackgammonState, move: string): Result<BackgammonState, RuleError> {
  const { game } = state;
  const cube = asCubeAction(move);
  switch (game.phase) {
    case "over":
      return refuse("GAME_OVER", "the match is over");
    case "opening":
      return cube
        ? refuse("CUBE_NOT_AVAILABLE", "no doubling before the opening roll")
        : refuse("NO_DICE", "the opening roll comes first");
    case "roll": {
      if (cube !== "double") {
        return cube
          ? refuse("CUBE_NOT_AVAILABLE", "no double has been offered")
          : refuse("NO_DICE", "roll the dice first");
      }
      const why = cubeRefusal(state);
      if (why) return refuse("CUBE_NOT_AVAILABLE", why);
      return ok({ ...state, game: { ...game, phase: "doubled" } });
    }
    case "doubled": {
      const doubler = game.onRoll!;
      if (cube === "take") {
        const taken = { value: game.cube.value * 2, owner: otherSeat(doubler) };
        return ok({ ...state, game: { ...game, cube: taken, phase: "roll" } });
      }
      if (cube === "drop") return ok(finishGame(state, game.board, doubler, "drop"));
      return refuse("CUBE_DECISION_PENDING", "a double is offered: answer take or drop");
    }
    case "move": {
      if (cube) return refuse("CUBE_NOT_AVAILABLE", "cube actions are only possible before rolling");
      const mover = game.onRoll!;
      const position = toPosition(game.board, mover);
      const plays = currentPlays(state) ?? [];
      const chosen = resolveMove(position, game.dice!, plays, move);
      if (!chosen.ok) return chosen;
      const board = fromPosition(playPosition(chosen.value), mover);
      if (board.off[mover] === CHECKERS) return ok(finishGame(state, board, mover, resultType(board, mover)));
      return ok(nextTurn(state, board, mover));
    }
  }
}

/** The automatic pass when the roll cannot be played; refused while any play exists. */
export function pass(state: BackgammonState): Result<BackgammonState, RuleError> {
  const plays = currentPlays(state);
  if (plays === null) return refuse("NOTHING_TO_PASS", "only a seat that has rolled can pass");
  if (plays.length > 0) return refuse("LEGAL_PLAY_EXISTS", `${plays.length} legal play(s) exist; a pass is not allowed`);
  return ok(nextTurn(state, state.game.board, state.game.onRoll!));
}
