import { parseMove } from "../../src/engine/backgammon/notation.js";
import type { Play } from "../../src/engine/backgammon/plays.js";
import type { Position } from "../../src/engine/backgammon/position.js";
import { searchedPlay } from "../../src/engine/backgammon/resolve.js";
import { err, type Result, type RuleError } from "../../src/engine/result.js";

/**
 * How a written move was resolved before the quick match against the listed plays: always by
 * searching its realisations, matched against every play's key (`bench/suites/backgammon-plays.ts`
 * runs it next to `resolveMove`).
 */
export function resolveMoveV1(pos: Position, dice: readonly [number, number], plays: readonly Play[], text: string): Result<Play, RuleError> {
  const parsed = parseMove(text);
  if (!parsed.ok) return parsed;
  if (plays.length === 0) return err({ reason: "NOT_A_LEGAL_PLAY", message: "no play is possible with this roll; the turn passes" });
  return searchedPlay(pos, dice, plays, plays, parsed.value, text);
}
