import { ok, type Result, type RuleError } from "../result.js";
import type { Outcome, Ruleset, Turn } from "../ruleset.js";
import { applyDice, CUBE_ACTIONS, currentPlays, legalMoveList, pass, play } from "./actions.js";
import { toPosition } from "./board.js";
import { refuse } from "./errors.js";
import { formatSteps } from "./notation.js";
import { moveSchema, optionsSchema, type BackgammonMove, type BackgammonOptions } from "./options.js";
import { diceToPlay } from "./plays.js";
import { resolveMove } from "./resolve.js";
import { isSeat, otherSeat, SEATS } from "./seats.js";
import { initialState, type BackgammonState } from "./state.js";
import { view } from "./view.js";

function turn(state: BackgammonState): Turn {
  const { game } = state;
  switch (game.phase) {
    case "opening":
      return { phase: "roll", seats: [...SEATS], count: 2 };
    case "roll":
      return { phase: "roll", seats: [game.onRoll!], count: 2 };
    case "move":
      return { phase: "move", seat: game.onRoll! };
    case "doubled":
      return { phase: "move", seat: otherSeat(game.onRoll!) };
    case "over":
      return { phase: "over" };
  }
}

function outcome(state: BackgammonState): Outcome | null {
  const last = state.games[state.games.length - 1];
  if (state.game.phase !== "over" || !last) return null;
  return {
    winner: last.winner,
    winners: [last.winner],
    detail: {
      points: last.points,
      resultType: last.resultType,
      score: [...state.score],
      matchLength: state.options.matchLength,
      games: state.games.map((g) => ({ ...g })),
    },
  };
}

/**
 * The canonical notation of an accepted move, as the log records it: the element of
 * `legalMoves(state)` that the move resolves to (`13/8 24/18` becomes `24/18 13/8`, `8/7 13/7`
 * becomes `13/7 8/7`, `bar/22` becomes `bar/22*` when it hits). Cube actions are written as
 * `legalMoves` lists them (`double`, `take`, `drop`). A move `play` would refuse is returned as it is.
 */
function normalize(state: BackgammonState, move: string): string {
  const word = move.trim().toLowerCase();
  if ((CUBE_ACTIONS as readonly string[]).includes(word)) return word;
  const { game } = state;
  const plays = currentPlays(state);
  if (!plays || game.onRoll === null || !game.dice) return move;
  const chosen = resolveMove(toPosition(game.board, game.onRoll), game.dice, plays, move);
  return chosen.ok ? formatSteps(chosen.value.steps) : move;
}

function setup(input: { options: BackgammonOptions; seats?: number | undefined }): Result<BackgammonState, RuleError> {
  const seats = input.seats ?? SEATS.length;
  if (seats !== SEATS.length) return refuse("INVALID_SEATS", `backgammon is played by exactly 2 seats, not ${seats}`);
  return ok(initialState(input.options));
}

/** Standard backgammon as GNU Backgammon plays it (RULES.md §1). */
export const backgammon: Ruleset<BackgammonOptions, BackgammonState, BackgammonMove> = {
  id: "backgammon",
  optionsSchema,
  moveSchema,
  setup,
  seatCount: () => SEATS.length,
  turn,
  applyDice,
  legalMoves: legalMoveList,
  play,
  normalize,
  pass,
  dice: (state) => (state.game.phase === "move" && state.game.dice ? diceToPlay(state.game.dice) : null),
  view: (state, seat) => view(state, isSeat(seat) ? seat : null, turn(state)),
  outcome,
};
