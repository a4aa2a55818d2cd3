import { randomSeatBot, scoredBot, type BotFactory } from "../common/seat-bot.js";
import { scorer } from "./bot.js";
import { other, sideOf } from "../common/home-away.js";
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
  // A draw is worth taking only when behind: level or ahead, the tactical side plays on to win.
  tactical: (seed) => ({
    ...scoredBot(seed, (state: GolState) => scorer(state)),
    acceptDraw: (state, seat) => {
      const side = sideOf(seat);
      return side !== null && state.score[side] < state.score[other(side)];
    },
  }),
};
