import { legalMoves, normalize, pass, play } from "./actions.js";
import { moveSchema, optionsSchema, type EstafetaMove, type EstafetaOptions } from "./options.js";
import { standings } from "./ranking.js";
import { applyDice, diceDue, setup } from "./start.js";
import type { EstafetaState } from "./state.js";
import { roundsPlayed } from "./turns.js";
import { view } from "./view.js";
import type { Outcome, Ruleset, Turn } from "../ruleset.js";

const seats = (state: EstafetaState): number[] => Array.from({ length: state.teams }, (_, i) => i);

function turn(state: EstafetaState): Turn {
  switch (state.stage) {
    case "lanes":
      return { phase: "roll", seats: seats(state), count: diceDue(state) };
    case "opening":
      return { phase: "roll", seats: [...state.tied], count: state.tied.length };
    case "play":
      return state.dice === null ? { phase: "roll", seats: [state.toMove], count: 2 } : { phase: "move", seat: state.toMove };
    case "over":
      return { phase: "over" };
  }
}

/**
 * The winner is the first team with four tokens finished; at the round limit the ranking
 * decides (RULES.md §2 Stalls): a team alone at the top wins, a tie at the top is a draw shared
 * by the tied teams (`winner` null, `winners` = the tied seats).
 */
function outcome(state: EstafetaState): Outcome | null {
  if (state.stage !== "over" || state.ended === null) return null;
  const ranking = standings(state);
  const top = ranking.filter((r) => r.place === 1).map((r) => r.seat);
  const detail = {
    reason: state.ended,
    result: top.length === 1 ? "win" : "draw",
    rounds: roundsPlayed(state),
    ranking: ranking.map((r) => ({ ...r })),
  };
  return top.length === 1 ? { winner: top[0]!, winners: top, detail } : { winner: null, winners: top, detail };
}

/** The relay race of seed 000 (RULES.md §2): sprint (one lap) or stayer (four laps). */
export const golnardEstafeta: Ruleset<EstafetaOptions, EstafetaState, EstafetaMove> = {
  id: "golnard-estafeta",
  optionsSchema,
  moveSchema,
  setup,
  seatCount: (state) => state.teams,
  turn,
  applyDice,
  legalMoves,
  play,
  normalize,
  pass,
  dice: (state) => (state.stage === "play" && state.dice ? [...state.dice] : null),
  view: (state, seat) => view(state, seat, turn(state)),
  outcome,
};
