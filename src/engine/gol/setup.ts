import { cellAt } from "./field.js";
import { refuse } from "./errors.js";
import { DEFAULT_FORMATION, formationProblems } from "./formations.js";
import { kickoff } from "./kickoff.js";
import type { GolOptions } from "./options.js";
import { HOME_AWAY } from "../common/home-away.js";
import type { GolState } from "./state.js";
import { ok, type Result } from "../result.js";
import type { SetupInput } from "../ruleset.js";

/**
 * Two seats, home (0) and away (1). No opening roll: home has the ball and kicks off the first
 * half. Formations are checked here too, so a state is never built from a bad one.
 */
export function setup(input: SetupInput<GolOptions>): Result<GolState> {
  const { options, seats } = input;
  if (seats !== undefined && seats !== 2) return refuse("INVALID_SEATS", `gol is played by 2 seats (home and away), not ${seats}`);
  const points = { home: options.formations?.home ?? DEFAULT_FORMATION.home, away: options.formations?.away ?? DEFAULT_FORMATION.away };
  const problems = HOME_AWAY.flatMap((side) => formationProblems(side, points[side]));
  if (problems.length > 0) return refuse("INVALID_OPTIONS", problems.join("; "));
  const formations = { home: points.home.map(cellAt), away: points.away.map(cellAt) };
  const blank: GolState = {
    minutesPerHalf: options.minutesPerHalf,
    minSecondary: options.minSecondary,
    formations,
    pieces: formations,
    ball: 0,
    score: { home: 0, away: 0 },
    possession: "home",
    freeTempos: null,
    frozen: { home: [], away: [] },
    half: 1,
    turnsInHalf: 0,
    turn: null,
    goals: [],
  };
  return ok(kickoff(blank, "home"));
}
