import { chebyshev, gateOf, zoneOf, type Lane } from "./board.js";
import { isTrailingZone } from "./crossing.js";
import type { EstafetaState, TokenState } from "./state.js";

/** A team's place in the race, by the keys of the Fine points. */
export interface Standing {
  readonly seat: number;
  readonly lane: Lane;
  /** Tokens finished. */
  readonly finished: number;
  /** Faces completed: 4 x (lap - 1) + faces crossed this lap, counted once its last active token is across. */
  readonly faces: number;
  /** Sum over active tokens of the Chebyshev distance to g0 of the face out of their zone (smaller is better). */
  readonly distance: number;
  /** 1 = first; teams level on every key share a place. */
  readonly place: number;
}

export function completedFaces(tokens: readonly TokenState[], progress: number): number {
  const behind = tokens.some((t) => t.status === "active" && t.cell !== null && isTrailingZone(zoneOf(t.cell), progress));
  return progress - (behind ? 1 : 0);
}

export function distanceToGates(lane: Lane, tokens: readonly TokenState[]): number {
  let sum = 0;
  for (const t of tokens) if (t.status === "active" && t.cell !== null) sum += chebyshev(t.cell, gateOf(lane, zoneOf(t.cell)).g[0]);
  return sum;
}

/** Every team, best first. */
export function standings(state: EstafetaState): Standing[] {
  const rows = state.tokens.map((tokens, seat) => {
    const lane = state.lanes[seat]!;
    return {
      seat,
      lane,
      finished: tokens.filter((t) => t.status === "finished").length,
      faces: completedFaces(tokens, state.progress[seat]!),
      distance: distanceToGates(lane, tokens),
    };
  });
  const cmp = (a: (typeof rows)[number], b: (typeof rows)[number]) => b.finished - a.finished || b.faces - a.faces || a.distance - b.distance;
  rows.sort((a, b) => cmp(a, b) || a.seat - b.seat);
  let place = 1;
  return rows.map((row, i) => {
    if (i > 0 && cmp(rows[i - 1]!, row) !== 0) place = i + 1;
    return { ...row, place };
  });
}
