import * as B from "./board.js";
import type { Cell, Lane, ZoneIndex } from "./board.js";
import { gateRule } from "./crossing.js";
import type { Variant } from "./options.js";
import type { TokenState } from "./state.js";
import * as Z from "./zones.js";

// Module-local copies: loaders that emulate ES live bindings turn every imported name into a
// getter call, which costs more than the search itself in its inner loop.
const { FULL, HALF, NOT_COL0, NOT_COL5 } = Z;
const { chebyshev, zoneOf } = B;
const LOCAL: Int8Array = Z.LOCAL;
const ZONE_CELL: Int16Array = Z.ZONE_CELL;
const NB_A: Int32Array = Z.NB_A;
const NB_B: Int32Array = Z.NB_B;
const NEIGHBOURS: readonly (readonly number[])[] = Z.NEIGHBOURS;
const bitA = (local: number): number => (local < 18 ? 1 << local : 0);
const bitB = (local: number): number => (local < 18 ? 0 : 1 << (local - 18));
function popcount(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * The path search. A route is a self-avoiding walk of king steps, so the plain enumeration of
 * routes grows like 7^points (a 6-6 roll: ~10^9 walks). The search instead asks, for each
 * destination and number of points, whether SOME walk gets there, and stops exploring a branch
 * as soon as nothing still unanswered can be reached from it:
 * - a breadth-first bound, recomputed on the cells still free (bit-parallel, 2 x 18-bit masks),
 *   must reach the target within the points left, and the region must hold enough cells;
 * - a cell can be a dead end (an early stop) only if the route can still cover all its free
 *   neighbours before entering it;
 * - after a gate step the walk continues in another zone, where cells of the previous zone no
 *   longer matter: the part beyond a gate depends only on the step count, so it is explored
 *   once per step count.
 * The bounds are lower bounds, so a pruned branch never held an unanswered target: the search is
 * exact, and the first route found to a target is the first in depth-first order. The exhaustive
 * enumeration (oracle.ts) checks it in the tests.
 *
 * Module-level scratch arrays keep the search allocation-free; it is synchronous and not
 * re-entered, so callers still see a pure function.
 */

export interface SearchPosition {
  readonly variant: Variant;
  readonly lane: Lane;
  /** The moving team's tokens. */
  readonly tokens: readonly TokenState[];
  readonly progress: number;
  /** Every token on the board (all teams), as zone masks: occupied[2 * zone] (rows 0-2), [2 * zone + 1]. */
  readonly occupied: Int32Array;
}

export const occupancy = (teams: readonly (readonly TokenState[])[]): Int32Array => {
  const masks = new Int32Array(8);
  for (const team of teams) for (const t of team) if (t.cell !== null) addCell(masks, t.cell);
  return masks;
};

const addCell = (masks: Int32Array, cell: Cell): void => {
  const z = zoneOf(cell);
  const l = LOCAL[cell]!;
  masks[2 * z] = masks[2 * z]! | bitA(l);
  masks[2 * z + 1] = masks[2 * z + 1]! | bitB(l);
};

const inMasks = (masks: Int32Array, cell: Cell): boolean => {
  const z = zoneOf(cell);
  const l = LOCAL[cell]!;
  return ((masks[2 * z]! & bitA(l)) | (masks[2 * z + 1]! & bitB(l))) !== 0;
};

/** One distinct action of a token: the die spent (0 first, 1 second, 2 both), where it ends, points spent. */
export interface Reach {
  readonly die: 0 | 1 | 2;
  /** Board cell, or -1 for a finish. */
  readonly to: number;
  readonly points: number;
}

const K = 13; // step counts 0..12

/** BALL[(local * 13 + r) * 2 + half]: the cells within Chebyshev distance r inside the zone. */
const BALL = new Int32Array(36 * K * 2);
for (let c = 0; c < 36; c++) {
  for (let r = 0; r < K; r++) {
    for (let t = 0; t < 36; t++) {
      if (Z.ZONE_GRID.chebyshev(c, t) <= r) {
        BALL[(c * K + r) * 2] = BALL[(c * K + r) * 2]! | bitA(t);
        BALL[(c * K + r) * 2 + 1] = BALL[(c * K + r) * 2 + 1]! | bitB(t);
      }
    }
  }
}
const DEPTHS = 4; // zones a route can touch: 12 points cannot bring a token back to its zone
const GATE_CLOSED = 0;
const GATE_CROSS = 1;
const GATE_FINISH = 2;

// ---- per-search context ----
let ctxVariant: Variant = "sprint";
let ctxLane: Lane = 1;
let ctxTokens: readonly TokenState[] = [];
let ctxMover = 0;
let ctxOcc: Int32Array = new Int32Array(8);
const vis = new Int32Array(8);
let zone0: ZoneIndex = 0;
let maxL = 0;
let singleMax = 0;
let bothL = 0;
let exactMask = 0;
/** 0: answer every (destination, points); 1: find one route to the target. */
let mode = 0;
let tKind = 0; // 0 exact, 1 stuck (early stop), 2 finish
let tDepth = 0;
let tLocal = 0;
let tK = 0;
let found = false;

// ---- per-depth scratch ----
const zoneAt = new Int8Array(DEPTHS);
const freeA = new Int32Array(DEPTHS);
const freeB = new Int32Array(DEPTHS);
const gateKind = new Int8Array(DEPTHS);
const g0Local = new Int8Array(DEPTHS);
const h0Cell = new Int16Array(DEPTHS);
const nextProgress = new Int32Array(DEPTHS);
const inited = new Uint8Array(DEPTHS);
const remaining = new Int32Array(DEPTHS);
const exNeedA = new Int32Array(DEPTHS * K);
const exNeedB = new Int32Array(DEPTHS * K);
const stNeedA = new Int32Array(DEPTHS * K);
const stNeedB = new Int32Array(DEPTHS * K);
const exFoundA = new Int32Array(DEPTHS * K);
const exFoundB = new Int32Array(DEPTHS * K);
const stFoundA = new Int32Array(DEPTHS * K);
const stFoundB = new Int32Array(DEPTHS * K);
const crossed = new Uint8Array(DEPTHS * K);
const finFound = new Uint8Array(K);
const pathCell = new Int16Array(K + 1);
const order = new Int32Array(K * 8);
const orderKey = new Int32Array(8);
const freeCount = new Int8Array(36);

function begin(pos: SearchPosition, mover: number, visited: readonly Cell[]): void {
  ctxVariant = pos.variant;
  ctxLane = pos.lane;
  ctxTokens = pos.tokens;
  ctxMover = mover;
  ctxOcc = pos.occupied;
  vis.fill(0);
  for (const c of visited) addCell(vis, c);
  zone0 = zoneOf(pos.tokens[mover]!.cell!);
  inited.fill(0);
  remaining.fill(0);
  exNeedA.fill(0);
  exNeedB.fill(0);
  stNeedA.fill(0);
  stNeedB.fill(0);
  exFoundA.fill(0);
  exFoundB.fill(0);
  stFoundA.fill(0);
  stFoundB.fill(0);
  crossed.fill(0);
  finFound.fill(0);
  found = false;
}

/** Prepares the zone a route reaches after `d` gate steps, with the team's progress at that point. */
function initDepth(d: number, progress: number): void {
  const z = ((zone0 + d) % 4) as ZoneIndex;
  zoneAt[d] = z;
  const fa = ~(ctxOcc[2 * z]! | vis[2 * z]!) & FULL;
  const fb = ~(ctxOcc[2 * z + 1]! | vis[2 * z + 1]!) & FULL;
  freeA[d] = fa;
  freeB[d] = fb;
  const rule = gateRule(ctxVariant, ctxLane, ctxTokens, progress, ctxMover, z);
  let kind = rule.kind === "finish" ? GATE_FINISH : rule.kind === "cross" ? GATE_CROSS : GATE_CLOSED;
  if (kind === GATE_CROSS && (d + 1 >= DEPTHS || inMasks(ctxOcc, rule.gate.h0) || inMasks(vis, rule.gate.h0))) kind = GATE_CLOSED;
  gateKind[d] = kind;
  g0Local[d] = kind === GATE_CLOSED ? -1 : LOCAL[rule.gate.g[0]]!;
  h0Cell[d] = rule.gate.h0;
  nextProgress[d] = progress + (rule.first ? 1 : 0);
  const base = d * K;
  let rem = 0;
  if (mode === 0) {
    const cells = popcount(fa) + popcount(fb);
    for (let k = 1; k <= maxL; k++) {
      if ((exactMask >>> k) & 1) {
        exNeedA[base + k] = fa;
        exNeedB[base + k] = fb;
        rem += cells;
      }
    }
    if (singleMax > 1) {
      for (let t = 0; t < 36; t++) {
        const free = t < HALF ? (fa >>> t) & 1 : (fb >>> (t - HALF)) & 1;
        freeCount[t] = free && !(t === g0Local[d]) ? popcount(NB_A[t]! & fa) + popcount(NB_B[t]! & fb) : 99;
      }
      // A dead end entered at step k has all its free neighbours on the route: k - 1 cells at most.
      for (let k = 1; k < singleMax; k++) {
        let sa = 0;
        let sb = 0;
        for (let t = 0; t < 36; t++) {
          if (freeCount[t]! <= k - 1) {
            sa |= bitA(t);
            sb |= bitB(t);
            rem++;
          }
        }
        stNeedA[base + k] = sa;
        stNeedB[base + k] = sb;
      }
    }
  } else if (d === tDepth && tKind !== 2) {
    if (tKind === 0) {
      exNeedA[base + tK] = bitA(tLocal);
      exNeedB[base + tK] = bitB(tLocal);
    } else {
      stNeedA[base + tK] = bitA(tLocal);
      stNeedB[base + tK] = bitB(tLocal);
    }
    rem = 1;
  }
  remaining[d] = rem;
  inited[d] = 1;
}

const finishNeeded = (k: number): boolean =>
  mode === 0 ? k <= maxL && finFound[k] === 0 && (k <= singleMax || k === bothL) : tKind === 2 && k === tK && !found;

function anyFinishNeeded(): boolean {
  for (let k = 1; k <= maxL; k++) if (finishNeeded(k)) return true;
  return false;
}

/** May anything still unanswered lie beyond the gate of depth d? (Unknown zones: yes.) */
function beyondNeeded(d: number): boolean {
  if (d + 1 >= DEPTHS) return false;
  if (!inited[d + 1]) return true;
  if (remaining[d + 1]! > 0) return true;
  const g = gateKind[d + 1];
  if (g === GATE_FINISH) return anyFinishNeeded();
  if (g === GATE_CROSS) return beyondNeeded(d + 1);
  return false;
}

/** Is any unanswered target at step k reachable with the cells `la/lb` reached after j more steps? */
function layerHits(d: number, k: number, j: number, la: number, lb: number, fa: number, fb: number, beyond: boolean): boolean {
  const i = d * K + k;
  if ((exNeedA[i]! & la) | (exNeedB[i]! & lb)) return true;
  let sa = stNeedA[i]! & la;
  while (sa) {
    const t = 31 - Math.clz32(sa & -sa);
    if (popcount(NB_A[t]! & fa) + popcount(NB_B[t]! & fb) <= j - 1) return true;
    sa &= sa - 1;
  }
  let sb = stNeedB[i]! & lb;
  while (sb) {
    const t = HALF + 31 - Math.clz32(sb & -sb);
    if (popcount(NB_A[t]! & fa) + popcount(NB_B[t]! & fb) <= j - 1) return true;
    sb &= sb - 1;
  }
  const g = gateKind[d]!;
  if (g !== GATE_CLOSED) {
    const g0 = g0Local[d]!;
    if ((la & bitA(g0)) | (lb & bitB(g0))) {
      if (g === GATE_FINISH ? finishNeeded(k + 1) : beyond && k < maxL && crossed[d * K + k] === 0) return true;
    }
  }
  return false;
}

/** The pruning test: can a walk from `c` (u steps done, free cells fa/fb) still answer anything? */
function worthExploring(d: number, c: number, u: number, fa: number, fb: number): boolean {
  const g = gateKind[d]!;
  const beyond = g === GATE_CROSS && beyondNeeded(d);
  if (remaining[d] === 0 && (g === GATE_CLOSED || (g === GATE_CROSS && !beyond) || (g === GATE_FINISH && !anyFinishNeeded()))) return false;
  const R = maxL - u;
  // Walls and tokens only lengthen routes: targets outside the plain distance bound are out of reach.
  const g0 = g0Local[d]!;
  const g0a = g === GATE_CLOSED ? 0 : bitA(g0);
  const g0b = g === GATE_CLOSED ? 0 : bitB(g0);
  // c itself is on the route: it can never be entered again.
  const notCa = ~bitA(c);
  const notCb = ~bitB(c);
  let near = false;
  for (let j = 1; j <= R && !near; j++) {
    const i = d * K + u + j;
    const b = (c * K + j) * 2;
    const ba = BALL[b]! & notCa;
    const bb = BALL[b + 1]! & notCb;
    if (((exNeedA[i]! | stNeedA[i]!) & ba) | ((exNeedB[i]! | stNeedB[i]!) & bb)) near = true;
    else if ((g0a & ba) | (g0b & bb)) {
      const k = u + j;
      near = g === GATE_FINISH ? finishNeeded(k + 1) : beyond && k < maxL && crossed[d * K + k] === 0;
    }
  }
  if (!near) return false;
  let ca = bitA(c);
  let cb = bitB(c);
  let j = 1;
  for (; j <= R; j++) {
    const ha = ca | ((ca << 1) & NOT_COL0) | ((ca >>> 1) & NOT_COL5);
    const hb = cb | ((cb << 1) & NOT_COL0) | ((cb >>> 1) & NOT_COL5);
    const na = ca | ((ha | (ha << 6) | (ha >>> 6) | ((hb & 63) << 12)) & fa);
    const nb = cb | ((hb | (hb << 6) | (hb >>> 6) | (ha >>> 12)) & fb);
    if (na === ca && nb === cb) break;
    if (layerHits(d, u + j, j, na & notCa, nb & notCb, fa, fb, beyond)) return true;
    ca = na;
    cb = nb;
  }
  if (j > R) return false;
  // The region is closed: it holds `size` cells besides c, so no walk from c is longer.
  const last = Math.min(maxL, u + popcount(ca) + popcount(cb) - 1);
  for (let k = u + j; k <= last; k++) if (layerHits(d, k, k - u, ca & notCa, cb & notCb, fa, fb, beyond)) return true;
  return false;
}

function record(kind: 0 | 1, d: number, c: number, u: number): void {
  const i = d * K + u;
  const ba = bitA(c);
  const bb = bitB(c);
  if (kind === 0) {
    if ((exNeedA[i]! & ba) | (exNeedB[i]! & bb)) {
      exNeedA[i] = exNeedA[i]! & ~ba;
      exNeedB[i] = exNeedB[i]! & ~bb;
      remaining[d] = remaining[d]! - 1;
    }
    exFoundA[i] = exFoundA[i]! | ba;
    exFoundB[i] = exFoundB[i]! | bb;
  } else {
    if ((stNeedA[i]! & ba) | (stNeedB[i]! & bb)) {
      stNeedA[i] = stNeedA[i]! & ~ba;
      stNeedB[i] = stNeedB[i]! & ~bb;
      remaining[d] = remaining[d]! - 1;
    }
    stFoundA[i] = stFoundA[i]! | ba;
    stFoundB[i] = stFoundB[i]! | bb;
  }
}

function dfs(d: number, c: number, u: number, pa: number, pb: number): void {
  if (mode === 0) {
    if ((exactMask >>> u) & 1) record(0, d, c, u);
  } else if (tKind === 0 && u === tK && d === tDepth && c === tLocal) {
    found = true;
    return;
  }
  const fa = freeA[d]! & ~pa;
  const fb = freeB[d]! & ~pb;
  const atGate = gateKind[d] !== GATE_CLOSED && c === g0Local[d];
  if ((NB_A[c]! & fa) === 0 && (NB_B[c]! & fb) === 0 && !atGate) {
    // A dead end: the route may stop here early (one-die actions only, Movement).
    if (mode === 0) {
      if (u >= 1 && u < singleMax) record(1, d, c, u);
    } else if (tKind === 1 && u === tK && d === tDepth && c === tLocal) found = true;
    return;
  }
  if (u >= maxL) return;
  if (atGate) {
    if (gateKind[d] === GATE_FINISH) {
      if (mode === 0) {
        if (finishNeeded(u + 1)) finFound[u + 1] = 1;
      } else if (tKind === 2 && u + 1 === tK) {
        found = true;
        return;
      }
    } else if (crossed[d * K + u] === 0) {
      crossed[d * K + u] = 1;
      if (!inited[d + 1]) initDepth(d + 1, nextProgress[d]!);
      const h = LOCAL[h0Cell[d]!]!;
      pathCell[u + 1] = h0Cell[d]!;
      dfs(d + 1, h, u + 1, bitA(h), bitB(h));
      if (found) return;
    }
  }
  if (u + 1 === maxL && (mode === 0 || tKind === 0)) {
    // The last step: every free neighbour is an answer; no need to enter them one by one.
    const la = NB_A[c]! & fa;
    const lb = NB_B[c]! & fb;
    const i = d * K + maxL;
    if (mode === 0) {
      const na = exNeedA[i]! & la;
      const nb = exNeedB[i]! & lb;
      if (na | nb) {
        remaining[d] = remaining[d]! - popcount(na) - popcount(nb);
        exNeedA[i] = exNeedA[i]! & ~la;
        exNeedB[i] = exNeedB[i]! & ~lb;
      }
      exFoundA[i] = exFoundA[i]! | la;
      exFoundB[i] = exFoundB[i]! | lb;
    } else if (d === tDepth && ((la & bitA(tLocal)) | (lb & bitB(tLocal)))) {
      pathCell[u + 1] = ZONE_CELL[zoneAt[d]! * 36 + tLocal]!;
      found = true;
    }
    return;
  }
  if (!worthExploring(d, c, u, fa, fb)) return;
  const list = NEIGHBOURS[c]!;
  const zBase = zoneAt[d]! * 36;
  if (mode === 0) {
    for (let i = 0; i < list.length; i++) {
      const n = list[i]!;
      const na = bitA(n);
      const nb = bitB(n);
      if ((na & fa) | (nb & fb)) {
        pathCell[u + 1] = ZONE_CELL[zBase + n]!;
        dfs(d, n, u + 1, pa | na, pb | nb);
      }
    }
    return;
  }
  // Route finding: try first the neighbour whose distance to the aim best matches the points
  // that will be left (ties in DIRECTIONS order), so routes head for the target without wasting space.
  const slot = u * 8;
  let count = 0;
  const toTarget = d === tDepth;
  let aimLocal = toTarget && tKind !== 2 ? tLocal : g0Local[d]!;
  if (aimLocal < 0) aimLocal = c;
  const aim = ZONE_CELL[zBase + aimLocal]!;
  const want = toTarget ? (tKind === 2 ? tK - 1 : tK) - (u + 1) : 0;
  for (let i = 0; i < list.length; i++) {
    const n = list[i]!;
    if ((bitA(n) & fa) | (bitB(n) & fb)) {
      const key = Math.abs(chebyshev(ZONE_CELL[zBase + n]!, aim) - want) * 8 + i;
      let p = count++;
      while (p > 0 && orderKey[p - 1]! > key) {
        orderKey[p] = orderKey[p - 1]!;
        order[slot + p] = order[slot + p - 1]!;
        p--;
      }
      orderKey[p] = key;
      order[slot + p] = n;
    }
  }
  for (let i = 0; i < count; i++) {
    const n = order[slot + i]!;
    pathCell[u + 1] = ZONE_CELL[zBase + n]!;
    dfs(d, n, u + 1, pa | bitA(n), pb | bitB(n));
    if (found) return;
  }
}

function collect(out: number[], zBase: number, a: number, b: number, points: number): void {
  while (a) {
    const t = 31 - Math.clz32(a & -a);
    out.push(ZONE_CELL[zBase + t]! * 16 + points);
    a &= a - 1;
  }
  while (b) {
    const t = 31 - Math.clz32(b & -b);
    out.push(ZONE_CELL[zBase + HALF + t]! * 16 + points);
    b &= b - 1;
  }
}

/**
 * Every distinct action of one token with `first`/`second` points left on the dice (0 = spent).
 * When both dice show the same points only `first` is listed: the two labels are one action.
 */
export function enumerateReaches(pos: SearchPosition, mover: number, visited: readonly Cell[], first: number, second: number): Reach[] {
  const start = pos.tokens[mover]!.cell!;
  begin(pos, mover, visited);
  mode = 0;
  const lens: number[] = [first, second === first ? 0 : second];
  bothL = first > 0 && second > 0 ? first + second : 0;
  singleMax = Math.max(first, second);
  maxL = Math.max(singleMax, bothL);
  exactMask = 0;
  for (const l of [...lens, bothL]) if (l > 0) exactMask |= 1 << l;
  if (maxL === 0) return [];
  initDepth(0, pos.progress);
  pathCell[0] = start;
  const s = LOCAL[start]!;
  dfs(0, s, 0, bitA(s), bitB(s));

  const out: Reach[] = [];
  const dieLens = [lens[0]!, lens[1]!, bothL];
  for (let die = 0 as 0 | 1 | 2; die <= 2; die++) {
    const l = dieLens[die]!;
    if (l === 0) continue;
    const cells: number[] = []; // cell * 16 + points, sorted below
    for (let d = 0; d < DEPTHS; d++) {
      if (!inited[d]) continue;
      collect(cells, zoneAt[d]! * 36, exFoundA[d * K + l]!, exFoundB[d * K + l]!, l);
      if (die !== 2) for (let k = 1; k < l; k++) collect(cells, zoneAt[d]! * 36, stFoundA[d * K + k]!, stFoundB[d * K + k]!, k);
    }
    cells.sort((x, y) => x - y);
    for (const v of cells) out.push({ die, to: v >> 4, points: v & 15 });
    if (die !== 2) {
      for (let k = 1; k <= l; k++) if (finFound[k]) out.push({ die, to: -1, points: k });
    } else if (finFound[l]) out.push({ die, to: -1, points: l });
  }
  return out;
}

/**
 * The route the engine chooses for an action: the first in depth-first order where each step
 * tries the neighbour whose distance to the destination (or, before the last gate, to the gate)
 * best matches the points still to spend, ties in the order N, NE, E, SE, S, SW, W, NW.
 * `to` = -1 for a finish; `early` = the action stops before the die is spent (at a dead end).
 * Returns the cells entered (a finish ends on g0 of F41), or null when no route exists.
 */
export function findRoute(pos: SearchPosition, mover: number, visited: readonly Cell[], to: number, points: number, early: boolean): Cell[] | null {
  const start = pos.tokens[mover]!.cell!;
  begin(pos, mover, visited);
  mode = 1;
  maxL = points;
  tK = points;
  singleMax = 0;
  bothL = 0;
  exactMask = 0;
  if (to === -1) {
    tKind = 2;
    tDepth = (3 - zone0 + 4) % 4;
    tLocal = 0;
  } else {
    tKind = early ? 1 : 0;
    tDepth = (zoneOf(to) - zone0 + 4) % 4;
    tLocal = LOCAL[to]!;
  }
  if (points < 1 || points > 12) return null;
  initDepth(0, pos.progress);
  pathCell[0] = start;
  const s = LOCAL[start]!;
  dfs(0, s, 0, bitA(s), bitB(s));
  if (!found) return null;
  const steps = tKind === 2 ? points - 1 : points;
  return Array.from(pathCell.subarray(1, steps + 1));
}
