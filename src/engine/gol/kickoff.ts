import { cellAt } from "./field.js";
import { KICKOFF_SPOT } from "./formations.js";
import type { Role } from "./sides.js";
import type { HomeAway } from "../common/home-away.js";
import type { GolState, TurnState } from "./state.js";

/** A fresh turn of `side`: nothing made yet, no touch counted yet. */
export const freshTurn = (side: HomeAway, role: Role, kickoff: boolean, free: boolean): TurnState => ({
  side,
  role,
  kickoff,
  free,
  tempo: 0,
  actions: [],
  chaser: null,
  dribbler: null,
  touches: [],
});

/**
 * A kickoff of `side`: both formations back, the ball on its spot, `side` in possession and
 * playing an attacking turn. It cancels a pending free-tempo exemption, not a trip's freeze.
 */
export function kickoff(state: GolState, side: HomeAway): GolState {
  const spot = KICKOFF_SPOT[side];
  return {
    ...state,
    pieces: state.formations,
    ball: cellAt(spot),
    possession: side,
    freeTempos: null,
    turn: freshTurn(side, "attack", true, false),
  };
}
