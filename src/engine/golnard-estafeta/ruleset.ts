import { legalMoves, mustPass, NOTES, pass, play } from "./actions.js";
import { REASONS } from "./errors.js";
import { moveSchema, optionsSchema, type EstafetaMove, type EstafetaOptions } from "./options.js";
import { standings } from "./ranking.js";
import { applyDice, diceDue, setup } from "./start.js";
import type { EstafetaState } from "./state.js";
import { roundsPlayed } from "./turns.js";
import { view } from "./view.js";
import { seatSides } from "../common/sides.js";
import { defineRuleset } from "../define-ruleset.js";
import type { DiceRuleset, RulesetOutcome, Side, Turn } from "../ruleset.js";

const seats = (state: EstafetaState): number[] => Array.from({ length: state.teams }, (_, i) => i);

/** Team n plays seat n: its side is `team<n>`. */
export const teamSide = (team: number): string => `team${team}`;

/** What a relay waits for (`Turn.awaiting`). */
export const AWAITING = ["laneDraw", "openingRoll", "roll", "move", "over"] as const;

function turn(state: EstafetaState): Turn {
  switch (state.stage) {
    case "lanes":
      return { phase: "roll", seats: seats(state), count: diceDue(state), awaiting: "laneDraw" };
    case "opening":
      return { phase: "roll", seats: [...state.tied], count: state.tied.length, awaiting: "openingRoll" };
    case "play":
      return state.dice === null
        ? { phase: "roll", seats: [state.toMove], count: 2, awaiting: "roll" }
        : { phase: "move", seats: [state.toMove], awaiting: "move" };
    case "over":
      return { phase: "over", awaiting: "over" };
  }
}

/**
 * The winner is the first team with four tokens finished; at the round limit the ranking
 * decides (Stalls): a team alone at the top wins, a tie at the top is a draw shared by the tied
 * teams (no single winning side, the tied teams listed).
 */
function outcome(state: EstafetaState): RulesetOutcome | null {
  if (state.stage !== "over" || state.ended === null) return null;
  const ranking = standings(state);
  const top = ranking.filter((r) => r.place === 1).map((r) => r.seat);
  return {
    winningSides: top.map(teamSide),
    detail: {
      reason: state.ended,
      result: top.length === 1 ? "win" : "draw",
      rounds: roundsPlayed(state),
      ranking: ranking.map((r) => ({ ...r })),
    },
  };
}

const sides = (state: EstafetaState): Side[] => seatSides(seats(state).map(teamSide));

/** The relay race: sprint (one lap) or stayer (four laps). */
export const golnardEstafeta: DiceRuleset<EstafetaOptions, EstafetaState, EstafetaMove> = defineRuleset({
  id: "golnard-estafeta",
  dice: "d6",
  stateVersion: 1,
  rulesVersion: 1,
  optionsSchema,
  moveSchema,
  awaiting: AWAITING,
  notes: NOTES,
  reasons: REASONS,
  setup,
  sides,
  turn,
  applyDice,
  legalMoves,
  // A token of the team, by its letter.
  pieceOf: (move) => move.token,
  play,
  mustPass,
  pass,
  diceLeft: (state) => (state.stage === "play" && state.dice ? [...state.dice] : null),
  view,
  outcome,
});
