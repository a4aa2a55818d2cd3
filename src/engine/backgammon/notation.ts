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

const pointName = (p: number): string => (p === BAR_POINT ? "bar" : p === OFF_POINT ? "off" : String(p));

export function makeMove(segments: readonly Segment[]): string {
  return segments
    .map((s) => {
      let text = pointName(s.path[0]!);
      for (let k = 1; k < s.path.length; k++) text += `/${pointName(s.path[k]!)}${s.hits[k] ? "*" : ""}`;
      return s.count > 1 ? `${text}(${s.count})` : text;
    })
    .join(" ");
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
  const hitPoints = new Set(steps.filter((s) => s.hit).map((s) => s.to));
  const sorted = [...steps].sort((a, b) => b.from - a.from || b.to - a.to);
  const chains: (number[] | null)[] = sorted.map((s) => [s.from, s.to]);
  for (let i = 0; i < chains.length; i++) {
    const chain = chains[i];
    if (!chain) continue;
    for (let j = i + 1; j < chains.length; j++) {
      const next = chains[j];
      if (!next || next.length !== 2 || chain[chain.length - 1] !== next[0]) continue;
      if (hitPoints.has(next[0]!)) chain.push(next[1]!);
      else chain[chain.length - 1] = next[1]!;
      chains[j] = null;
    }
  }
  const paths = chains.filter((c): c is number[] => c !== null);
  const counted: { path: number[]; count: number }[] = [];
  for (const path of paths) {
    const same = counted.find((c) => c.path.length === path.length && c.path.every((p, k) => p === path[k]));
    if (same) same.count++;
    else counted.push({ path, count: 1 });
  }
  const starred = new Set<number>();
  const segments: Segment[] = counted.map(({ path, count }) => {
    const hits = path.map((p, k) => {
      if (k === 0) return false;
      if (k < path.length - 1) {
        starred.add(p);
        return true;
      }
      if (p === OFF_POINT || !hitPoints.has(p) || starred.has(p)) return false;
      starred.add(p);
      return true;
    });
    return { path, hits, count };
  });
  return makeMove(segments);
}
