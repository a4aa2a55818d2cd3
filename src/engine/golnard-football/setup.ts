import { checkDice } from "../common/dice.js";
import { resolveOpening } from "../common/opening.js";
import { ok, type Result } from "../result.js";
import type { Note, SetupInput } from "../ruleset.js";
import { refuse } from "./errors.js";
import { startPeriod } from "./flow.js";
import { DEFAULT_FORMATIONS, DEFAULT_GOALS, DEFAULT_HALF_TURNS, DEFAULT_MAX_TURNS, DEFAULT_SEATS, formationCells, SEATS_PER_SIDE, type FootballOptions, type Rules } from "./options.js";
import type { FootballState } from "./state.js";
import type { SideIndex } from "../common/home-away.js";

/** Resolves the options against the mode; an option of the other mode, or a level end nobody can decide, is refused. */
function rules(o: FootballOptions): Result<Rules> {
  if (o.mode === "halves" && (o.goals !== undefined || o.maxTurns !== undefined)) return refuse("INVALID_OPTIONS", "goals and maxTurns belong to mode \"goals\"");
  if (o.mode === "goals" && (o.halfTurns !== undefined || o.extraTime !== undefined)) return refuse("INVALID_OPTIONS", "halfTurns and extraTime belong to mode \"halves\"");
  const draw = o.draw ?? !o.shootout;
  if (draw && o.shootout) return refuse("INVALID_OPTIONS", "with a shoot-out a level match is never a draw: leave draw out or set it false");
  if (!draw && !o.shootout) return refuse("INVALID_OPTIONS", "draw: false needs a shoot-out to decide a level match (shootout: true)");
  const halfTurns = o.halfTurns ?? DEFAULT_HALF_TURNS;
  return ok({
    mode: o.mode,
    periodTurns: o.mode === "halves" ? halfTurns : (o.maxTurns ?? DEFAULT_MAX_TURNS),
    extraTurns: Math.max(1, Math.floor(halfTurns / 3)),
    extraTime: o.mode === "halves" && o.extraTime === true,
    goals: o.mode === "goals" ? (o.goals ?? DEFAULT_GOALS) : null,
    draw,
    shootout: o.shootout,
    offside: o.offside,
    throwIns: o.throwIns,
    corners: o.corners,
    penalties: o.penalties,
  });
}

/**
 * Two sides of 1, 2 or 5 seats (2, 4 or 10 seats in all; 2 by default). Home plays seats
 * 0..k-1 and away k..2k-1, in that rotation order. Tokens stand on their formations; the opening
 * roll (one die per side) decides who kicks off.
 */
export function setup(input: SetupInput<FootballOptions>): Result<FootballState> {
  const seats = input.seats ?? DEFAULT_SEATS;
  const perSide = seats / 2;
  if (!(SEATS_PER_SIDE as readonly number[]).includes(perSide)) return refuse("INVALID_SEATS", `football is played by 2, 4 or 10 seats (1, 2 or 5 per side), not ${seats}`);
  const o = input.options;
  const keeperSeat: [number, number] = typeof o.keeperSeat === "number" ? [o.keeperSeat, o.keeperSeat] : [o.keeperSeat.home, o.keeperSeat.away];
  if (keeperSeat.some((k) => k >= perSide)) return refuse("INVALID_OPTIONS", `keeperSeat names a seat within the side: 0..${perSide - 1}`);
  const resolved = rules(o);
  if (!resolved.ok) return resolved;
  const formation = [...formationCells(o.formations?.home ?? DEFAULT_FORMATIONS[0]), ...formationCells(o.formations?.away ?? DEFAULT_FORMATIONS[1])];
  return ok({
    rules: resolved.value,
    perSide,
    keeperSeat,
    formation,
    tokens: formation,
    ball: null,
    holder: null,
    score: [0, 0],
    period: 0,
    firstKick: null,
    counted: [0, 0],
    turnsPlayed: [0, 0],
    rotation: [0, 0],
    run: null,
    stage: { kind: "opening", tied: [0, 1] },
    shootout: null,
    lastRoll: null,
    ended: null,
  });
}

/** How many dice the next roll draws: one per tied side for the opening roll, two for a turn. */
export function diceDue(s: FootballState): number {
  if (s.stage.kind === "opening") return s.stage.tied.length;
  if (s.stage.kind === "turn" && s.stage.step === "roll") return 2;
  return 0;
}

/** Applies server dice: the opening roll (ties roll again) or the two dice of a turn. */
export function applyDice(s: FootballState, dice: readonly number[], notes: Note[]): Result<FootballState> {
  const checked = checkDice(dice, diceDue(s));
  if (!checked.ok) return checked;
  const rolled: FootballState = { ...s, lastRoll: [...dice] };
  if (s.stage.kind === "opening") {
    const { tied, starter } = resolveOpening(s.stage.tied, dice);
    if (starter === null) return ok({ ...rolled, stage: { kind: "opening", tied: tied as SideIndex[] } });
    return ok(startPeriod({ ...rolled, firstKick: starter as SideIndex }, 1, starter as SideIndex, notes));
  }
  const t = s.stage;
  if (t.kind !== "turn") return refuse("DICE_NOT_DUE", "no roll is due now");
  return ok({ ...rolled, stage: { ...t, step: "move", dice: [...dice], used: dice.map(() => false) } });
}
