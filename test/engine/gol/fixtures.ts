import { expect } from "vitest";
import { play } from "../../../src/engine/gol/actions.js";
import { cellOf, type Point } from "../../../src/engine/gol/field.js";
import { legalMoves } from "../../../src/engine/gol/legal.js";
import type { GolMove } from "../../../src/engine/gol/moves.js";
import { optionsSchema, type GolOptions } from "../../../src/engine/gol/options.js";
import { gol } from "../../../src/engine/gol/ruleset.js";
import { setup } from "../../../src/engine/gol/setup.js";
import { NUMBERS, type Role } from "../../../src/engine/gol/sides.js";
import { seatOf, type HomeAway } from "../../../src/engine/common/home-away.js";
import type { GolState, TurnAction } from "../../../src/engine/gol/state.js";
import type { Note } from "../../../src/engine/ruleset.js";

export const options = (input: Record<string, unknown> = {}): GolOptions => optionsSchema.parse(input);

/** The state a new match starts from. */
export function start(input: Record<string, unknown> = {}): GolState {
  const made = setup({ options: options(input) });
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

type Placement = Partial<Record<number, readonly [number, number]>>;
export interface SceneSpec {
  readonly home?: Placement;
  readonly away?: Placement;
  readonly ball: readonly [number, number];
  /** The side to act (default home). */
  readonly side?: HomeAway;
  /** attack (default) = the side to act has the ball. */
  readonly role?: Role;
  readonly minSecondary?: number;
  readonly minutesPerHalf?: number;
  readonly frozen?: Partial<Record<HomeAway, number[]>>;
  readonly free?: boolean;
  readonly kickoff?: boolean;
  readonly tempo?: number;
  readonly actions?: TurnAction[];
  readonly turnsInHalf?: number;
  readonly half?: 1 | 2;
  readonly score?: { home: number; away: number };
}

/**
 * A position for a rule test. Pieces not placed are parked out of the way on the top row (home,
 * piece n at x = n - 1) and the bottom row (away, piece n at x = 24 - n), so tests keep the ball
 * and their pieces off rows 0 and 18 unless they mean it.
 */
export function scene(spec: SceneSpec): GolState {
  const base = start({ minSecondary: spec.minSecondary ?? 4, minutesPerHalf: spec.minutesPerHalf ?? 45 });
  const park = (side: HomeAway, placed: Placement | undefined) =>
    NUMBERS.map((n) => {
      const p = placed?.[n];
      if (p) return cellOf(p[0], p[1]);
      return side === "home" ? cellOf(n - 1, 0) : cellOf(24 - n, 18);
    });
  const side = spec.side ?? "home";
  const role = spec.role ?? "attack";
  const other: HomeAway = side === "home" ? "away" : "home";
  return {
    ...base,
    pieces: { home: park("home", spec.home), away: park("away", spec.away) },
    ball: cellOf(spec.ball[0], spec.ball[1]),
    possession: role === "attack" ? side : other,
    frozen: { home: spec.frozen?.home ?? [], away: spec.frozen?.away ?? [] },
    half: spec.half ?? 1,
    turnsInHalf: spec.turnsInHalf ?? 0,
    score: spec.score ?? { home: 0, away: 0 },
    goals: [
      ...Array.from({ length: spec.score?.home ?? 0 }, () => ({ side: "home" as const, by: "home" as const, piece: 9, half: 1 as const, minute: 1 })),
      ...Array.from({ length: spec.score?.away ?? 0 }, () => ({ side: "away" as const, by: "away" as const, piece: 9, half: 1 as const, minute: 1 })),
    ],
    turn: {
      side,
      role,
      kickoff: spec.kickoff ?? false,
      free: spec.free ?? false,
      tempo: spec.tempo ?? 0,
      actions: spec.actions ?? [],
      chaser: null,
      dribbler: null,
      touches: [],
    },
  };
}

export const seat = (state: GolState): number => seatOf(state.turn!.side);

/** Plays `move` for the side to act and expects it accepted. */
export function act(state: GolState, move: GolMove): { state: GolState; notes: readonly Note[] } {
  const played = play(state, seat(state), move);
  if (!played.ok) throw new Error(`${JSON.stringify(move)} refused: ${played.error.reason} ${played.error.message}`);
  return { state: played.value.state, notes: played.value.notes };
}

/** Plays several actions in turn; returns the last state and every note. */
export function acts(state: GolState, ...moves: GolMove[]): { state: GolState; notes: Note[] } {
  let current = state;
  const notes: Note[] = [];
  for (const move of moves) {
    const next = act(current, move);
    current = next.state;
    notes.push(...next.notes);
  }
  return { state: current, notes };
}

/** Expects `move` refused with `reason`, and the state unchanged. */
export function refused(state: GolState, move: GolMove, reason: string, atSeat = seat(state)): void {
  const before = JSON.stringify(state);
  const played = play(state, atSeat, move);
  expect(played.ok ? "accepted" : played.error.reason, JSON.stringify(move)).toBe(reason);
  expect(JSON.stringify(state)).toBe(before);
}

export const legal = (state: GolState): GolMove[] => legalMoves(state, seat(state));
export const isLegal = (state: GolState, move: GolMove): boolean => legal(state).some((m) => JSON.stringify(m) === JSON.stringify(move));

export const mv = (piece: number, x: number, y: number): GolMove => ({ type: "move", piece, to: { x, y } });
export const kick = (piece: number, to: readonly [number, number] | "goal"): GolMove => ({ type: "kick", piece, to: to === "goal" ? "goal" : { x: to[0], y: to[1] } });
export const push = (piece: number, side: HomeAway, target: number): GolMove => ({ type: "push", piece, target: { side, piece: target } });
export const trip = (piece: number, side: HomeAway, target: number): GolMove => ({ type: "trip", piece, target: { side, piece: target } });
export const END: GolMove = { type: "endTurn" };

export const at = (state: GolState, side: HomeAway, n: number): Point => {
  const c = state.pieces[side][n - 1]!;
  return { x: c % 24, y: Math.floor(c / 24) };
};
export const ballAt = (state: GolState): Point => ({ x: state.ball % 24, y: Math.floor(state.ball / 24) });

/** Counts legal actions by kind. */
export function countByKind(moves: readonly GolMove[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of moves) out[m.type] = (out[m.type] ?? 0) + 1;
  return out;
}

export const rules = gol;
