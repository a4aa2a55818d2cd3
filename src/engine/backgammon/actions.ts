import { ok, type Result, type RuleError } from "../result.js";
import type { Note, Pass, Played } from "../ruleset.js";
import { fromPosition, toPosition } from "./board.js";
import { cubeRefusal } from "./cube.js";
import { checkDice } from "../common/dice.js";
import { resolveOpening } from "../common/opening.js";
import { refuse } from "./errors.js";
import { finishGame, nextTurn } from "./game-end.js";
import { formatSteps } from "./notation.js";
import { diceToPlay, legalPlays, playPosition, type Play } from "./plays.js";
import { BAR, CHECKERS, toBuffer } from "./position.js";
import { canStep } from "./step.js";
import { resolveMove } from "./resolve.js";
import { resultType } from "./scoring.js";
import { otherSeat, SEATS, type Seat } from "./seats.js";
import type { BackgammonState } from "./state.js";

export const NOTES = ["hit", "gameFinished"] as const;

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

/** The seat that acts now: the one on roll, or its opponent answering a double; null otherwise. */
export function actingSeat(state: BackgammonState): Seat | null {
  const { game } = state;
  if (game.phase === "roll" || game.phase === "move") return game.onRoll;
  if (game.phase === "doubled") return otherSeat(game.onRoll!);
  return null;
}

export function legalMoveList(state: BackgammonState, seat: number): string[] {
  if (actingSeat(state) !== seat) return [];
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

export function applyDice(state: BackgammonState, dice: readonly number[]): Result<BackgammonState, RuleError> {
  const { game } = state;
  const checked = checkDice(dice, game.phase === "opening" || game.phase === "roll" ? 2 : 0);
  if (!checked.ok) return checked;
  const roll: [number, number] = [dice[0]!, dice[1]!];
  if (game.phase === "roll") return ok({ ...state, game: { ...game, phase: "move", dice: roll } });
  // Opening roll: die 0 is seat 0's, die 1 seat 1's; a tie is rolled again, otherwise the higher
  // seat plays both dice at once.
  const { starter } = resolveOpening(SEATS, roll);
  if (starter === null) return ok({ ...state, game: { ...game, dice: roll } });
  return ok({ ...state, game: { ...game, phase: "move", onRoll: starter as Seat, dice: roll } });
}

/** The move as recorded, with a `gameFinished` note when it ended a game of the match. */
function played(before: BackgammonState, after: BackgammonState, move: string, notes: Note[] = []): Result<Played<BackgammonState, string>, RuleError> {
  const last = after.games[after.games.length - 1];
  if (after.games.length === before.games.length || !last) return ok({ state: after, move, notes });
  return ok({ state: after, move, notes: [...notes, { type: "gameFinished", ...last, score: [...after.score] }] });
}

/**
 * Plays a move of `seat`. The log records it as `legalMoves` lists it: `13/8 24/18` becomes
 * `24/18 13/8`, `8/7 13/7` becomes `13/7 8/7`, `bar/22` becomes `bar/22*` when it hits; cube
 * actions are written `double`, `take`, `drop`.
 */
export function play(state: BackgammonState, seat: number, move: string): Result<Played<BackgammonState, string>, RuleError> {
  const { game } = state;
  if (game.phase !== "over" && game.phase !== "opening" && actingSeat(state) !== seat) {
    return refuse("NOT_YOUR_TURN", `seat ${actingSeat(state)} is to act`);
  }
  const cube = asCubeAction(move);
  switch (game.phase) {
    case "over":
      return refuse("GAME_OVER", "the match is over");
    case "opening":
      return cube
        ? refuse("CUBE_NOT_AVAILABLE", state.options.cube ? "no doubling before the opening roll" : "the doubling cube is not used in this match")
        : refuse("NO_DICE", "the opening roll comes first");
    case "roll": {
      if (cube !== "double") {
        if (!cube) return refuse("NO_DICE", "roll the dice first");
        return refuse("CUBE_NOT_AVAILABLE", state.options.cube ? "no double has been offered" : "the doubling cube is not used in this match");
      }
      const why = cubeRefusal(state);
      if (why) return refuse("CUBE_NOT_AVAILABLE", why);
      return played(state, { ...state, game: { ...game, phase: "doubled" } }, cube);
    }
    case "doubled": {
      const doubler = game.onRoll!;
      if (cube === "take") {
        const taken = { value: game.cube.value * 2, owner: otherSeat(doubler) };
        return played(state, { ...state, game: { ...game, cube: taken, phase: "roll" } }, cube);
      }
      if (cube === "drop") return played(state, finishGame(state, game.board, doubler, "drop"), cube);
      return refuse("CUBE_DECISION_PENDING", "a double is offered: answer take or drop");
    }
    case "move": {
      if (cube) {
        return refuse("CUBE_NOT_AVAILABLE", state.options.cube ? "cube actions are only possible before rolling" : "the doubling cube is not used in this match");
      }
      const mover = game.onRoll!;
      const position = toPosition(game.board, mover);
      const plays = currentPlays(state) ?? [];
      const chosen = resolveMove(position, game.dice!, plays, move);
      if (!chosen.ok) return chosen;
      const { steps } = chosen.value;
      const board = fromPosition(playPosition(chosen.value), mover);
      const hits = steps.filter((s) => s.hit).length;
      const notes: Note[] = hits > 0 ? [{ type: "hit", checkers: hits }] : [];
      const next = board.off[mover] === CHECKERS ? finishGame(state, board, mover, resultType(board, mover)) : nextTurn(state, board, mover);
      return played(state, next, formatSteps(steps), notes);
    }
  }
}

/** True when some checker of the seat that rolled can move by some die: no full play list needed. */
function canPlayAnyDie(state: BackgammonState): boolean {
  const { game } = state;
  const b = toBuffer(toPosition(game.board, game.onRoll!));
  for (const die of new Set(diceToPlay(game.dice!))) {
    for (let from = BAR; from >= 0; from--) if (canStep(b, from, die)) return true;
  }
  return false;
}

/** A roll that cannot be played at all is passed (RULES: a turn with no legal play passes). */
export function mustPass(state: BackgammonState): Pass | null {
  const { game } = state;
  if (game.phase !== "move" || game.onRoll === null || !game.dice) return null;
  return canPlayAnyDie(state) ? null : { seat: game.onRoll, reason: "NO_LEGAL_MOVE" };
}

/** The automatic pass when the roll cannot be played; refused while any play exists. */
export function pass(state: BackgammonState): Result<BackgammonState, RuleError> {
  const { game } = state;
  if (game.phase !== "move" || game.onRoll === null || !game.dice) return refuse("NOTHING_TO_PASS", "only a seat that has rolled can pass");
  if (canPlayAnyDie(state)) return refuse("LEGAL_MOVE_EXISTS", "a legal play exists; a pass is not allowed");
  return ok(nextTurn(state, game.board, game.onRoll));
}
