import { invariantProblems } from "../../engine/golnard-football/invariants.js";
import type { FootballState } from "../../engine/golnard-football/state.js";
import { intFlag, type SelfplayProfile } from "./profile.js";

const SET_PIECES = { throwInAwarded: "throw-ins", cornerAwarded: "corners", goalKickAwarded: "goal kicks", penaltyAwarded: "penalties" } as const;
type SetPieceNote = keyof typeof SET_PIECES;

/** What led to a goal kick, from the note beside its award: a ball out over the goal line, a keeper's catch, a penalty saved or missed. */
const GOAL_KICK_CAUSES = { out: "out", catch: "catch", penaltySaved: "penalty", penaltyMissed: "penalty" } as const;
type GoalKickCause = (typeof GOAL_KICK_CAUSES)[keyof typeof GOAL_KICK_CAUSES];

/**
 * Football self-play between seeded bots: goals per game, home / away / draw shares, every set
 * piece per match (goal kicks also by cause: out of play, a catch, a penalty), extra turns, and the longest run of turns one side played in a row (never more
 * than three: the invariants check it after every command).
 */
export const footballProfile: SelfplayProfile = {
  flags: {
    "half-turns": { help: "N (ordinary turns per side per half)" },
  },
  setup(flags) {
    if (flags["half-turns"] === undefined) return { options: {} };
    const halfTurns = intFlag(flags["half-turns"], "half-turns", 1, 1000);
    return typeof halfTurns === "string" ? halfTurns : { options: { halfTurns } };
  },
  title: (_flags, options, seats) => `${String(options.mode ?? "halves")} seats=${seats || 2}`,
  levels: ["tactical"],
  invariants: (state, before) => invariantProblems(state.game as FootballState, before?.game as FootballState | undefined),
  tally() {
    let goals = 0;
    let extraTurns = 0;
    let shootouts = 0;
    const results = { home: 0, away: 0, draw: 0 };
    const pieces: Record<SetPieceNote, number> = { throwInAwarded: 0, cornerAwarded: 0, goalKickAwarded: 0, penaltyAwarded: 0 };
    const goalKicks: Record<GoalKickCause, number> = { out: 0, catch: 0, penalty: 0 };
    let longest = { run: 0, game: -1 };
    return {
      add({ final, log, states }, index) {
        const game = final.game as FootballState;
        goals += game.score[0] + game.score[1];
        if (game.shootout) shootouts++;
        const side = final.outcome?.winningSide;
        if (side === "home" || side === "away") results[side]++;
        else results.draw++;
        for (const e of log) {
          if (e.type !== "MovePlayed") continue;
          const notes = e.data.notes ?? [];
          for (const n of notes) {
            if (n.type === "extraTurn") extraTurns++;
            if (n.type in pieces) pieces[n.type as SetPieceNote]++;
            if (n.type === "goalKickAwarded") {
              const cause = notes.find((c) => c.type in GOAL_KICK_CAUSES);
              if (cause) goalKicks[GOAL_KICK_CAUSES[cause.type as keyof typeof GOAL_KICK_CAUSES]]++;
            }
          }
        }
        for (const s of states) {
          const run = (s.game as FootballState).run?.length ?? 0;
          if (run > longest.run) longest = { run, game: index };
        }
      },
      summary(games) {
        const share = (n: number) => `${((100 * n) / games).toFixed(1)}%`;
        const per = (n: number) => (n / games).toFixed(2);
        const causes = (Object.keys(goalKicks) as GoalKickCause[]).map((c) => `${c} ${goalKicks[c]}`).join(", ");
        const setPieces = (Object.keys(SET_PIECES) as SetPieceNote[])
          .map((k) => `${SET_PIECES[k]} ${per(pieces[k])}${k === "goalKickAwarded" ? ` (after ${causes})` : ""}`)
          .join(", ");
        return (
          `goals/game ${per(goals)}, home ${share(results.home)} away ${share(results.away)} draw ${share(results.draw)}, ` +
          `set pieces/match: ${setPieces}, extra turns/match ${per(extraTurns)}, shoot-outs ${shootouts}, ` +
          `longest run ${longest.run} turns by one side (game ${longest.game})`
        );
      },
    };
  },
};
