import { CHECKERS } from "./position.js";
import { SEATS } from "./seats.js";
import type { BackgammonState } from "./state.js";

/**
 * Properties every reachable state has, checked after every command by self-play: 15 checkers a
 * side on the board, the bar and off; a match score that never shrinks and stays below the
 * match length until the match is over. Returns the problems found (empty = fine).
 */
export function invariantProblems(state: BackgammonState, before?: BackgammonState): string[] {
  const problems: string[] = [];
  const { board } = state.game;
  for (const seat of SEATS) {
    const onPoints = board.points.reduce((n, p) => n + (seat === 0 ? Math.max(p, 0) : Math.max(-p, 0)), 0);
    const total = onPoints + board.bar[seat] + board.off[seat];
    if (total !== CHECKERS) problems.push(`seat ${seat} has ${total} checkers, not ${CHECKERS}`);
    if (before && state.score[seat] < before.score[seat]) problems.push(`seat ${seat}'s score went down`);
    if (state.game.phase !== "over" && state.score[seat] >= state.options.matchLength) problems.push(`seat ${seat} reached the match length but the match goes on`);
  }
  return problems;
}
