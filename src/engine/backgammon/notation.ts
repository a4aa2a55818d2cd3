import { err, ok, type Result, type RuleError } from "../result.js";
import type { Step } from "./plays.js";

// Standard backgammon move notation, from the mover's own side: `24/18 13/8`, `bar/22*`, `6/off`,
// `13/7(2)`, `8/5*/3`. Points are 1..24, `bar` is 25 and `off` is 0 internally.

export const BAR_POINT = 25;
export const OFF_POINT = 0;

/** One written part: a checker's path (source first), the `*` after each point, and a `(n)` repeat. */
export interface Segment {
  readonly path: readonly number[];
  /** hits[k] is the `*` after path[k]; hits[0] is always false (a source is never marked). */
  readonly hits: readonly boolean[];
  readonly count: number;
}

/** Point names by notation point, made once: every listed move is written from them. */
const POINT_NAMES = Array.from({ length: 26 }, (_, p) => (p === BAR_POINT ? "bar" : p === OFF_POINT ? "off" : String(p)));

export function makeMove(segments: readonly Segment[]): string {
  let text = "";
  for (const s of segments) {
    if (text !== "") text += " ";
    text += POINT_NAMES[s.path[0]!]!;
    for (let k = 1; k < s.path.length; k++) text += s.hits[k] ? `/${POINT_NAMES[s.path[k]!]}*` : `/${POINT_NAMES[s.path[k]!]}`;
    if (s.count > 1) text += `(${s.count})`;
  }
  return text;
}

const TOKEN = /^(bar|\d{1,2})((?:\/(?:bar|off|\d{1,2})\*?)+)(?:\(([1-4])\))?$/;
const HOP = /\/(bar|off|\d{1,2})(\*?)/g;

const unparseable = (message: string): Result<never, RuleError> => err({ reason: "UNPARSEABLE_MOVE", message });

function parsePoint(text: string): number | null {
  if (text === "bar") return BAR_POINT;
  if (text === "off") return OFF_POINT;
  const n = Number(text);
  return n >= 1 && n <= 24 ? n : null;
}

/**
 * Parses a checker play written in any usual spelling: parts in any order, `/` or `-` between
 * points, optional `*`, `(n)` repeats, any case. Only the shape is checked here; whether the play
 * is legal is decided against the legal plays (see `resolve.ts`).
 */
export function parseMove(text: string): Result<Segment[], RuleError> {
  const tokens = text.trim().toLowerCase().replace(/-/g, "/").split(/[\s,]+/).filter((t) => t.length > 0);
  if (tokens.length === 0) return unparseable("empty move");
  const segments: Segment[] = [];
  for (const token of tokens) {
    const m = TOKEN.exec(token);
    if (!m) return unparseable(`cannot read "${token}" (expected e.g. 24/18, bar/22*, 6/off, 13/7(2))`);
    const path = [parsePoint(m[1]!)];
    const hits = [false];
    for (const hop of m[2]!.matchAll(HOP)) {
      path.push(parsePoint(hop[1]!));
      hits.push(hop[2] === "*");
    }
    if (path.some((p) => p === null)) return unparseable(`"${token}": points are 1..24, bar or off`);
    const points = path as number[];
    for (let k = 1; k < points.length; k++) {
      if (points[k]! >= points[k - 1]!) return unparseable(`"${token}": a checker only moves towards its home`);
    }
    if (points[0] === OFF_POINT) return unparseable(`"${token}": cannot move from off`);
    if (hits[points.length - 1] && points[points.length - 1] === OFF_POINT) {
      return unparseable(`"${token}": nothing is hit off the board`);
    }
    segments.push({ path: points, hits, count: m[3] ? Number(m[3]) : 1 });
  }
  return ok(segments);
}

/**
 * Writes the steps of a play the way gnubg's FormatMove does: steps sorted by source (then
 * destination) from high to low, steps of one checker chained (an intermediate point is kept,
 * with `*`, only where a blot was hit), the first mention of a hit point marked `*`, and identical
 * parts folded into `(n)`. Same play, same string, whatever order the steps were found in.
 */
export function formatSteps(steps: readonly Step[]): string {
  const n = steps.length;
  if (n > MAX_STEPS) return makeMove(stepSegments(steps));
  let hitPoints = 0;
  for (const s of steps) if (s.hit) hitPoints |= 1 << s.to;
  // The steps in stepSegments' order: insertion sort of their indices, source then destination, high first.
  for (let i = 0; i < n; i++) {
    const s = steps[i]!;
    let j = i - 1;
    for (; j >= 0; j--) {
      const t = steps[order[j]!]!;
      if (!(t.from < s.from || (t.from === s.from && t.to < s.to))) break;
      order[j + 1] = order[j]!;
    }
    order[j + 1] = i;
  }
  for (let i = 0; i < n; i++) {
    const s = steps[order[i]!]!;
    chainPoints[i * CHAIN] = s.from;
    chainPoints[i * CHAIN + 1] = s.to;
    chainLength[i] = 2;
    chainCount[i] = 1;
  }
  // One checker's steps joined, as stepSegments joins them (0: joined into an earlier chain).
  for (let i = 0; i < n; i++) {
    if (chainLength[i] === 0) continue;
    for (let j = i + 1; j < n; j++) {
      const end = i * CHAIN + chainLength[i]! - 1;
      if (chainLength[j] !== 2 || chainPoints[end] !== chainPoints[j * CHAIN]) continue;
      if (hitPoints & (1 << chainPoints[j * CHAIN]!)) chainPoints[i * CHAIN + chainLength[i]!++] = chainPoints[j * CHAIN + 1]!;
      else chainPoints[end] = chainPoints[j * CHAIN + 1]!;
      chainLength[j] = 0;
    }
  }
  // Identical chains folded into the first, which counts them.
  let parts = 0;
  for (let i = 0; i < n; i++) {
    const length = chainLength[i]!;
    if (length === 0) continue;
    let same = -1;
    for (let k = 0; k < parts && same < 0; k++) {
      const c = kept[k]!;
      let equal = chainLength[c] === length;
      for (let h = 0; equal && h < length; h++) equal = chainPoints[c * CHAIN + h] === chainPoints[i * CHAIN + h];
      if (equal) same = c;
    }
    if (same >= 0) chainCount[same]!++;
    else kept[parts++] = i;
  }
  let starred = 0;
  let text = "";
  for (let k = 0; k < parts; k++) {
    const c = kept[k]!;
    const length = chainLength[c]!;
    if (k > 0) text += " ";
    text += POINT_NAMES[chainPoints[c * CHAIN]!]!;
    for (let h = 1; h < length; h++) {
      const p = chainPoints[c * CHAIN + h]!;
      // As stepSegments marks them: every kept intermediate point, and a hit point at its first mention.
      const hit = h < length - 1 || (p !== OFF_POINT && (hitPoints & (1 << p)) !== 0 && (starred & (1 << p)) === 0);
      if (hit) starred |= 1 << p;
      text += hit ? `/${POINT_NAMES[p]}*` : `/${POINT_NAMES[p]}`;
    }
    if (chainCount[c]! > 1) text += `(${chainCount[c]})`;
  }
  return text;
}

/**
 * formatSteps' scratch space, reused by every call (it runs to its end without calling out): it
 * writes every legal play of every roll a client is answered with, and building the parts as
 * arrays and objects first (`makeMove(stepSegments(steps))`) made a fifth of a command's garbage.
 */
const MAX_STEPS = 4;
/** Points of one chain at most: four steps of one checker, all hitting. */
const CHAIN = MAX_STEPS + 1;
const order = new Int8Array(MAX_STEPS);
const chainPoints = new Int8Array(MAX_STEPS * CHAIN);
const chainLength = new Int8Array(MAX_STEPS);
const chainCount = new Int8Array(MAX_STEPS);
const kept = new Int8Array(MAX_STEPS);

/**
 * The parts `formatSteps` writes, as segments: what a move's resolution compares a written move
 * with (resolve.ts), and the plain form of formatSteps' rules, which a property test holds
 * formatSteps to. Plain loops and bit masks of points (a play has at most four steps).
 */
export function stepSegments(steps: readonly Step[]): Segment[] {
  let hitPoints = 0;
  for (const s of steps) if (s.hit) hitPoints |= 1 << s.to;
  // Insertion sort, stable like Array.prototype.sort, on source then destination, high first.
  const sorted = steps.slice();
  for (let i = 1; i < sorted.length; i++) {
    const s = sorted[i]!;
    let j = i - 1;
    for (; j >= 0 && (sorted[j]!.from < s.from || (sorted[j]!.from === s.from && sorted[j]!.to < s.to)); j--) sorted[j + 1] = sorted[j]!;
    sorted[j + 1] = s;
  }
  const chains: (number[] | null)[] = sorted.map((s) => [s.from, s.to]);
  for (let i = 0; i < chains.length; i++) {
    const chain = chains[i];
    if (!chain) continue;
    for (let j = i + 1; j < chains.length; j++) {
      const next = chains[j];
      if (!next || next.length !== 2 || chain[chain.length - 1] !== next[0]) continue;
      if (hitPoints & (1 << next[0]!)) chain.push(next[1]!);
      else chain[chain.length - 1] = next[1]!;
      chains[j] = null;
    }
  }
  const paths: number[][] = [];
  const counts: number[] = [];
  for (const path of chains) {
    if (!path) continue;
    const same = paths.findIndex((p) => p.length === path.length && p.every((point, k) => point === path[k]));
    if (same >= 0) counts[same]!++;
    else {
      paths.push(path);
      counts.push(1);
    }
  }
  let starred = 0;
  return paths.map((path, n) => {
    const hits = path.map((p, k) => {
      if (k === 0) return false;
      if (k < path.length - 1) {
        starred |= 1 << p;
        return true;
      }
      if (p === OFF_POINT || !(hitPoints & (1 << p)) || starred & (1 << p)) return false;
      starred |= 1 << p;
      return true;
    });
    return { path, hits, count: counts[n]! };
  });
}
