import { invariantProblems } from "../../engine/gol/invariants.js";
import { LOSS_REASONS, TURN_END_REASONS } from "../../engine/gol/notes.js";
import { MAX_MIN_SECONDARY, MAX_MINUTES_PER_HALF } from "../../engine/gol/options.js";
import type { GolState } from "../../engine/gol/state.js";
import { intFlag, type SelfplayProfile } from "./profile.js";

type NoteData = { type: string; [key: string]: unknown };

const share = (n: number, of: number): string => `${of === 0 ? "0.0" : ((100 * n) / of).toFixed(1)}%`;

/**
 * Gol self-play between football bots: goals per game, results, how possession changed hands
 * (a tackle, both sides touching, a double touch, or a kickoff handing it over), the restarts and
 * fouls (Gol's only set piece is the kickoff, after a goal or at half time; trips and pushes are
 * its fouls and shoves), and how many tempos the turns took and how they ended.
 */
export const golProfile: SelfplayProfile = {
  flags: {
    minutes: { default: "10", help: `M (minutes per half, 1-${MAX_MINUTES_PER_HALF})` },
    "min-secondary": { default: "4", help: `N (secondary tempos before endTurn, 0-${MAX_MIN_SECONDARY})` },
  },
  setup(flags) {
    const minutesPerHalf = intFlag(flags.minutes, "minutes", 1, MAX_MINUTES_PER_HALF);
    if (typeof minutesPerHalf === "string") return minutesPerHalf;
    const minSecondary = intFlag(flags["min-secondary"], "min-secondary", 0, MAX_MIN_SECONDARY);
    if (typeof minSecondary === "string") return minSecondary;
    return { options: { minutesPerHalf, minSecondary } };
  },
  title: (_flags, options) => `minutes=${String(options.minutesPerHalf)} minSecondary=${String(options.minSecondary)}`,
  levels: ["tactical"],
  invariants: (state, before) => invariantProblems(state.game as GolState, before?.game as GolState | undefined),
  tally() {
    const results = { home: 0, away: 0, draw: 0 };
    const goals = { home: 0, away: 0, own: 0 };
    const changes: Record<string, number> = { ...Object.fromEntries(LOSS_REASONS.map((r) => [r, 0])), kickoff: 0 };
    const ends: Record<string, number> = Object.fromEntries(TURN_END_REASONS.map((r) => [r, 0]));
    const kickoffs: Record<string, number> = { goal: 0, secondHalf: 0 };
    const fouls = { trip: 0, push: 0 };
    let turns = 0;
    let tempos = 0;
    return {
      add({ log, final }) {
        const game = final.game as GolState;
        results[game.score.home > game.score.away ? "home" : game.score.away > game.score.home ? "away" : "draw"]++;
        goals.home += game.score.home;
        goals.away += game.score.away;
        goals.own += game.goals.filter((g) => g.by !== g.side).length;
        let possession = "home";
        for (const event of log) {
          if (event.type !== "MovePlayed") continue;
          for (const note of (event.data.notes ?? []) as NoteData[]) {
            if (note.type === "possessionLost") {
              changes[note.reason as string]!++;
              possession = note.to as string;
            } else if (note.type === "trip" || note.type === "push") {
              fouls[note.type]++;
            } else if (note.type === "kickoff") {
              kickoffs[note.reason as string] = (kickoffs[note.reason as string] ?? 0) + 1;
              if (note.side !== possession) changes.kickoff!++;
              possession = note.side as string;
            } else if (note.type === "turnEnded") {
              turns++;
              tempos += note.tempos as number;
              ends[note.reason as string]!++;
            }
          }
        }
      },
      summary(games) {
        const total = goals.home + goals.away;
        const changed = Object.values(changes).reduce((a, b) => a + b, 0);
        return (
          `goals/game ${(total / games).toFixed(2)} (home ${goals.home}, away ${goals.away}, own goals ${goals.own}), ` +
          `home/away/draw ${share(results.home, games)}/${share(results.away, games)}/${share(results.draw, games)}, ` +
          `possession changes/game ${(changed / games).toFixed(1)} (${Object.entries(changes).map(([cause, n]) => `${cause} ${n}`).join(", ")}), ` +
          `kickoffs/game ${((kickoffs.goal! + kickoffs.secondHalf!) / games).toFixed(2)} (after a goal ${kickoffs.goal}, second half ${kickoffs.secondHalf}), ` +
          `trips/game ${(fouls.trip / games).toFixed(2)}, pushes/game ${(fouls.push / games).toFixed(2)}, ` +
          `tempos/turn ${(tempos / Math.max(1, turns)).toFixed(2)} over ${turns} turns (ended by ${Object.entries(ends).map(([why, n]) => `${why} ${share(n, turns)}`).join(", ")})`
        );
      },
    };
  },
};
