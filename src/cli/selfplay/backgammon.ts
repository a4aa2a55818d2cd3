import { invariantProblems } from "../../engine/backgammon/invariants.js";
import type { BackgammonState } from "../../engine/backgammon/state.js";
import { intFlag, type SelfplayProfile } from "./profile.js";

/** Backgammon self-play between random players: each playout is a match; results by type and games per match. */
export const backgammonProfile: SelfplayProfile = {
  unit: "matches",
  flags: {
    "match-length": { default: "1", help: "N points" },
  },
  setup(flags) {
    const matchLength = intFlag(flags["match-length"], "match-length", 1, 25);
    if (typeof matchLength === "string") return matchLength;
    return { options: { matchLength } };
  },
  title: (_flags, options) => `matchLength=${String(options.matchLength ?? 1)}`,
  levels: ["random"],
  invariants: (state, before) => invariantProblems(state.game as BackgammonState, before?.game as BackgammonState | undefined),
  tally() {
    const byType: Record<string, number> = { single: 0, gammon: 0, backgammon: 0, drop: 0 };
    const wins = [0, 0];
    let games = 0;
    return {
      add({ final }) {
        const game = final.game as BackgammonState;
        for (const record of game.games) byType[record.resultType] = (byType[record.resultType] ?? 0) + 1;
        games += game.games.length;
        if (final.outcome?.winner !== null && final.outcome?.winner !== undefined) wins[final.outcome.winner]!++;
      },
      summary(matches) {
        const types = Object.entries(byType).map(([type, n]) => `${type} ${n}`).join(", ");
        return `${games} games (${(games / matches).toFixed(1)} per match; ${types}), matches won by seat 0/1: ${wins[0]}/${wins[1]}`;
      },
    };
  },
};
