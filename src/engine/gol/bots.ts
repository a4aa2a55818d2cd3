import { randomSeatBot, scoredBot, type BotFactory } from "../common/seat-bot.js";
import { scorer } from "./bot.js";
import type { GolMove } from "./moves.js";
import type { GolState } from "./state.js";

/**
 * Gol bot levels, weakest first: `random` plays any legal action; `tactical` always plays the
 * best action by `bot.ts`'s scorer (shoot when a goal is in reach, pass away from opponents,
 * push and trip opponents off the ball, tackle and close in when defending). Gol has no set
 * piece but the kickoff, which the bots take like any attacking turn.
 */
export const GOL_LEVELS = ["random", "tactical"] as const;
export type GolLevel = (typeof GOL_LEVELS)[number];

export const GOL_BOTS: { readonly [L in GolLevel]: BotFactory<GolState, GolMove> } = {
  random: (seed) => randomSeatBot(seed),
  tactical: (seed) => scoredBot(seed, (state) => scorer(state)),
};
