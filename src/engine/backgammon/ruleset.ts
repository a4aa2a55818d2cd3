import { defineRuleset } from "../define-ruleset.js";
import { ok, type Result, type RuleError } from "../result.js";
import type { DiceRuleset, RulesetOutcome, Turn } from "../ruleset.js";
import { actingSeat, applyDice, legalMoveList, mustPass, NOTES, pass, play } from "./actions.js";
import { REASONS, refuse } from "./errors.js";
import { moveSchema, optionsSchema, type BackgammonMove, type BackgammonOptions } from "./options.js";
import { diceToPlay } from "./plays.js";
import { concede, RESIGNATION_VALUES } from "./resignation.js";
import { isSeat, SEATS } from "./seats.js";
import { initialState, type BackgammonState } from "./state.js";
import { view } from "./view.js";

/** Seat 0 plays white, seat 1 black (gnubg's players 0 and 1). */
export const SIDES = ["white", "black"] as const;

/** What a backgammon match waits for (`Turn.awaiting`). */
export const AWAITING = ["openingRoll", "roll", "move", "takeOrDrop", "over"] as const;

function turn(state: BackgammonState): Turn {
  const { game } = state;
  switch (game.phase) {
    case "opening":
      return { phase: "roll", seats: [...SEATS], count: 2, awaiting: "openingRoll" };
    case "roll":
      return { phase: "roll", seats: [game.onRoll!], count: 2, awaiting: "roll" };
    case "move":
      return { phase: "move", seats: [game.onRoll!], awaiting: "move" };
    case "doubled":
      return { phase: "move", seats: [actingSeat(state)!], awaiting: "takeOrDrop" };
    case "over":
      return { phase: "over", awaiting: "over" };
  }
}

function outcome(state: BackgammonState): RulesetOutcome | null {
  const last = state.games[state.games.length - 1];
  if (state.game.phase !== "over" || !last) return null;
  return {
    winningSides: [SIDES[last.winner]],
    detail: {
      points: last.points,
      resultType: last.resultType,
      score: [...state.score],
      matchLength: state.options.matchLength,
      games: state.games.map((g) => ({ ...g })),
    },
  };
}

function setup(input: { options: BackgammonOptions; seats?: number | undefined }): Result<BackgammonState, RuleError> {
  const seats = input.seats ?? SEATS.length;
  if (seats !== SEATS.length) return refuse("INVALID_SEATS", `backgammon is played by exactly 2 seats, not ${seats}`);
  return ok(initialState(input.options));
}

/** Standard backgammon as GNU Backgammon plays it. */
export const backgammon: DiceRuleset<BackgammonOptions, BackgammonState, BackgammonMove> = defineRuleset({
  id: "backgammon",
  dice: "d6",
  stateVersion: 1,
  rulesVersion: 1,
  optionsSchema,
  moveSchema,
  awaiting: AWAITING,
  notes: NOTES,
  reasons: REASONS,
  setup,
  sides: SIDES,
  turn,
  applyDice,
  legalMoves: legalMoveList,
  play,
  mustPass,
  pass,
  diceLeft: (state) => (state.game.phase === "move" && state.game.dice ? diceToPlay(state.game.dice) : null),
  view: (state, seat, turn) => view(state, isSeat(seat) ? seat : null, turn),
  outcome,
  // No draws in backgammon; a game may be resigned for one, two or three times the cube.
  resignationValues: RESIGNATION_VALUES,
  concede,
});
