import { pointOf, zoneOf, type Cell } from "./board.js";
import { gateRule } from "./crossing.js";
import { DIE_CHOICES, TOKENS, type EstafetaMove } from "./options.js";
import type { EstafetaState } from "./state.js";
import { LOCAL, NEIGHBOURS, ZONE_CELL } from "./zones.js";

/**
 * The reference for the path search: every route, walked one by one with plain sets, from the
 * rules as the rules reference states them. Its cost grows like 7^points, so it is for tests (small dice)
 * and for the benchmark's baseline, never for play.
 */
export function exhaustiveLegalMoves(state: EstafetaState): EstafetaMove[] {
  if (state.stage !== "play" || state.dice === null) return [];
  const team = state.toMove;
  const lane = state.lanes[team]!;
  const tokens = state.tokens[team]!;
  const [first, second] = state.dice;
  const occupied = new Set<Cell>();
  for (const list of state.tokens) for (const t of list) if (t.cell !== null) occupied.add(t.cell);
  // die index -> points on it; equal dice are one action, listed as "first".
  const dice: [number, number][] = [];
  if (first > 0) dice.push([0, first]);
  if (second > 0 && second !== first) dice.push([1, second]);
  if (first > 0 && second > 0) dice.push([2, first + second]);
  const maxL = Math.max(0, ...dice.map(([, l]) => l));
  const found = new Map<string, EstafetaMove>();
  const add = (token: number, die: number, to: Cell | "finish", points: number) => {
    const key = `${token}:${die}:${to}:${points}`;
    if (!found.has(key)) found.set(key, { token: TOKENS[token]!, die: DIE_CHOICES[die]!, to: to === "finish" ? "finish" : pointOf(to), points });
  };

  tokens.forEach((token, mover) => {
    if (token.status !== "active" || token.cell === null) return;
    const seen = new Set<Cell>(state.visited[mover]!);
    const walk = (cur: Cell, steps: number, progress: number): void => {
      const next: [Cell, number][] = [];
      const zone = zoneOf(cur);
      for (const n of NEIGHBOURS[LOCAL[cur]!]!) {
        const c = ZONE_CELL[zone * 36 + n]!;
        if (!seen.has(c) && !occupied.has(c)) next.push([c, progress]);
      }
      const rule = gateRule(state.variant, lane, tokens, progress, mover, zone);
      const atGate = cur === rule.gate.g[0] && rule.kind !== "closed";
      const finishes = atGate && rule.kind === "finish";
      if (atGate && !finishes && !seen.has(rule.gate.h0) && !occupied.has(rule.gate.h0)) next.push([rule.gate.h0, progress + (rule.first ? 1 : 0)]);
      for (const [die, l] of dice) {
        if (steps === l && steps > 0) add(mover, die, cur, steps);
        // An early stop: a dead end before the die is spent (one-die actions only).
        if (die !== 2 && steps > 0 && steps < l && next.length === 0 && !finishes) add(mover, die, cur, steps);
        if (finishes && (die === 2 ? steps + 1 === l : steps + 1 <= l)) add(mover, die, "finish", steps + 1);
      }
      if (steps >= maxL) return;
      for (const [c, p] of next) {
        seen.add(c);
        walk(c, steps + 1, p);
        seen.delete(c);
      }
    };
    walk(token.cell, 0, state.progress[team]!);
  });
  return [...found.values()];
}

