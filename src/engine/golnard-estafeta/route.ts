import { FINISH_FACE, xOf, yOf, zoneOf, type Cell, type Lane } from "./board.js";
import { gateRule } from "./crossing.js";
import type { Reason } from "./errors.js";
import type { Variant } from "./options.js";
import type { TokenState } from "./state.js";
import { isZoneStep, NEIGHBOURS, LOCAL, ZONE_CELL } from "./zones.js";

/** What one walked route does to its token and team. */
export interface RouteOutcome {
  /** Where the token ends; null when the route ends with the finishing step. */
  readonly end: Cell | null;
  /** Points spent: one per cell entered, plus one for a finish. */
  readonly steps: number;
  /** The team's first crossings after the route. */
  readonly progress: number;
  /** F41 crossings into a new lap (stayer). */
  readonly laps: number;
  /** The route ends on a cell where the token has no legal next step (an early stop is allowed there). */
  readonly deadEnd: boolean;
}

export interface RouteProblem {
  readonly reason: Reason;
  readonly message: string;
}

export interface RouteContext {
  readonly variant: Variant;
  readonly lane: Lane;
  /** The moving team's tokens. */
  readonly tokens: readonly TokenState[];
  readonly progress: number;
  /** Cells holding a token (any team). */
  readonly occupied: ReadonlySet<Cell>;
}

const label = (cell: Cell): string => `(${xOf(cell)},${yOf(cell)})`;

/**
 * Walks an explicit route step by step (Movement): king steps inside the zone onto
 * empty cells never entered this turn, and the gate step g0 -> h0 of the team's lane when the
 * gate is open. This is the reference for every route: searched routes are checked by it too.
 */
export function walkRoute(ctx: RouteContext, mover: number, visited: readonly Cell[], path: readonly Cell[], finish: boolean): RouteOutcome | RouteProblem {
  const seen = new Set<Cell>(visited);
  let cur = ctx.tokens[mover]!.cell!;
  let progress = ctx.progress;
  let laps = 0;
  for (const next of path) {
    if (isZoneStep(cur, next)) {
      if (seen.has(next)) return { reason: "CELL_REVISITED", message: `${label(next)} was already entered this turn` };
      if (ctx.occupied.has(next)) return { reason: "CELL_OCCUPIED", message: `${label(next)} is occupied` };
    } else {
      const zone = zoneOf(cur);
      const rule = gateRule(ctx.variant, ctx.lane, ctx.tokens, progress, mover, zone);
      if (cur !== rule.gate.g[0] || next !== rule.gate.h0) {
        return { reason: "NOT_A_STEP", message: `${label(cur)} -> ${label(next)} is neither a king step inside a zone nor the team's gate step` };
      }
      if (rule.kind === "closed") {
        return { reason: rule.why ?? "GATE_CLOSED", message: rule.why === "NOT_GATHERED" ? "the team must gather on g0..g(n-1) before its first token crosses" : "the gate is closed" };
      }
      if (rule.kind === "finish") return { reason: "NOT_A_STEP", message: `the gate step at ${label(cur)} finishes the token: the route must end with "finish"` };
      if (seen.has(next)) return { reason: "CELL_REVISITED", message: `${label(next)} was already entered this turn` };
      if (ctx.occupied.has(next)) return { reason: "CELL_OCCUPIED", message: `${label(next)} is occupied` };
      if (rule.first) progress++;
      if (zone === FINISH_FACE) laps++;
    }
    seen.add(next);
    cur = next;
  }
  if (finish) {
    const rule = gateRule(ctx.variant, ctx.lane, ctx.tokens, progress, mover, zoneOf(cur));
    if (cur !== rule.gate.g[0] || rule.kind !== "finish") {
      return { reason: rule.why === "NOT_GATHERED" && cur === rule.gate.g[0] ? "NOT_GATHERED" : "WRONG_DESTINATION", message: `no finishing step from ${label(cur)}` };
    }
    return { end: null, steps: path.length + 1, progress: progress + (rule.first ? 1 : 0), laps, deadEnd: false };
  }
  return { end: cur, steps: path.length, progress, laps, deadEnd: !hasNextStep(ctx, mover, cur, progress, seen) };
}

/** The local test for an early stop: does the token at `cur` have any legal next step? */
export function hasNextStep(ctx: RouteContext, mover: number, cur: Cell, progress: number, seen: ReadonlySet<Cell>): boolean {
  const zone = zoneOf(cur);
  for (const n of NEIGHBOURS[LOCAL[cur]!]!) {
    const cell = ZONE_CELL[zone * 36 + n]!;
    if (!seen.has(cell) && !ctx.occupied.has(cell)) return true;
  }
  const rule = gateRule(ctx.variant, ctx.lane, ctx.tokens, progress, mover, zone);
  if (cur !== rule.gate.g[0]) return false;
  if (rule.kind === "finish") return true;
  return rule.kind === "cross" && !seen.has(rule.gate.h0) && !ctx.occupied.has(rule.gate.h0);
}

export const isProblem = (r: RouteOutcome | RouteProblem): r is RouteProblem => "reason" in r;
