import type { EstafetaState } from "./state.js";

/**
 * Ends the turn in progress: the next seat rolls, unless the round limit is reached (Fine points: checked at the end of a turn, passes count, a turn is never cut short).
 */
export function endTurn(state: EstafetaState): EstafetaState {
  const turns = state.turns + 1;
  if (turns >= state.maxRounds * state.teams) return { ...state, turns, stage: "over", ended: "maxRounds", dice: null, visited: [] };
  return { ...state, turns, toMove: (state.toMove + 1) % state.teams, dice: null, visited: [] };
}

/** Rounds completed (a round = one turn of every team). */
export const roundsPlayed = (state: EstafetaState): number => Math.floor(state.turns / state.teams);
