import type { Lane } from "./board.js";
import { refuse } from "./errors.js";
import { drawLanes, fillForced, laneDiceNeeded } from "./lane-draw.js";
import { checkDice } from "../common/dice.js";
import { resolveOpening } from "../common/opening.js";
import { DEFAULT_MAX_ROUNDS, MAX_TEAMS, MIN_TEAMS, type EstafetaOptions } from "./options.js";
import { placeTeam, type EstafetaState } from "./state.js";
import { ok, type Result } from "../result.js";
import type { SetupInput } from "../ruleset.js";

const allSeats = (teams: number): number[] => Array.from({ length: teams }, (_, i) => i);

/** Places the teams whose lanes are known; the opening roll follows once every team has one. */
function withLanes(state: EstafetaState, lanes: readonly (Lane | null)[]): EstafetaState {
  const tokens = lanes.map((lane, i) => (state.tokens[i]!.length > 0 ? state.tokens[i]! : lane === null ? [] : placeTeam(lane)));
  const done = lanes.every((l) => l !== null);
  return { ...state, lanes, tokens, stage: done ? "opening" : "lanes", tied: done ? allSeats(state.teams) : [] };
}

/** Setup. One seat per team: `seats`, when given, must be the number of teams. */
export function setup(input: SetupInput<EstafetaOptions>): Result<EstafetaState> {
  const { options, seats } = input;
  const teams = options.teams ?? seats ?? options.lanes?.length ?? MIN_TEAMS;
  if (seats !== undefined && seats !== teams) return refuse("INVALID_SEATS", `one seat per team: ${teams} teams need ${teams} seats, not ${seats}`);
  if (teams < MIN_TEAMS || teams > MAX_TEAMS) return refuse("INVALID_SEATS", `the relay is played by ${MIN_TEAMS} to ${MAX_TEAMS} teams, not ${teams}`);
  if (options.lanes && options.lanes.length !== teams) return refuse("INVALID_OPTIONS", `lanes names ${options.lanes.length} teams, not ${teams}`);
  const lanes = fillForced((options.lanes ?? Array.from({ length: teams }, () => null)) as (Lane | null)[]);
  const blank: EstafetaState = {
    variant: options.variant,
    teams,
    maxRounds: options.maxRounds ?? DEFAULT_MAX_ROUNDS[options.variant],
    lanes,
    stage: "lanes",
    tied: [],
    lastRoll: null,
    tokens: lanes.map(() => []),
    progress: lanes.map(() => 0),
    toMove: -1,
    dice: null,
    visited: [],
    turns: 0,
    ended: null,
  };
  return ok(withLanes(blank, lanes));
}

/** How many dice the next roll draws (0 when no roll is due). */
export function diceDue(state: EstafetaState): number {
  switch (state.stage) {
    case "lanes":
      return laneDiceNeeded(state.lanes);
    case "opening":
      return state.tied.length;
    case "play":
      return state.dice === null ? 2 : 0;
    case "over":
      return 0;
  }
}

/** Applies server dice: a lane draw, an opening roll, or the two dice of a turn. */
export function applyDice(state: EstafetaState, dice: readonly number[]): Result<EstafetaState> {
  const checked = checkDice(dice, diceDue(state));
  if (!checked.ok) return checked;
  const rolled = { ...state, lastRoll: [...dice] };
  switch (state.stage) {
    case "lanes":
      return ok(withLanes(rolled, drawLanes(state.lanes, dice)));
    case "opening": {
      const { tied, starter } = resolveOpening(state.tied, dice);
      return ok(starter === null ? { ...rolled, tied } : { ...rolled, tied: [], stage: "play", toMove: starter });
    }
    default: {
      const team = state.tokens[state.toMove]!;
      return ok({ ...rolled, dice: [dice[0]!, dice[1]!] as const, visited: team.map((t) => (t.cell === null ? [] : [t.cell])) });
    }
  }
}
