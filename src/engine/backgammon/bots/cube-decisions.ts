import { toPosition } from "../board.js";
import { BAR, pipCount, swapSides, type Position } from "../position.js";
import { otherSeat, type Seat } from "../seats.js";
import type { BackgammonState } from "../state.js";
import { isRace, pubeval } from "./pubeval.js";

/**
 * Keith count of one side (Tom Keith's race formula): the pip count, plus 2 for each checker on
 * the 1-point beyond one, 1 for each on the 2-point beyond one, 1 for each on the 3-point beyond
 * three, and 1 for each of the 4-, 5- and 6-points left empty: pips a bear-off will waste.
 */
export function keithCount(side: readonly number[]): number {
  const extra = (i: number, free: number): number => Math.max(0, side[i]! - free);
  let count = pipCount(side) + 2 * extra(0, 1) + extra(1, 1) + extra(2, 3);
  for (let i = 3; i < 6; i++) if (side[i] === 0) count++;
  return count;
}

/**
 * The Keith count's lead of the side on roll, its own count raised by a seventh for the roll it
 * is about to make. Keith doubles while the roller's count exceeds the opponent's by at most 4
 * (a lead of -4 or more; redoubles at -3), and the opponent takes while it exceeds it by at least
 * 2 (a lead of -2 or less): a lead above -2 is a drop.
 */
export const keithLead = (pos: Position): number => keithCount(pos.opponent) - (keithCount(pos.onRoll) * 8) / 7;

/**
 * Contact positions: a cubeless chance that the side on roll wins, from pubeval's scores of the
 * position for each side as if that side had just moved and from the pip lead, through a logistic
 * curve fitted (least log-loss, Newton's method) on 300 seeded pubeval-against-pubeval games:
 * 13,823 contact positions with the side on roll and who went on to win. pubeval alone rates a
 * crushed opponent barely better than an even game, the pips put it right. Rough, but only used
 * to decide doubles in contact, where no race formula applies.
 */
export const CONTACT_CURVE = { bias: 0.167, perPubeval: 0.061, perPip: 0.019 } as const;
export function contactWinChance(pos: Position): number {
  const d = pubeval(false, pos) - pubeval(false, swapSides(pos));
  const pips = pipCount(pos.opponent) - pipCount(pos.onRoll);
  return 1 / (1 + Math.exp(-(CONTACT_CURVE.bias + CONTACT_CURVE.perPubeval * d + CONTACT_CURVE.perPip * pips)));
}

/**
 * Races: a cubeless chance that the side on roll wins, from the Keith lead and the lead per
 * square root of the roller's pips (a lead counts for more in a short race), through a logistic
 * curve fitted the same way on the 3,189 race positions of those games.
 */
export const RACE_CURVE = { bias: 1.249, perLead: -0.0128, perScaledLead: 0.887 } as const;
export function raceWinChance(pos: Position): number {
  const lead = keithLead(pos);
  const scaled = lead / Math.sqrt(Math.max(4, pipCount(pos.onRoll)));
  return 1 / (1 + Math.exp(-(RACE_CURVE.bias + RACE_CURVE.perLead * lead + RACE_CURVE.perScaledLead * scaled)));
}

/** The chance that the side on roll wins, by whichever curve fits the position. */
export const winChance = (pos: Position): number => (isRace(pos) ? raceWinChance(pos) : contactWinChance(pos));

/** Double in contact from this chance on; at and above `TOO_GOOD` play on for the gammon instead. */
const DOUBLE_AT = 0.7;
const TOO_GOOD = 0.9;
/** Take in contact while the taker's chance is at least this (the money take point with some margin). */
const TAKE_AT = 0.25;

/** The position with `seat` on roll. */
const seen = (state: BackgammonState, seat: Seat): Position => toPosition(state.game.board, seat);

/** A cube that cannot gain the doubler anything: one more game won at the current cube wins the match. */
const deadFor = (state: BackgammonState, seat: Seat): boolean => state.score[seat] + state.game.cube.value >= state.options.matchLength && state.options.matchLength > 1;

/** Whether the seat on roll should double now (the caller has checked that it may). */
export function shouldDouble(state: BackgammonState, seat: Seat): boolean {
  if (deadFor(state, seat)) return false;
  const pos = seen(state, seat);
  if (pos.onRoll[BAR]! > 0) return false;
  if (isRace(pos)) return keithLead(pos) >= (state.game.cube.owner === null ? -4 : -3);
  const p = contactWinChance(pos);
  return p >= DOUBLE_AT && p < TOO_GOOD;
}

/** Whether `seat` takes the double its opponent (on roll) offered. */
export function shouldTake(state: BackgammonState, seat: Seat): boolean {
  const doubler = otherSeat(seat);
  // Dropping loses the match anyway: take and play on.
  if (state.score[doubler] + state.game.cube.value >= state.options.matchLength) return true;
  const pos = seen(state, doubler);
  if (isRace(pos)) return keithLead(pos) <= -2;
  return 1 - contactWinChance(pos) >= TAKE_AT;
}
