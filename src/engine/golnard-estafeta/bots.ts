import { randomSeatBot, scoredBot, type BotFactory } from "../common/seat-bot.js";
import { legalMoves, play } from "./actions.js";
import { progressScorer } from "./bot.js";
import type { EstafetaMove } from "./options.js";
import type { EstafetaState } from "./state.js";

/**
 * Relay bot levels, weakest first: `random` plays any legal action; `progress` plays the
 * action that, together with the best action left for the other die, brings the team furthest
 * by `bot.ts`'s progress score. Looking at both dice lets it choose which die to spend first and
 * whether to split them between two tokens; `bot.ts`'s bot judges each action alone.
 */
export const ESTAFETA_LEVELS = ["random", "progress"] as const;
export type EstafetaLevel = (typeof ESTAFETA_LEVELS)[number];

/** The score of `move` plus that of the best follow-up with the other die, if the turn goes on. */
export function twoDiceScore(state: EstafetaState, seat: number): (move: EstafetaMove) => number {
  const score = progressScorer(state);
  return (move) => {
    const first = score(move);
    if (move.die === "both" || move.to === "finish") return first;
    const next = play(state, seat, move);
    if (!next.ok || next.value.state.toMove !== seat || next.value.state.stage !== "play") return first;
    const after = next.value.state;
    const follow = legalMoves(after, seat);
    if (follow.length === 0) return first;
    const then = progressScorer(after);
    let best = -Infinity;
    for (const m of follow) best = Math.max(best, then(m));
    return first + best;
  };
}

export const ESTAFETA_BOTS: { readonly [L in EstafetaLevel]: BotFactory<EstafetaState, EstafetaMove> } = {
  random: (seed) => randomSeatBot(seed),
  progress: (seed) => scoredBot(seed, twoDiceScore),
};
