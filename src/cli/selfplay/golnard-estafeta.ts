import { progressBot } from "../../engine/golnard-estafeta/bot.js";
import { invariantProblems } from "../../engine/golnard-estafeta/invariants.js";
import { MAX_TEAMS, MIN_TEAMS, VARIANTS } from "../../engine/golnard-estafeta/options.js";
import type { EstafetaState } from "../../engine/golnard-estafeta/state.js";
import { botChooser } from "../../match/playout.js";
import { intFlag, type SelfplayProfile } from "./profile.js";

/** Relay self-play between progress bots: finishes, round-limit endings and wins by lane. */
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
  chooser: (seed) => botChooser(progressBot(seed)),
  invariants: (state, before) => invariantProblems(state.game as EstafetaState, before?.game as EstafetaState | undefined),
  tally() {
    const winsByLane = [0, 0, 0, 0, 0];
    let finished = 0;
    let draws = 0;
    let totalTurns = 0;
    let longest = { turns: -1, game: -1 };
    return {
      add({ final }, index) {
        const game = final.game as EstafetaState;
        if (game.ended === "finished") finished++;
        const winner = final.outcome?.winner ?? null;
        if (winner === null) draws++;
        else winsByLane[game.lanes[winner]! - 1]!++;
        totalTurns += game.turns;
        if (game.turns > longest.turns) longest = { turns: game.turns, game: index };
      },
      summary(games) {
        const rates = winsByLane.map((w, i) => `${i + 1}:${((100 * w) / games).toFixed(1)}%`).join(" ");
        return (
          `${finished} finished (${games - finished} at maxRounds, ${draws} drawn), avg turns ${(totalTurns / games).toFixed(1)}, ` +
          `longest ${longest.turns} turns (game ${longest.game}), wins by lane ${rates}`
        );
      },
    };
  },
};
