import { legalPlays, playPosition } from "../plays.js";
import { swapSides, type Position } from "../position.js";
import type { Choice } from "./choices.js";
import { ROLLS } from "./choices.js";
import { isRace, pubeval, PUBEVAL_WIN } from "./pubeval.js";

/** pubeval's win score, capped so that averages over rolls stay ordinary numbers. */
const WIN = 1000;
const score = (race: boolean, pos: Position): number => {
  const s = pubeval(race, pos);
  return s === PUBEVAL_WIN ? WIN : s;
};

/** The 1-ply value of a play: pubeval of where it leads, with the weights for the position it starts from. */
export const onePly = (race: boolean, choice: Choice): number => score(race, choice.after);

/**
 * The 2-ply value of a play: its 1-ply score, less the opponent's average over the 21 rolls of
 * its best pubeval score when it answers (staying put when it cannot move). The first term sees
 * our own structure, the second what the opponent can do to it: pubeval's inputs show the
 * mover's points but only the other side's blots, so the opponent's score is blind to our points
 * and would, alone, rate a play by its blots only. This sees what 1-ply misses: a blot left in
 * direct range, a shot that turns the race, a roll that lets the opponent bear off.
 */
export function twoPly(race: boolean, choice: Choice): number {
  const theirs = swapSides(choice.after);
  if (theirs.opponent.every((n) => n === 0)) return WIN;
  const theirRace = isRace(theirs);
  let total = 0;
  for (const { dice, weight } of ROLLS) {
    const plays = legalPlays(theirs, dice);
    let best = plays.length === 0 ? score(theirRace, theirs) : -Infinity;
    for (const play of plays) best = Math.max(best, score(theirRace, playPosition(play)));
    total += weight * best;
  }
  return onePly(race, choice) - total / 36;
}

/** How many of the best 1-ply plays 2-ply looks at: the rest are rarely better and cost 21 rolls each. */
export const TWO_PLY_CANDIDATES = 6;
