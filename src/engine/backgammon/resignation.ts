import { ok, type Result, type RuleError } from "../result.js";
import type { Advanced } from "../ruleset.js";
import { refuse } from "./errors.js";
import { finishGame } from "./game-end.js";
import { isSeat, otherSeat } from "./seats.js";
import type { BackgammonState } from "./state.js";

/** What a resigning seat offers for the game, as gnubg's `resign normal|gammon|backgammon`: weakest first. */
export const RESIGNATION_VALUES = ["single", "gammon", "backgammon"] as const;
export type ResignationValue = (typeof RESIGNATION_VALUES)[number];

const isValue = (value: string): value is ResignationValue => (RESIGNATION_VALUES as readonly string[]).includes(value);

/**
 * The opponent accepted `seat`'s resignation: the game in progress is scored as won by the
 * opponent for `value` times the cube (a cube offered and not yet answered counts at its value
 * before the double), and the match goes on with the next game unless that score ends it.
 */
export function concede(state: BackgammonState, seat: number, value: string): Result<Advanced<BackgammonState>, RuleError> {
  if (state.game.phase === "over") return refuse("GAME_OVER", "the match is over");
  if (!isSeat(seat)) return refuse("NOT_YOUR_TURN", `backgammon has no seat ${seat}`);
  if (!isValue(value)) return refuse("UNPARSEABLE_MOVE", `a resignation offers ${RESIGNATION_VALUES.join(", ")}, not "${value}"`);
  return ok({ state: finishGame(state, state.game.board, otherSeat(seat), value), notes: [] });
}
