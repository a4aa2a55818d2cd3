import { CELLS, chebyshev, halfOf, NEIGHBOURS, zoneOf, type Cell } from "./board.js";
import type { SideIndex } from "../common/home-away.js";

/**
 * What a walk needs to know: the other tokens (the walker's own cell counts as empty), where the
 * ball lies, and who walks. Revisits are allowed (the original rules' "back and forth"), so a walk is a
 * sequence of king steps over states (cell, carrying the ball?).
 */
export interface WalkContext {
  /** Occupancy without the walker: token index + 1 per cell, 0 = empty. */
  readonly occ: Int8Array;
  /** The ball's cell (the walker's own when it holds it). */
  readonly ball: Cell;
  readonly start: Cell;
  /** The walker holds the ball at the start: it carries it from the first step. */
  readonly holding: boolean;
  readonly side: SideIndex;
  readonly keeper: boolean;
}

/**
 * May the walker step from `from` to `to`, holding the ball after the step or not? Field tokens
 * never enter a goal zone and enter a goalkeeper zone only holding the ball, unless they are
 * already inside it; a keeper goes freely in its own goalkeeper and goal zones (but never carries
 * the ball into a goal zone: only a kick scores) and follows the field rules elsewhere.
 */
export function canStep(ctx: WalkContext, from: Cell, to: Cell, carrying: boolean): boolean {
  if (ctx.occ[to] !== 0) return false;
  const zone = zoneOf(to);
  if (zone === "goal") return ctx.keeper && !carrying && halfOf(to) === ctx.side;
  if (zone === "keeper") {
    if (ctx.keeper && halfOf(to) === ctx.side) return true;
    return carrying || (zoneOf(from) === "keeper" && halfOf(from) === halfOf(to));
  }
  return true;
}

/** A walk state: cell * 2 + (carrying ? 1 : 0). */
export const stateOf = (cell: Cell, carrying: boolean): number => cell * 2 + (carrying ? 1 : 0);
export const cellOfState = (s: number): Cell => s >> 1;
export const carriesIn = (s: number): boolean => (s & 1) === 1;

/**
 * Every state reachable in exactly k steps, for k = 0..depth, with one predecessor each (the first
 * found, scanning the frontier and the directions in a fixed order, so the chosen path is
 * deterministic). It applies the same step rule as `canStep` (which `walkPath` uses).
 * `arrival[k]` is a non-carrying predecessor from which the ball was first stepped onto at step k.
 */
export interface Reach {
  readonly depth: number;
  /** layers[k][state] = predecessor state + 1 (layer 0: the start state is marked 1). */
  readonly layers: readonly Int16Array[];
  /** The states of each layer, in the order found. */
  readonly lists: readonly (readonly number[])[];
  readonly arrival: readonly number[];
}

export function reach(ctx: WalkContext, depth: number): Reach {
  const layers: Int16Array[] = [];
  const lists: number[][] = [];
  const arrival: number[] = [0];
  const size = CELLS * 2;
  const buffer = new Int16Array(size * (depth + 1));
  const first = buffer.subarray(0, size);
  const startCarry = ctx.holding || ctx.start === ctx.ball;
  first[stateOf(ctx.start, startCarry)] = 1;
  layers.push(first);
  let frontier = [stateOf(ctx.start, startCarry)];
  lists.push(frontier);
  // canStep, inlined for speed: the zone codes say where a step needs the ball or is barred.
  const { occ, ball } = ctx;
  const ownKeeperZone = ctx.keeper ? (ctx.side === 0 ? 1 : 2) : -1;
  const ownGoal = ctx.keeper ? (ctx.side === 0 ? 3 : 4) : -1;
  const neighbours = NB;
  const zones = ZONE_CODE;
  for (let k = 1; k <= depth; k++) {
    const layer = buffer.subarray(size * k, size * (k + 1));
    const next: number[] = [];
    let arrived = 0;
    for (const s of frontier) {
      const from = s >> 1;
      const carrying = (s & 1) === 1;
      const fromZone = zones[from]!;
      for (const to of neighbours[from]!) {
        if (occ[to] !== 0) continue;
        const after = carrying || to === ball;
        const zone = zones[to]!;
        if (zone !== 0) {
          if (zone >= 3) {
            if (zone !== ownGoal || after) continue;
          } else if (zone !== ownKeeperZone && !after && fromZone !== zone) continue;
        }
        const t = to * 2 + (after ? 1 : 0);
        if (!carrying && after && arrived === 0) arrived = s + 1;
        if (layer[t] === 0) {
          layer[t] = s + 1;
          next.push(t);
        }
      }
    }
    layers.push(layer);
    lists.push(next);
    arrival.push(arrived);
    frontier = next;
    if (next.length === 0) {
      for (let j = k + 1; j <= depth; j++) {
        layers.push(layer);
        lists.push(next);
        arrival.push(0);
      }
      break;
    }
  }
  return { depth, layers, lists, arrival };
}

/** A module-local alias: an imported binding read in a hot loop costs a getter call under some loaders. */
const NB = NEIGHBOURS;

/** Zone codes: 0 free or penalty zone, 1 / 2 home / away goalkeeper zone, 3 / 4 home / away goal zone. */
const ZONE_CODE: Uint8Array = Uint8Array.from({ length: CELLS }, (_, c) => {
  const zone = zoneOf(c);
  return zone === "keeper" ? 1 + halfOf(c) : zone === "goal" ? 3 + halfOf(c) : 0;
});

/** The states of layer k, in the order the search found them. */
export const statesAt = (r: Reach, k: number): readonly number[] => r.lists[k] ?? [];

/** The cells entered by the recorded path to `state` at step k (k cells, the last one its cell). */
export function pathTo(r: Reach, k: number, state: number, viaArrival = false): Cell[] {
  const cells: Cell[] = [];
  let s = state;
  for (let j = k; j >= 1; j--) {
    cells.push(cellOfState(s));
    const pred = j === k && viaArrival ? r.arrival[j]! : r.layers[j]![s]!;
    s = pred - 1;
  }
  return cells.reverse();
}

/** A walk along a given path: where it ends, whether it carries the ball then, and at which step it took it (0 = held from the start, -1 = never). */
export interface Walked {
  readonly end: Cell;
  readonly carrying: boolean;
  readonly pickup: number;
  /** Whether the walker carried the ball after each step (index k - 1 for step k). */
  readonly carried: readonly boolean[];
}

/** Checks a path step by step with the same rule as the search; null when some step is not legal. */
export function walkPath(ctx: WalkContext, path: readonly Cell[]): Walked | null {
  let at = ctx.start;
  let carrying = ctx.holding || ctx.start === ctx.ball;
  let pickup = carrying ? 0 : -1;
  const carried: boolean[] = [];
  for (const [i, to] of path.entries()) {
    if (to < 0 || to >= CELLS || chebyshev(at, to) !== 1) return null;
    const after = carrying || to === ctx.ball;
    if (!canStep(ctx, at, to, after)) return null;
    if (!carrying && after) pickup = i + 1;
    carrying = after;
    carried.push(carrying);
    at = to;
  }
  return { end: at, carrying, pickup, carried };
}
