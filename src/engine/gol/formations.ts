import { cellAt, WIDTH, type Cell, type Point } from "./field.js";
import { PIECES } from "./sides.js";
import type { HomeAway } from "../common/home-away.js";

/** Where the ball lies at a kickoff of each side (home kicks off from the left of the centre line). */
export const KICKOFF_SPOT: { readonly [S in HomeAway]: Point } = { home: { x: 11, y: 9 }, away: { x: 12, y: 9 } };

/** Each side's own half: home x 0..11, away x 12..23. */
export const OWN_HALF: { readonly [S in HomeAway]: { readonly from: number; readonly to: number } } = {
  home: { from: 0, to: WIDTH / 2 - 1 },
  away: { from: WIDTH / 2, to: WIDTH - 1 },
};

/**
 * Cells a formation may not use. One formation serves every kickoff, whichever side kicks off,
 * so it must leave both spots free and keep the side's pieces off the cells next to the other
 * side's spot: then no opposing piece ever touches the ball at a kickoff. Home may not use
 * (11, 8..10) (next to away's spot, and home's own spot), away not (12, 8..10).
 */
export const FORBIDDEN: { readonly [S in HomeAway]: readonly Point[] } = {
  home: [8, 9, 10].map((y) => ({ x: 11, y })),
  away: [8, 9, 10].map((y) => ({ x: 12, y })),
};

/** The default 4-3-3, by number 1..11 (1 in goal; 11, the strongest, in the centre forward's place). */
const HOME_433: readonly Point[] = [
  { x: 0, y: 9 },
  { x: 3, y: 3 },
  { x: 3, y: 7 },
  { x: 3, y: 11 },
  { x: 3, y: 15 },
  { x: 7, y: 5 },
  { x: 7, y: 9 },
  { x: 7, y: 13 },
  { x: 10, y: 4 },
  { x: 10, y: 14 },
  { x: 10, y: 9 },
];
export const DEFAULT_FORMATION: { readonly [S in HomeAway]: readonly Point[] } = {
  home: HOME_433,
  away: HOME_433.map((p) => ({ x: WIDTH - 1 - p.x, y: p.y })),
};

/** What is wrong with a formation for `side` (empty = fine); each problem names the piece. */
export function formationProblems(side: HomeAway, points: readonly Point[]): string[] {
  const problems: string[] = [];
  if (points.length !== PIECES) return [`a formation places ${PIECES} pieces, not ${points.length}`];
  const half = OWN_HALF[side];
  const seen = new Map<Cell, number>();
  points.forEach((p, i) => {
    const n = i + 1;
    if (p.x < half.from || p.x > half.to || p.y < 0 || p.y > 18) problems.push(`${side} piece ${n} at (${p.x}, ${p.y}) is outside ${side}'s half (x ${half.from}..${half.to}, y 0..18)`);
    else if (FORBIDDEN[side].some((f) => f.x === p.x && f.y === p.y)) {
      problems.push(`${side} piece ${n} at (${p.x}, ${p.y}) is on or next to a kickoff spot where ${side} may not stand`);
    }
    const c = cellAt(p);
    const twin = seen.get(c);
    if (twin !== undefined) problems.push(`${side} pieces ${twin} and ${n} share (${p.x}, ${p.y})`);
    else seen.set(c, n);
  });
  return problems;
}
