import { REASONS } from "./errors.js";
import type { DiceRuleset, RulesetOutcome, Side, Turn } from "../ruleset.js";
import { legalMoves, mustPass, NOTES, pass, play } from "./actions.js";
import { actingSeat } from "./context.js";
import { moveSchema, type FootballMove } from "./move-schema.js";
import { optionsSchema, type FootballOptions } from "./options.js";
import { applyDice, setup } from "./setup.js";
import type { FootballState, TurnStage } from "./state.js";
import { view } from "./view.js";
import { HOME_AWAY } from "../common/home-away.js";
import { defineRuleset } from "../define-ruleset.js";

/**
 * What a football match waits for (`Turn.awaiting`): the same value in the roll and the move phase
 * of a turn, so the phase says whether dice are due.
 */
export const AWAITING = [
  "openingRoll",
  "kickoff",
  "turn",
  "extraTurn",
  "throwIn",
  "corner",
  "goalKick",
  "penaltyKeeper",
  "penaltyBall",
  "penaltyKicker",
  "penaltyShot",
  "shootoutKeeper",
  "shootoutBall",
  "shootoutKicker",
  "shootoutShot",
  "over",
] as const;
export type Awaiting = (typeof AWAITING)[number];

export function awaitingOf(t: TurnStage): Awaiting {
  const ordinary = t.extra ? "extraTurn" : "turn";
  switch (t.play) {
    case "kickoff":
      return "kickoff";
    case "ordinary":
      return ordinary;
    case "throwIn":
    case "corner":
      return t.play;
    case "goalKick":
      return t.step === "place" ? "goalKick" : ordinary;
    case "penalty":
    case "shootout": {
      const prefix = t.play === "penalty" ? "penalty" : "shootout";
      const step = t.step === "keeper" ? "Keeper" : t.step === "ball" ? "Ball" : t.step === "kicker" ? "Kicker" : "Shot";
      return `${prefix}${step}` as Awaiting;
    }
  }
}

const allSeats = (s: FootballState): number[] => Array.from({ length: s.perSide * 2 }, (_, i) => i);

function turn(s: FootballState): Turn {
  switch (s.stage.kind) {
    case "opening":
      return { phase: "roll", seats: allSeats(s), count: s.stage.tied.length, awaiting: "openingRoll" };
    case "over":
      return { phase: "over", awaiting: "over" };
    case "turn": {
      const t = s.stage;
      const awaiting = awaitingOf(t);
      return t.step === "roll" ? { phase: "roll", seats: [t.seat], count: 2, awaiting } : { phase: "move", seats: [actingSeat(s)!], awaiting };
    }
  }
}

/** Home plays seats 0..k-1, away seats k..2k-1. */
const sides = (s: FootballState): Side[] => HOME_AWAY.map((side, i) => ({ side, seats: Array.from({ length: s.perSide }, (_, k) => i * s.perSide + k) }));

/** The side ahead wins; level after a shoot-out, its winner; else a draw. */
function outcome(s: FootballState): RulesetOutcome | null {
  if (s.stage.kind !== "over" || s.ended === null) return null;
  const [home, away] = s.score;
  const sh = s.shootout;
  const lead = home !== away ? (home > away ? 0 : 1) : sh && sh.goals[0] !== sh.goals[1] ? (sh.goals[0] > sh.goals[1] ? 0 : 1) : null;
  return {
    winningSides: lead === null ? [] : [HOME_AWAY[lead]],
    detail: {
      result: lead === null ? "draw" : "win",
      ended: s.ended,
      score: { home, away },
      ...(sh ? { shootout: { home: sh.goals[0], away: sh.goals[1], kicks: { home: sh.kicks[0], away: sh.kicks[1] } } } : {}),
      periods: s.period,
      turns: { home: s.turnsPlayed[0], away: s.turnsPlayed[1] },
    },
  };
}

/** Dice football: two sides of 1, 2 or 5 seats, every set piece behind its option. */
export const golnardFootball: DiceRuleset<FootballOptions, FootballState, FootballMove> = defineRuleset({
  id: "golnard-football",
  dice: "d6",
  stateVersion: 1,
  rulesVersion: 1,
  optionsSchema,
  moveSchema,
  awaiting: AWAITING,
  notes: NOTES,
  reasons: REASONS,
  setup,
  sides,
  turn,
  applyDice,
  legalMoves,
  // A token of the side to act, by its number; the ball, the placements and the penalty run are no one token's.
  pieceOf: (move) => ("token" in move ? String(move.token) : null),
  play,
  mustPass,
  pass,
  diceLeft: (s) => (s.stage.kind === "turn" && s.stage.step === "move" && s.stage.dice ? s.stage.dice.filter((_, i) => !(s.stage as TurnStage).used[i]) : null),
  view,
  outcome,
  // A draw is a result only where a level match ends as one (not with a shoot-out to decide it).
  drawAllowed: (s) => s.rules.draw,
});
