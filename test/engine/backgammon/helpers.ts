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

/**
 * An independent, deliberately naive play generator for cross-checking `legalPlays`: copies the
 * board at every step, tries every source for every die order, no pruning, then applies the
 * maximum-dice and larger-die rules. Returns the distinct resulting positions as JSON.
 */
export function bruteForcePlays(pos: Position, dice: readonly [number, number]): Set<string> {
  const [a, b] = dice;
  const orders = a === b ? [[a, a, a, a]] : [[a, b], [b, a]];
  const leaves: { me: number[]; opp: number[]; used: number[] }[] = [];
  const walk = (me: number[], opp: number[], rest: number[], used: number[]): void => {
    const die = rest[0];
    let moved = false;
    if (die !== undefined) {
      for (let p = 25; p >= 1; p--) {
        const slot = p - 1; // 24 = bar
        if (!me[slot]) continue;
        if (p !== 25 && me[24]! > 0) continue;
        const q = p - die;
        const nextMe = [...me];
        const nextOpp = [...opp];
        nextMe[slot]!--;
        if (q >= 1) {
          const oppSlot = 24 - q; // the opponent's own point 25 - q
          if (opp[oppSlot]! >= 2) continue;
          nextMe[q - 1]!++;
          if (opp[oppSlot] === 1) {
            nextOpp[oppSlot] = 0;
            nextOpp[24]!++;
          }
        } else {
          const outside = me.slice(6).some((n) => n > 0);
          if (outside) continue;
          const higher = me.slice(p, 6).some((n) => n > 0);
          if (q < 0 && higher) continue;
        }
        moved = true;
        walk(nextMe, nextOpp, rest.slice(1), [...used, die]);
      }
    }
    if (!moved) leaves.push({ me, opp, used });
  };
  for (const order of orders) walk([...pos.onRoll], [...pos.opponent], order, []);
  const max = Math.max(...leaves.map((l) => l.used.length));
  let best = leaves.filter((l) => l.used.length === max && max > 0);
  if (max === 1 && a !== b && best.some((l) => l.used[0] === Math.max(a, b))) {
    best = best.filter((l) => l.used[0] === Math.max(a, b));
  }
  return new Set(best.map((l) => JSON.stringify([l.me, l.opp])));
}

export const positionJson = (pos: Position): string => JSON.stringify([pos.onRoll, pos.opponent]);

export const checkersOf = (s: BackgammonState, seat: Seat): number => {
  const { points, bar, off } = s.game.board;
  const onPoints = points.reduce((sum, n) => sum + (seat === 0 ? Math.max(n, 0) : Math.max(-n, 0)), 0);
  return onPoints + bar[seat] + off[seat];
};

export { CHECKERS };
