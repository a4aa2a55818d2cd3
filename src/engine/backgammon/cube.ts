import type { BackgammonState } from "./state.js";

/** The Match ID holds the cube as a 4-bit log2, so 2^15 is the largest cube that can be shared. */
export const MAX_CUBE = 2 ** 15;

/** Why the seat on roll may not double now, or null when it may. */
export function cubeRefusal(state: BackgammonState): string | null {
  const { game, options } = state;
  if (!options.cube) return "the doubling cube is not used in this match";
  if (game.phase !== "roll" || game.onRoll === null) return "a double is offered only before rolling";
  if (game.crawford) return "no doubling in the Crawford game";
  if (game.cube.owner !== null && game.cube.owner !== game.onRoll) return "the opponent owns the cube";
  if (game.cube.value >= MAX_CUBE) return "the cube is at its maximum";
  return null;
}

export const canDouble = (state: BackgammonState): boolean => cubeRefusal(state) === null;
