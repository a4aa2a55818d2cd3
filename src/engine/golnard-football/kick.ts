import { DX, DY, FORWARD, goalOwner, halfOf, isGoalZone, zoneOf, type Cell, type Direction } from "./board.js";
import type { Line } from "./state.js";
import { keeperOf, sideOfToken } from "./state.js";
import { otherIndex, type SideIndex } from "../common/home-away.js";

/** Why a kick cannot be played. */
export type KickRefusal = "KICK_BLOCKED" | "LANDING_OCCUPIED" | "ALONG_GOAL_LINE" | "OFFSIDE";

/** What a kick does: lands (having flown over some tokens), scores, is caught, or goes out. */
export type Flight =
  | { readonly kind: "illegal"; readonly reason: KickRefusal }
  | { readonly kind: "land"; readonly cell: Cell; readonly over: readonly number[] }
  | { readonly kind: "goal"; readonly against: SideIndex; readonly cell: Cell }
  | { readonly kind: "catch"; readonly keeper: number; readonly stop: Cell }
  | { readonly kind: "out"; readonly exit: Cell; readonly line: Line; readonly lastToucher: number };

/** Does `keeper` (a token index) stand in its own goalkeeper or goal zone (where it catches)? */
export function keeperAtHome(tokens: readonly Cell[], keeper: number): boolean {
  const c = tokens[keeper]!;
  const zone = zoneOf(c);
  return (zone === "keeper" || zone === "goal") && halfOf(c) === sideOfToken(keeper);
}

/**
 * Follows a kick of `length` cells from `from`, cell by cell, in the order the rules check:
 * leaving the field, then a catch by the opposing keeper at home (it stops on the cell before
 * the keeper, checked before the goal), then the goal zone (any side's: own goals count; a kick
 * along the goal-line column may not enter it), then the landing, which must be empty. The ball
 * flies over tokens, except one right next to the kicker in that direction. An offside kicker may
 * not kick in any direction whose x-component points at the goal it attacks.
 * `occ` holds every token with the kicker on `from`.
 */
export function flight(tokens: readonly Cell[], occ: Int8Array, kicker: number, from: Cell, dir: Direction, length: number, offside: boolean): Flight {
  const side = sideOfToken(kicker);
  if (offside && FORWARD[side].includes(dir)) return { kind: "illegal", reason: "OFFSIDE" };
  const keeper = keeperOf(otherIndex(side));
  const keeperCell = keeperAtHome(tokens, keeper) ? tokens[keeper]! : -1;
  const over: number[] = [];
  const dx = DX[dir];
  const dy = DY[dir];
  const fx = from % 20;
  const fy = (from - fx) / 20;
  const goals = GOAL;
  let prev = from;
  for (let i = 1; i <= length; i++) {
    const x = fx + dx * i;
    const y = fy + dy * i;
    if (x < 0 || x > 19 || y < 0 || y > 9) {
      return { kind: "out", exit: prev, line: x < 0 || x > 19 ? "goal" : "touch", lastToucher: over.length > 0 ? over[over.length - 1]! : kicker };
    }
    const c = y * 20 + x;
    if (i === 1 && occ[c] !== 0) return { kind: "illegal", reason: "KICK_BLOCKED" };
    if (c === keeperCell) return { kind: "catch", keeper, stop: prev };
    if (goals[c] !== 0) {
      if (dx === 0) return { kind: "illegal", reason: "ALONG_GOAL_LINE" };
      return { kind: "goal", against: (goals[c]! - 1) as SideIndex, cell: c };
    }
    if (occ[c] !== 0) {
      if (i === length) return { kind: "illegal", reason: "LANDING_OCCUPIED" };
      over.push(occ[c]! - 1);
    }
    prev = c;
  }
  return { kind: "land", cell: prev, over };
}

/** Goal-zone owner + 1 per cell (0 = not a goal zone), kept local for the hot loop above. */
const GOAL: Uint8Array = Uint8Array.from({ length: 200 }, (_, c) => (isGoalZone(c) ? goalOwner(c)! + 1 : 0));
