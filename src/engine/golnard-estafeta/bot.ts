import { greedyBot, type Bot } from "../common/bot.js";
import { cellAt, chebyshev, gateOf, zoneOf, type Cell } from "./board.js";
import { isTrailingZone } from "./crossing.js";
import { TOKENS, type EstafetaMove } from "./options.js";
import type { EstafetaState } from "./state.js";

/**
 * A relay bot: random legal actions with a bias toward progress, so that games end. It scores
 * each action by how much closer it brings the token to where the team needs it (the next gate,
 * or the formation cells for a handoff or a gathering) and by gate crossings and finishes; it
 * takes the best action with probability `greed`, otherwise any legal action at random.
 * Seeded, so that a game can be replayed from its seed.
 */
export const progressBot = (seed: number, greed = 0.85): Bot<EstafetaState, EstafetaMove> => greedyBot(seed, greed, progressScorer);

/** The cells where the team wants a token of this zone next. */
function targets(state: EstafetaState, team: number, zone: 0 | 1 | 2 | 3): readonly Cell[] {
  const lane = state.lanes[team]!;
  const tokens = state.tokens[team]!;
  const progress = state.progress[team]!;
  const gate = gateOf(lane, zone);
  if (isTrailingZone(zone, progress)) return [gate.g[0]];
  const active = tokens.filter((t) => t.status === "active").length;
  const postWaits = tokens.some((t) => t.status === "post" && t.cell === gate.g[0]);
  return postWaits ? gate.g.slice(1, active + 1) : gate.g.slice(0, Math.max(1, active));
}

/**
 * Scores actions of the team to move: higher is better. Crossings dominate, then how much the
 * action brings the token onto (or nearer to) a cell where the team wants it.
 */
export function progressScorer(state: EstafetaState): (move: EstafetaMove) => number {
  const team = state.toMove;
  const occupied = new Set<Cell>();
  for (const list of state.tokens) for (const t of list) if (t.cell !== null) occupied.add(t.cell);
  const wanted = ([0, 1, 2, 3] as const).map((zone) => targets(state, team, zone));
  const value = (cell: Cell, self: Cell): number => {
    const list = wanted[zoneOf(cell)]!;
    let near = 99;
    for (const t of list) if (t === cell || t === self || !occupied.has(t)) near = Math.min(near, chebyshev(cell, t));
    return -near + (list.includes(cell) ? 3 : 0);
  };
  return (move) => {
    if (move.to === "finish") return 1000 + (move.points ?? 0);
    const from = state.tokens[team]![TOKENS.indexOf(move.token)]!.cell!;
    const to = cellAt(move.to);
    const crossings = (zoneOf(to) - zoneOf(from) + 4) % 4;
    return crossings * 100 + value(to, from) - value(from, from);
  };
}
