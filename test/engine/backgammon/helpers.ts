import { expect } from "vitest";
import type { Result, RuleError } from "../../../src/engine/result.js";
import { fromPosition } from "../../../src/engine/backgammon/board.js";
import { formatSteps } from "../../../src/engine/backgammon/notation.js";
import type { BackgammonOptions } from "../../../src/engine/backgammon/options.js";
import { legalPlays } from "../../../src/engine/backgammon/plays.js";
import { CHECKERS, type Position } from "../../../src/engine/backgammon/position.js";
import type { Seat } from "../../../src/engine/backgammon/seats.js";
import { initialState, type BackgammonState, type Cube, type GamePhase } from "../../../src/engine/backgammon/state.js";

/** One side from its own view: `{ 6: 5, 8: 3, bar: 1 }`. Unlisted checkers are borne off. */
export function side(spec: Partial<Record<number | "bar", number>>): number[] {
  const counts = new Array<number>(25).fill(0);
  for (const [k, n] of Object.entries(spec)) counts[k === "bar" ? 24 : Number(k) - 1] = n ?? 0;
  return counts;
}

export const position = (
  onRoll: Partial<Record<number | "bar", number>>,
  opponent: Partial<Record<number | "bar", number>>,
): Position => ({ onRoll: side(onRoll), opponent: side(opponent) });

export const notations = (pos: Position, dice: [number, number]): string[] =>
  legalPlays(pos, dice).map((p) => formatSteps(p.steps));

export function value<T>(result: Result<T, RuleError>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.reason}: ${result.error.message}`);
  return result.value;
}

export function refused<T>(result: Result<T, RuleError>, reason: string, message?: RegExp): void {
  expect(result.ok).toBe(false);
  if (!result.ok) {
    expect(result.error.reason).toBe(reason);
    if (message) expect(result.error.message).toMatch(message);
  }
}

/** A match state with `seat` on roll in the given position (seen by `seat`, gnubg layout). */
export function stateAt(args: {
  position: Position;
  seat: Seat;
  dice?: [number, number] | null;
  phase?: GamePhase;
  options?: Partial<BackgammonOptions>;
  cube?: Cube;
  score?: [number, number];
  crawford?: boolean;
  crawfordDone?: boolean;
}): BackgammonState {
  const base = initialState({ matchLength: 1, cube: false, ...args.options });
  return {
    ...base,
    score: args.score ?? [0, 0],
    crawfordDone: args.crawfordDone ?? args.crawford ?? false,
    game: {
      ...base.game,
      crawford: args.crawford ?? false,
      board: fromPosition(args.position, args.seat),
      cube: args.cube ?? { value: 1, owner: null },
      phase: args.phase ?? (args.dice ? "move" : "roll"),
      onRoll: args.seat,
      dice: args.dice ?? null,
    },
  };
}

export { bruteForcePlays } from "../../../src/engine/backgammon/brute-force-plays.js";

export const positionJson = (pos: Position): string => JSON.stringify([pos.onRoll, pos.opponent]);

export const checkersOf = (s: BackgammonState, seat: Seat): number => {
  const { points, bar, off } = s.game.board;
  const onPoints = points.reduce((sum, n) => sum + (seat === 0 ? Math.max(n, 0) : Math.max(-n, 0)), 0);
  return onPoints + bar[seat] + off[seat];
};

export { CHECKERS };

export { actorOf, movesNow, playNow, recorded, winningSeat } from "../../support/engine.js";
