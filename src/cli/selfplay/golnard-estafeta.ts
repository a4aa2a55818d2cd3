import { invariantProblems } from "../../engine/golnard-estafeta/invariants.js";
import { MAX_TEAMS, MIN_TEAMS, VARIANTS } from "../../engine/golnard-estafeta/options.js";
import type { EstafetaState } from "../../engine/golnard-estafeta/state.js";
import { intFlag, type SelfplayProfile } from "./profile.js";

/**
 * Relay self-play between progress bots: finishes, round-limit endings, and wins by team (seat)
 * and by lane. Lanes are numbered 1-5 whatever the number of teams, so a lane races only in some
 * games when fewer than five teams draw theirs: its figure is its share of the games it raced
 * (lanes that raced in none are left out), comparable with the even share of one team.
 */
export const estafetaProfile: SelfplayProfile = {
  flags: {
    variant: { default: "sprint", help: "sprint|stayer" },
    teams: { default: "4", help: `${MIN_TEAMS}-${MAX_TEAMS}` },
    "max-rounds": { help: "R (the round limit)" },
  },
  setup(flags) {
    if (!(VARIANTS as readonly string[]).includes(flags.variant!)) return `--variant must be one of ${VARIANTS.join(", ")}`;
    const teams = intFlag(flags.teams, "teams", MIN_TEAMS, MAX_TEAMS);
    if (typeof teams === "string") return teams;
    const maxRounds = flags["max-rounds"] === undefined ? undefined : intFlag(flags["max-rounds"], "max-rounds", 1, 10_000);
    if (typeof maxRounds === "string") return maxRounds;
    return { options: { variant: flags.variant, teams, ...(maxRounds !== undefined ? { maxRounds } : {}) } };
  },
  title: (_flags, options) => `${String(options.variant ?? "sprint")} teams=${String(options.teams)}`,
  levels: ["progress"],
  invariants: (state, before) => invariantProblems(state.game as EstafetaState, before?.game as EstafetaState | undefined),
  tally() {
    let winsBySeat: number[] = [];
    const winsByLane = [0, 0, 0, 0, 0];
    const racedByLane = [0, 0, 0, 0, 0];
    let finished = 0;
    let draws = 0;
    let totalTurns = 0;
    let longest = { turns: -1, game: -1 };
    return {
      add({ final }, index) {
        const game = final.game as EstafetaState;
        if (winsBySeat.length === 0) winsBySeat = Array.from({ length: game.teams }, () => 0);
        if (game.ended === "finished") finished++;
        for (const lane of game.lanes) if (lane !== null) racedByLane[lane - 1]!++;
        const winner = final.outcome?.winner ?? null;
        if (winner === null) draws++;
        else {
          winsBySeat[winner]!++;
          winsByLane[game.lanes[winner]! - 1]!++;
        }
        totalTurns += game.turns;
        if (game.turns > longest.turns) longest = { turns: game.turns, game: index };
      },
      summary(games) {
        const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}%`;
        const bySeat = winsBySeat.map((w, seat) => `${seat}:${pct(w, games)}`).join(" ");
        const byLane = winsByLane.flatMap((w, i) => (racedByLane[i]! > 0 ? [`${i + 1}:${pct(w, racedByLane[i]!)}`] : [])).join(" ");
        return (
          `${finished} finished (${games - finished} at maxRounds, ${draws} drawn), avg turns ${(totalTurns / games).toFixed(1)}, ` +
          `longest ${longest.turns} turns (game ${longest.game}), wins by seat ${bySeat}, ` +
          `by lane (of the games it raced) ${byLane}, even ${pct(1, Math.max(1, winsBySeat.length))}`
        );
      },
    };
  },
};
