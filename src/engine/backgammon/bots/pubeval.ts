import { BAR, CHECKERS, sideTotal, type Position } from "../position.js";
import { CONTACT_WEIGHTS, RACE_WEIGHTS } from "./pubeval-weights.js";

/** What pubeval.c returns when the mover has borne off every checker: no play can be better. */
export const PUBEVAL_WIN = 99999999;

const INPUTS = 122;
const inputs = new Float64Array(INPUTS);

/**
 * Tesauro's input encoding (pubeval.c `setx`), for a position seen by the side that has just
 * moved (`onRoll` in our layout is that side): for each of its points 24 down to 1 a block of
 * five inputs — an opponent blot there; one own checker; two or more; exactly three; (n-3)/2 for
 * n >= 4 — then the opponent's checkers on the bar / 2 and the mover's checkers off / 15.
 * Opponent points of two or more are not inputs: pubeval only sees them through what they cost.
 */
export function pubevalInputs(pos: Position, into: Float64Array = new Float64Array(INPUTS)): Float64Array {
  into.fill(0);
  for (let point = 1; point <= 24; point++) {
    const block = 5 * (24 - point);
    const mine = pos.onRoll[point - 1]!;
    // The opponent calls our point p its point 25 - p (index 24 - p).
    if (mine === 0) {
      if (pos.opponent[24 - point] === 1) into[block] = 1;
      continue;
    }
    if (mine === 1) into[block + 1] = 1;
    if (mine >= 2) into[block + 2] = 1;
    if (mine === 3) into[block + 3] = 1;
    if (mine >= 4) into[block + 4] = (mine - 3) / 2;
  }
  into[120] = pos.opponent[BAR]! / 2;
  into[121] = (CHECKERS - sideTotal(pos.onRoll)) / 15;
  return into;
}

/**
 * pubeval's score of the position reached by a play, for the side that played it (higher is
 * better for it). `race` must describe the position before the play, as pubeval.c asks: the
 * race weights are for plays made in a race.
 */
export function pubeval(race: boolean, pos: Position): number {
  if (sideTotal(pos.onRoll) === 0) return PUBEVAL_WIN;
  const x = pubevalInputs(pos, inputs);
  const w = race ? RACE_WEIGHTS : CONTACT_WEIGHTS;
  let score = 0;
  for (let i = 0; i < INPUTS; i++) score += w[i]! * x[i]!;
  return score;
}

/** The furthest point from home that a side still has a checker on (25 = the bar; 0 = none left). */
const backmost = (side: readonly number[]): number => {
  for (let i = BAR; i >= 0; i--) if (side[i]! > 0) return i + 1;
  return 0;
};

/**
 * No contact: every checker of one side has passed every checker of the other, so no hit is
 * possible any more. The mover's point p is the opponent's 25 - p, hence the sum test.
 */
export const isRace = (pos: Position): boolean => backmost(pos.onRoll) + backmost(pos.opponent) <= 25;
