import {
  cellOf,
  DIRECTIONS,
  FORWARD,
  GOAL_CELLS,
  halfOf,
  HEIGHT,
  isGoalZone,
  isKeeperZone,
  isPenaltyArea,
  KEEPER_CELLS,
  PENALTY_ZONE_CELLS,
  stepFrom,
  toGoalLine,
  WIDTH,
  xOf,
  yOf,
  zoneOf,
  CELLS,
  type Cell,
  type Direction,
} from "./board.js";
import { isKeeper, sideOfToken, TOKENS_PER_SIDE, type Line } from "./state.js";
import { otherIndex, type SideIndex } from "../common/home-away.js";

/**
 * Where a set-piece ball starts: its exit cell (or the corner cell), or, when a token stands
 * there, the nearest token-free cell of the same line, lower coordinate first on a tie, never in
 * a goal zone. The line is the one the ball crossed: a touch line is a row, a goal line a column.
 */
export function lineStart(occ: Int8Array, cell: Cell, line: Line): Cell {
  const x = xOf(cell);
  const y = yOf(cell);
  const length = line === "touch" ? WIDTH : HEIGHT;
  const at = line === "touch" ? x : y;
  const cellAt = (i: number): Cell => (line === "touch" ? cellOf(i, y) : cellOf(x, i));
  for (let d = 0; d < length; d++) {
    for (const i of d === 0 ? [at] : [at - d, at + d]) {
      if (i < 0 || i >= length) continue;
      const c = cellAt(i);
      if (occ[c] === 0 && !isGoalZone(c)) return c;
    }
  }
  return cell;
}

/** The corner cell of the goal line nearer to `exit`. */
export const cornerOf = (exit: Cell): Cell => cellOf(xOf(exit), yOf(exit) < HEIGHT / 2 ? 0 : HEIGHT - 1);

/**
 * The directions a throw-in or corner may move the ball from `from` on `line`: along the line
 * both ways, straight in, or diagonally in (directions that leave the field drop out by their
 * target). From a corner cell that is along the goal line, perpendicular to it, or diagonally.
 */
export function lineDirections(from: Cell, line: Line): Direction[] {
  const x = xOf(from);
  const y = yOf(from);
  let inward: Direction[];
  if (line === "touch") inward = y === 0 ? ["E", "SE", "S", "SW", "W"] : ["E", "NE", "N", "NW", "W"];
  else inward = x === 0 ? ["N", "NE", "E", "SE", "S"] : ["N", "NW", "W", "SW", "S"];
  return DIRECTIONS.filter((d) => inward.includes(d));
}

/** The target of a set-piece ball move, or -1: in the field, token-free, outside goal and goalkeeper zones. */
export function ballTarget(occ: Int8Array, from: Cell, dir: Direction, die: number): Cell {
  const c = stepFrom(from, dir, die);
  if (c < 0 || occ[c] !== 0 || isGoalZone(c) || isKeeperZone(c)) return -1;
  return c;
}

/**
 * Offside at the start of a turn: a field token of `side` standing in the opponent half, strictly
 * nearer the goal line it attacks than the ball and than every opposing field token (keepers do
 * not count). Such a token may not kick toward that goal for the whole turn.
 */
export function offsideTokens(tokens: readonly Cell[], ball: Cell, side: SideIndex): number[] {
  const opponent = otherIndex(side);
  let nearest = Infinity;
  for (let n = 2; n <= TOKENS_PER_SIDE; n++) nearest = Math.min(nearest, toGoalLine(side, tokens[opponent * TOKENS_PER_SIDE + n - 1]!));
  const ballDistance = toGoalLine(side, ball);
  const out: number[] = [];
  for (let n = 2; n <= TOKENS_PER_SIDE; n++) {
    const i = side * TOKENS_PER_SIDE + n - 1;
    const c = tokens[i]!;
    const d = toGoalLine(side, c);
    if (halfOf(c) === opponent && d < ballDistance && d < nearest) out.push(i);
  }
  return out;
}

/** Does this token stand where it must walk out first (a goalkeeper zone not its own keeper's home)? */
export function mustExit(tokens: readonly Cell[], i: number): boolean {
  const c = tokens[i]!;
  if (!isKeeperZone(c)) return false;
  return !(isKeeper(i) && halfOf(c) === sideOfToken(i));
}

/** Free cells of a side's goalkeeper zone for a goal kick (the keeper's own cell is not free). */
export const goalKickCells = (occ: Int8Array, side: SideIndex): Cell[] => KEEPER_CELLS[side].filter((c) => occ[c] === 0);

/** Goal-zone cells for the defending keeper in a penalty. */
export const penaltyKeeperCells = (occ: Int8Array, side: SideIndex, keeper: number): Cell[] => GOAL_CELLS[side].filter((c) => occ[c] === 0 || occ[c] === keeper + 1);

/** Does a straight or diagonal line from `c` toward the goal of `defender` reach its goal zone? */
export function hasLineToGoal(c: Cell, defender: SideIndex): boolean {
  return FORWARD[otherIndex(defender)].some((d) => shotEntry(c, d) >= 0);
}

/** The goal-zone cell a shot from `c` toward `dir` enters first, or -1 if its line misses the goal. */
export function shotEntry(c: Cell, dir: Direction): Cell {
  for (let i = 1; i < WIDTH; i++) {
    const n = stepFrom(c, dir, i);
    if (n < 0) return -1;
    if (isGoalZone(n)) return n;
  }
  return -1;
}

/** Penalty-zone cells of the defending half, token-free, with a line to its goal. */
export const penaltyBallCells = (occ: Int8Array, defender: SideIndex): Cell[] => PENALTY_ZONE_CELLS[defender].filter((c) => occ[c] === 0 && hasLineToGoal(c, defender));

/**
 * Cells for the penalty kicker: token-free (its own cell counts as free), outside the defending
 * penalty area, and where a field token may stand (no goal or goalkeeper zone of either side).
 */
export function penaltyKickerCells(occ: Int8Array, defender: SideIndex, kicker: number, ball: Cell): Cell[] {
  const out: Cell[] = [];
  for (let c = 0; c < CELLS; c++) {
    if (c === ball || (occ[c] !== 0 && occ[c] !== kicker + 1)) continue;
    const zone = zoneOf(c);
    if (zone === "goal" || zone === "keeper") continue;
    if (halfOf(c) === defender && isPenaltyArea(c)) continue;
    out.push(c);
  }
  return out;
}
