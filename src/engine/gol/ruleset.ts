import { mustPass, pass, play } from "./actions.js";
import { MAIN_TEMPOS } from "./context.js";
import { legalMoves } from "./legal.js";
import { moveSchema, type GolMove } from "./moves.js";
import { REASONS } from "./errors.js";
import { NOTES } from "./notes.js";
import { optionsSchema, type GolOptions } from "./options.js";
import { setup } from "./setup.js";
import { HOME_AWAY, seatOf } from "../common/home-away.js";
import { defineRuleset } from "../define-ruleset.js";
import type { GolState } from "./state.js";
import { view } from "./view.js";
import type { DicelessRuleset, RulesetOutcome, Turn } from "../ruleset.js";

/**
 * What a gol match waits for (`Turn.awaiting`):
 * - `kickoff`: the first action of a turn that starts from a kickoff position;
 * - `main`: an action of the main part (tempos 1-4);
 * - `secondary`: a secondary move (tempos 5-14) or `endTurn`;
 * - `over`: full time.
 */
export const AWAITING = ["kickoff", "main", "secondary", "over"] as const;
export type Awaiting = (typeof AWAITING)[number];

export function awaitingOf(state: GolState): Awaiting {
  const turn = state.turn;
  if (turn === null) return "over";
  if (turn.kickoff && turn.tempo === 0) return "kickoff";
  return turn.tempo < MAIN_TEMPOS ? "main" : "secondary";
}

function turn(state: GolState): Turn {
  const awaiting = awaitingOf(state);
  return state.turn === null || awaiting === "over" ? { phase: "over", awaiting: "over" } : { phase: "move", seats: [seatOf(state.turn.side)], awaiting };
}

/** Full time: the side with more goals wins; equal scores are a draw (17.18-17.19 allow it). */
function outcome(state: GolState): RulesetOutcome | null {
  if (state.turn !== null) return null;
  const { home, away } = state.score;
  const winner = home > away ? "home" : away > home ? "away" : null;
  return {
    winningSides: winner === null ? [] : [winner],
    detail: {
      result: winner === null ? "draw" : "win",
      winner,
      score: { home, away },
      goals: state.goals.map((g) => ({ ...g, ownGoal: g.by !== g.side })),
      minutesPerHalf: state.minutesPerHalf,
    },
  };
}

/** Tempo football without dice (rule 17 of the original rules). */
export const gol: DicelessRuleset<GolOptions, GolState, GolMove> = defineRuleset({
  id: "gol",
  dice: "none",
  stateVersion: 1,
  rulesVersion: 1,
  optionsSchema,
  moveSchema,
  awaiting: AWAITING,
  notes: NOTES,
  reasons: REASONS,
  setup,
  sides: HOME_AWAY,
  turn,
  legalMoves,
  // A piece of the side to act, by its number; ending the turn is the side's.
  pieceOf: (move) => ("piece" in move ? String(move.piece) : null),
  play,
  mustPass,
  pass,
  view,
  outcome,
  // Equal scores at full time are a draw (17.18-17.19), so the sides may also agree one.
  drawAllowed: () => true,
});
