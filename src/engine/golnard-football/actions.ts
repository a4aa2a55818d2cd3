import { CELLS, halfOf, isGoalZone, isPenaltyArea } from "./board.js";
import { actingSeat } from "./context.js";
import { refuse } from "./errors.js";
import { finishTurn, withTurnMarks } from "./flow.js";
import { eachAction, hasAction } from "./generate.js";
import type { FootballMove } from "./move-schema.js";
import { endPenalty } from "./resolve.js";
import { occupancy, type FootballState, type TurnStage } from "./state.js";
import { ok, type Result } from "../result.js";
import type { Note, Pass } from "../ruleset.js";

export { play } from "./resolve.js";

/**
 * Facts an action can produce, recorded with it (see the rules reference for each one's data).
 * Awards name the side that takes the set piece; `converted` marks an award that went to the
 * other side because the side that earned it was already taking an extra turn.
 */
export const NOTES = [
  "goal",
  "catch",
  "out",
  "throwInAwarded",
  "cornerAwarded",
  "goalKickAwarded",
  "penaltyAwarded",
  "kickoff",
  "converted",
  "extraTurn",
  "passBonusLapsed",
  "offside",
  "forcedExit",
  "ballDropped",
  "diceLapsed",
  "penaltySaved",
  "penaltyMissed",
  "halfTime",
  "fullTime",
  "shootoutStarted",
  "shootoutKick",
  "matchOver",
] as const;
export type NoteType = (typeof NOTES)[number];

/** Every distinct legal action of `seat` now (walks without their path: the engine records one). */
export function legalMoves(s: FootballState, seat: number): FootballMove[] {
  const out: FootballMove[] = [];
  eachAction(s, seat, (m) => void out.push(m));
  return out;
}

/**
 * The automatic pass: the acting seat has no legal action at all (right after a roll, or a
 * placement with no cell). A die that lapses in the middle of a turn is handled inside `play`,
 * which ends the turn with a `diceLapsed` note.
 */
export function mustPass(s: FootballState): Pass | null {
  if (s.stage.kind !== "turn" || s.stage.step === "roll") return null;
  const seat = actingSeat(s)!;
  return hasAction(s, seat) ? null : { seat, reason: "NO_LEGAL_MOVE" };
}

/**
 * Applies the pass `mustPass` asked for: the roll lapses and the other side moves; a goal kick with
 * no free cell in the goalkeeper zone puts the ball on the first free cell of the penalty area
 * (then of the half); a penalty with no cell for the ball is a miss.
 */
export function pass(s: FootballState, notes: Note[]): Result<FootballState> {
  if (s.stage.kind === "over") return refuse("GAME_OVER", "the match is over");
  if (s.stage.kind !== "turn" || s.stage.step === "roll") return refuse("NOTHING_TO_PASS", "nothing to pass: no roll is being played");
  const t: TurnStage = s.stage;
  if (hasAction(s, actingSeat(s)!)) return refuse("LEGAL_MOVE_EXISTS", "a legal action exists");
  switch (t.step) {
    case "place": {
      const occ = occupancy(s.tokens);
      const free = (inArea: boolean) => {
        for (let c = 0; c < CELLS; c++) if (occ[c] === 0 && halfOf(c) === t.side && !isGoalZone(c) && (!inArea || isPenaltyArea(c))) return c;
        return -1;
      };
      const at = free(true) >= 0 ? free(true) : free(false);
      return ok(withTurnMarks({ ...s, ball: at, stage: { ...t, step: "roll" } }, notes));
    }
    case "move":
      if (t.play !== "penalty" && t.play !== "shootout") return ok(finishTurn(s, { kind: "next" }, notes));
      return ok(endPenalty(s, false, notes));
    default:
      return ok(endPenalty(s, false, notes));
  }
}
