import { chebyshev, isGoalZone, NEIGHBOURS, stepFrom, toGoalLine, type Cell, type Direction } from "./board.js";
import type { Slide } from "./move-schema.js";
import { keeperOf } from "./state.js";
import { canStep, type WalkContext } from "./walk.js";
import { otherIndex, type SideIndex } from "../common/home-away.js";

/** What a penalty run with one die does: it reaches the ball (then these slides are allowed) or misses. */
export interface RunOutcome {
  readonly reached: boolean;
  readonly slides: readonly Slide[];
}

const MISS: RunOutcome = { reached: false, slides: ["none"] };

/**
 * The kicker's run: a shortest path to the ball (one king step nearer per point) over empty cells
 * on which no step increases its distance to the goal line it shoots at. A die too short for that
 * distance, or no such path, is a miss. Surplus points carry kicker and ball together along y over
 * token-free field cells, in a direction where the whole surplus fits (N or S); when neither fits,
 * the surplus lapses (`none`).
 * `occ` is the occupancy without the kicker.
 */
export function runOutcome(occ: Int8Array, from: Cell, ball: Cell, attacker: SideIndex, die: number): RunOutcome {
  const distance = chebyshev(from, ball);
  if (die < distance) return MISS;
  const ctx: WalkContext = { occ, ball, start: from, holding: false, side: attacker, keeper: false };
  let frontier = new Set<Cell>([from]);
  for (let k = distance; k > 0; k--) {
    const next = new Set<Cell>();
    for (const c of frontier) {
      for (const n of NEIGHBOURS[c]!) {
        if (chebyshev(n, ball) !== k - 1 || toGoalLine(attacker, n) > toGoalLine(attacker, c)) continue;
        if (canStep(ctx, c, n, n === ball)) next.add(n);
      }
    }
    frontier = next;
    if (frontier.size === 0) return MISS;
  }
  const surplus = die - distance;
  if (surplus === 0) return { reached: true, slides: ["none"] };
  const free = (["N", "S"] as const).filter((d) => {
    for (let i = 1; i <= surplus; i++) {
      const c = stepFrom(ball, d, i);
      if (c < 0 || occ[c] !== 0 || isGoalZone(c)) return false;
    }
    return true;
  });
  return { reached: true, slides: free.length > 0 ? free : ["none"] };
}

/** The cell kicker and ball end on after a slide. */
export const slideEnd = (ball: Cell, slide: Slide, surplus: number): Cell => (slide === "none" ? ball : stepFrom(ball, slide, surplus));

/** What a penalty shot does: it flies over tokens, scores on entering the goal zone, is saved on the keeper's cell, else misses. */
export type Shot = { readonly kind: "goal"; readonly cell: Cell } | { readonly kind: "saved"; readonly cell: Cell } | { readonly kind: "miss" };

export function shot(tokens: readonly Cell[], ball: Cell, attacker: SideIndex, dir: Direction, die: number): Shot {
  const keeperCell = tokens[keeperOf(otherIndex(attacker))]!;
  for (let i = 1; i <= die; i++) {
    const c = stepFrom(ball, dir, i);
    if (c < 0) return { kind: "miss" };
    if (c === keeperCell) return { kind: "saved", cell: c };
    if (isGoalZone(c)) return { kind: "goal", cell: c };
  }
  return { kind: "miss" };
}
