import { err, ok, type Result, type RuleError } from "../result.js";
import { formatSteps } from "./notation.js";
import { legalPlays, playPosition } from "./plays.js";
import { swapSides } from "./position.js";
import { makePositionId, parsePositionId } from "./position-id.js";

export interface IdPlay {
  /** The play in standard notation, from the side of the player who rolled. */
  readonly notation: string;
  /** The position after the play as gnubg shows it then: the opponent is now on roll. */
  readonly positionId: string;
}

const isDie = (d: unknown): d is number => Number.isInteger(d) && (d as number) >= 1 && (d as number) <= 6;

/**
 * Every legal play for a gnubg Position ID (seen by the player on roll) and a roll, one per
 * distinct resulting position, for analysis tools that work on IDs without a match around them.
 */
export function playsFromPositionId(positionId: string, dice: readonly number[]): Result<IdPlay[], RuleError> {
  if (dice.length !== 2 || !dice.every(isDie)) return err({ reason: "INVALID_DICE", message: "expected two dice of 1..6" });
  const pos = parsePositionId(positionId);
  if (!pos.ok) return pos;
  return ok(
    legalPlays(pos.value, [dice[0]!, dice[1]!]).map((play) => ({
      notation: formatSteps(play.steps),
      positionId: makePositionId(swapSides(playPosition(play))),
    })),
  );
}
