import { rollNow, passNow } from "../../support/engine.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { currentPlays } from "../../../src/engine/backgammon/actions.js";
import { fromPosition, toPosition } from "../../../src/engine/backgammon/board.js";
import { parseMatchId } from "../../../src/engine/backgammon/match-id.js";
import { legalPlays, playPosition } from "../../../src/engine/backgammon/plays.js";
import { parsePositionId } from "../../../src/engine/backgammon/position-id.js";
import { resolveMove } from "../../../src/engine/backgammon/resolve.js";
import { backgammon } from "../../../src/engine/backgammon/ruleset.js";
import type { BackgammonState } from "../../../src/engine/backgammon/state.js";
import { bruteForcePlays, CHECKERS, checkersOf, positionJson, value, movesNow, playNow, winningSeat } from "./helpers.js";

/** Pips from the board alone, independently of the engine's own pip code. */
function pips(s: BackgammonState): [number, number] {
  const { points, bar } = s.game.board;
  let p0 = bar[0] * 25;
  let p1 = bar[1] * 25;
  points.forEach((n, i) => {
    if (n > 0) p0 += n * (i + 1);
    if (n < 0) p1 += -n * (24 - i);
  });
  return [p0, p1];
}

function checkInvariants(s: BackgammonState): void {
  expect(checkersOf(s, 0)).toBe(CHECKERS);
  expect(checkersOf(s, 1)).toBe(CHECKERS);
  for (const n of s.game.board.points) expect(Number.isInteger(n) && Math.abs(n) <= CHECKERS).toBe(true);
  const v = backgammon.view(s, null) as { pipCounts: number[]; positionId: string; matchId: string };
  expect(v.pipCounts).toEqual(pips(s));
  // The Position ID carries the whole board: decoding it gives the board back, and no point is
  // held by both colours (the decoder refuses that).
  const seat = s.game.onRoll ?? 0;
  expect(fromPosition(value(parsePositionId(v.positionId)), seat)).toEqual(s.game.board);
  value(parseMatchId(v.matchId));
  expect(JSON.parse(JSON.stringify(s))).toEqual(s);
}

type Pick = (n: number) => number;
type Die = () => number;

/** Drives one whole match; `pick` chooses among the legal moves, `die` rolls. Returns the end state. */
function playMatch(start: BackgammonState, die: Die, pick: Pick, onPlay?: (before: BackgammonState, move: string) => void): BackgammonState {
  let s = start;
  for (let step = 0; step < 20_000; step++) {
    checkInvariants(s);
    const previous = s;
    const before = JSON.stringify(s);
    const turn = backgammon.turn(s);
    if (turn.phase === "over") return s;
    if (turn.phase === "roll") {
      const moves = movesNow<string>(backgammon, s);
      // Double now and then when the cube may be turned, otherwise roll.
      s = moves.length > 0 && pick(4) === 0 ? value(playNow(backgammon, s, moves[0]!)) : value(rollNow(backgammon, s, [die(), die()]));
    } else {
      const moves = movesNow<string>(backgammon, s);
      if (moves.length === 0) {
        s = value(passNow(backgammon, s));
      } else {
        const move = moves[pick(moves.length)]!;
        onPlay?.(s, move);
        const next = value(playNow(backgammon, s, move));
        if (moves[0] !== "take") checkPips(s, next);
        s = next;
      }
    }
    expect(JSON.stringify(previous)).toBe(before); // transitions never mutate their input
  }
  throw new Error("match did not end");
}

/** A checker play lowers the mover's pips by at most the dice; the opponent's rise only when hit. */
function checkPips(before: BackgammonState, after: BackgammonState): void {
  const mover = before.game.onRoll!;
  const other = mover === 0 ? 1 : 0;
  if (after.game.number !== before.game.number || after.game.phase === "over") return; // the game ended
  const [b, a] = [pips(before), pips(after)];
  const spent = backgammon.diceLeft(before)!.reduce((x, y) => x + y, 0);
  expect(a[mover]).toBeLessThan(b[mover]);
  expect(b[mover] - a[mover]).toBeLessThanOrEqual(spent);
  if (after.game.board.bar[other] > before.game.board.bar[other]) expect(a[other]).toBeGreaterThan(b[other]);
  else expect(a[other]).toBe(b[other]);
}

describe("random games", () => {
  it("keep every invariant and always end with an outcome (single games, no cube)", () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const start = value(backgammon.setup({ options: { matchLength: 1, cube: false } }));
        const end = playMatch(
          start,
          () => g(fc.integer, { min: 1, max: 6 }),
          (n) => g(fc.nat, n - 1),
        );
        const outcome = backgammon.outcome(end);
        expect(outcome).not.toBeNull();
        expect(outcome!.winningSides).toHaveLength(1);
        expect(end.game.board.off[winningSeat(backgammon, end) as 0 | 1]).toBe(CHECKERS);
      }),
      { numRuns: 25 },
    );
  });

  it("keep every invariant in matches with the cube, and the score adds up", () => {
    fc.assert(
      fc.property(fc.gen(), fc.integer({ min: 1, max: 5 }), (g, matchLength) => {
        const start = value(backgammon.setup({ options: { matchLength, cube: true } }));
        const end = playMatch(
          start,
          () => g(fc.integer, { min: 1, max: 6 }),
          (n) => g(fc.nat, n - 1),
        );
        expect(backgammon.outcome(end)).not.toBeNull();
        expect(end.score[winningSeat(backgammon, end) as 0 | 1]).toBeGreaterThanOrEqual(matchLength);
        for (const seat of [0, 1] as const) {
          expect(end.games.filter((x) => x.winner === seat).reduce((sum, x) => sum + x.points, 0)).toBe(end.score[seat]);
        }
        expect(end.games.filter((x) => x.crawford).length).toBeLessThanOrEqual(1);
        for (const game of end.games) if (game.crawford) expect(game.cube).toBe(1);
      }),
      { numRuns: 15 },
    );
  });

  it("list plays that agree with the brute force, each one accepted as its own play", () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const start = value(backgammon.setup({ options: { matchLength: 1, cube: false } }));
        playMatch(
          start,
          () => g(fc.integer, { min: 1, max: 6 }),
          (n) => g(fc.nat, n - 1),
          (s) => {
            const pos = toPosition(s.game.board, s.game.onRoll!);
            const dice = s.game.dice!;
            const plays = currentPlays(s)!;
            expect(new Set(plays.map((p) => positionJson(playPosition(p))))).toEqual(bruteForcePlays(pos, dice));
            const moves = movesNow<string>(backgammon, s);
            expect(new Set(moves).size).toBe(moves.length);
            moves.forEach((move, i) => expect(value(resolveMove(pos, dice, plays, move)).key).toBe(plays[i]!.key));
          },
        );
      }),
      { numRuns: 6 },
    );
  });

  // Speed is the bench's job (bench/suites/backgammon-plays.ts); this checks what a test can.
  it("generate the same plays every time over a whole seeded match, leaving each position untouched", () => {
    const samples: [ReturnType<typeof toPosition>, readonly [number, number]][] = [];
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    playMatch(
      value(backgammon.setup({ options: { matchLength: 3, cube: false } })),
      () => rnd(6) + 1,
      rnd,
      (s) => void samples.push([toPosition(s.game.board, s.game.onRoll!), s.game.dice!]),
    );
    expect(samples.length).toBeGreaterThan(50);
    for (const [pos, dice] of samples) {
      const before = JSON.stringify(pos);
      const first = legalPlays(pos, dice).map((p) => p.key);
      expect(JSON.stringify(pos)).toBe(before);
      expect(legalPlays(pos, dice).map((p) => p.key)).toEqual(first);
    }
  });
});
