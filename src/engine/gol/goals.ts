import { CELLS, REACH, WIDTH, xOf, yOf, type Cell, type Point } from "./field.js";
import type { HomeAway } from "../common/home-away.js";

/**
 * The goals are virtual: 5 cells beyond each end line, rows 7..11, that no piece ever enters.
 * Home defends the left goal (x = -1), away the right one (x = 24). A kick scores when it sends
 * the ball into a goal; it may do so when any goal cell is within kicking distance of the ball.
 */
export const GOAL_ROWS = { from: 7, to: 11 } as const;
export const GOAL_X: { readonly [S in HomeAway]: number } = { home: -1, away: WIDTH };

export const goalCells = (side: HomeAway): Point[] =>
  Array.from({ length: GOAL_ROWS.to - GOAL_ROWS.from + 1 }, (_, i) => ({ x: GOAL_X[side], y: GOAL_ROWS.from + i }));

/** The side whose goal a ball on `c` can be kicked into; null when neither is in reach (never both: the field is 24 wide). */
function goalFrom(c: Cell): HomeAway | null {
  const x = xOf(c);
  const y = yOf(c);
  const rows = Math.max(0, GOAL_ROWS.from - y, y - GOAL_ROWS.to);
  if (rows > REACH) return null;
  if (x - GOAL_X.home <= REACH) return "home";
  if (GOAL_X.away - x <= REACH) return "away";
  return null;
}
const GOAL_IN_REACH: readonly (HomeAway | null)[] = Array.from({ length: CELLS }, (_, c) => goalFrom(c));

/** Whose goal (the defending side) a kick of a ball on `ball` may enter. */
export const goalInReach = (ball: Cell): HomeAway | null => GOAL_IN_REACH[ball]!;

/** Distance, in columns, from a cell to the goal `side` defends: how far an attack still has to go. */
export const columnsToGoal = (c: Cell, side: HomeAway): number => Math.abs(xOf(c) - GOAL_X[side]);
