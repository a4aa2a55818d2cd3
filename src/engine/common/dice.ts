import { ok, type Result } from "../result.js";
import { refuser } from "./reasons.js";

const refuse = refuser<never>();

export const isDie = (d: unknown): d is number => Number.isInteger(d) && (d as number) >= 1 && (d as number) <= 6;

/** The one die check: `count` dice of 1-6 (0 = no roll is due now). */
export function checkDice(dice: readonly number[], count: number): Result<readonly number[]> {
  if (count === 0) return refuse("DICE_NOT_DUE", "no roll is due now");
  if (dice.length !== count || !dice.every(isDie)) return refuse("INVALID_DICE", `expected ${count} dice of 1-6, got ${JSON.stringify(dice)}`);
  return ok(dice);
}
