import { startCells, type Cell, type Lane } from "./board.js";
import type { Variant } from "./options.js";

/** A token's state: a post waits on g0 until the handoff; finished tokens are off the board. */
export const TOKEN_STATES = ["post", "active", "finished"] as const;
export type TokenStatus = (typeof TOKEN_STATES)[number];

export interface TokenState {
  /** Board cell (y * 12 + x); null once finished. */
  readonly cell: Cell | null;
  readonly status: TokenStatus;
  /** The lap the token runs (stayer: 1-4; sprint: always 1). */
  readonly lap: number;
}

/**
 * What the match waits for: `lanes` = the lane draw, `opening` = the opening roll, `play` = turns
 * (dice null = the mover must roll), `over` = decided.
 */
export const STAGES = ["lanes", "opening", "play", "over"] as const;
export type Stage = (typeof STAGES)[number];

export interface EstafetaState {
  readonly variant: Variant;
  readonly teams: number;
  readonly maxRounds: number;
  /** Lane of each team (seat order); null until drawn. */
  readonly lanes: readonly (Lane | null)[];
  readonly stage: Stage;
  /** Opening roll: the seats still tied for the highest die (all seats at first). */
  readonly tied: readonly number[];
  /** The last dice drawn, whatever they were for (for clients that show the roll). */
  readonly lastRoll: readonly number[] | null;
  /** tokens[team] = [A, B, C, D]; empty for a team whose lane is not drawn yet. */
  readonly tokens: readonly (readonly TokenState[])[];
  /**
   * First crossings made by each team so far, over all laps: face `progress % 4` is the next face
   * its leading group must cross, in lap `floor(progress / 4) + 1`. A token still behind, in zone
   * `(progress - 1) % 4`, crosses its face freely (the team's first token already did).
   */
  readonly progress: readonly number[];
  /** The seat to roll or move (-1 until the opening roll decided it). */
  readonly toMove: number;
  /** Points left on the first and second die of the turn in progress; null before the roll. */
  readonly dice: readonly [number, number] | null;
  /** Cells each token of the mover entered this turn, its start cell first (no cell twice a turn). */
  readonly visited: readonly (readonly Cell[])[];
  /** Turns completed (passes included) since the opening roll. */
  readonly turns: number;
  /** Why the match ended; null while it runs. */
  readonly ended: null | "finished" | "maxRounds";
}

export const placeTeam = (lane: Lane): TokenState[] =>
  startCells(lane).map((cell, i) => ({ cell, status: i === 0 ? "active" : "post", lap: 1 }));

export const activeTokens = (tokens: readonly TokenState[]): number[] => {
  const out: number[] = [];
  tokens.forEach((t, i) => {
    if (t.status === "active") out.push(i);
  });
  return out;
};

export const finishedCount = (tokens: readonly TokenState[]): number => tokens.filter((t) => t.status === "finished").length;
