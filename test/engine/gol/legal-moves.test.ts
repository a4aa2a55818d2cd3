import { describe, expect, it } from "vitest";
import { bruteForceLegalMoves } from "../../../src/engine/gol/brute-force.js";
import { golBot } from "../../../src/engine/gol/bot.js";
import { legalMoves } from "../../../src/engine/gol/legal.js";
import type { GolMove } from "../../../src/engine/gol/moves.js";
import type { GolState } from "../../../src/engine/gol/state.js";
import { botChooser, playout } from "../../../src/match/playout.js";
import { act, countByKind, kick, legal, mv, rules, scene, seat, start, type SceneSpec } from "./fixtures.js";

const ofPiece = (s: GolState, piece: number) => countByKind(legal(s).filter((m) => "piece" in m && m.piece === piece));

/**
 * Positions with the legal actions of one piece counted by hand: a 9 x 9 square around a cell
 * holds 80 others, cut by the field's edges, by pieces and the ball, and in the secondary part by
 * the 3 x 3 square around the ball.
 */
const TABLE: { name: string; spec: SceneSpec; piece: number; expected: Record<string, number> }[] = [
  { name: "17.1: open field, 9 x 9 less its own cell", spec: { home: { 7: [5, 9] }, ball: [15, 9] }, piece: 7, expected: { move: 80 } },
  { name: "17.1: left edge, 5 x 9 less its own cell", spec: { home: { 7: [0, 9] }, ball: [15, 9] }, piece: 7, expected: { move: 44 } },
  { name: "17.1: bottom-left corner, 5 x 5 less its own cell", spec: { home: { 7: [0, 18] }, ball: [15, 9] }, piece: 7, expected: { move: 24 } },
  {
    name: "17.2: two pieces in reach, 80 - 2 moves; the own piece next to it may be pushed",
    spec: { home: { 7: [5, 9], 6: [6, 9] }, away: { 2: [4, 12] }, ball: [15, 9] },
    piece: 7,
    expected: { move: 78, push: 1 },
  },
  {
    name: "17.3, 17.30: next to the ball: 79 moves (not the ball's cell) and 80 kicks (81 less the ball's cell; its own cell counts)",
    spec: { home: { 9: [11, 9] }, ball: [12, 9] },
    piece: 9,
    expected: { move: 79, kick: 80 },
  },
  {
    name: "ruling: in reach of the goal: 62 landing cells (x 17..23, y 5..13, less the ball's) and one goal kick",
    spec: { home: { 9: [18, 9] }, ball: [21, 9] },
    piece: 9,
    expected: { move: 79, kick: 63 },
  },
  {
    name: "ruling: pushes of both sides' pieces with a free cell behind (not away 4: away 5 stands behind it), trips of opponents only; 80 - 4 moves",
    spec: { home: { 6: [8, 9], 7: [8, 10] }, away: { 3: [9, 9], 4: [7, 8], 5: [6, 7] }, ball: [15, 9] },
    piece: 6,
    expected: { move: 76, push: 2, trip: 2 },
  },
];

describe("legal actions, counted by hand", () => {
  for (const row of TABLE) {
    it(row.name, () => {
      expect(ofPiece(scene(row.spec), row.piece)).toEqual(row.expected);
    });
  }

  it("17.32 and ruling: a secondary move keeps off the 3 x 3 square around the ball: 80 - 3 pieces - 9 = 68", () => {
    // Home 11 dribbles the ball to (8, 9) and ends on (4, 13); home 7 on (5, 9) has 9, 8 and 11 in reach.
    const s = scene({ home: { 11: [2, 9], 7: [5, 9], 10: [3, 3], 9: [3, 6], 8: [3, 12], 6: [3, 15] }, ball: [4, 9], minSecondary: 0 });
    const after = act(act(s, kick(11, [4, 13])).state, kick(11, [8, 9])).state;
    expect(after.turn!.tempo).toBe(4);
    expect(ofPiece(after, 7)).toEqual({ move: 68 });
  });

  it("17.26: a defensive first tempo lists the nearest piece's actions only (80 less the ball and away 10; 80 less home 9)", () => {
    const s = scene({ side: "away", role: "defence", home: { 9: [10, 9] }, away: { 11: [15, 9], 10: [17, 12] }, ball: [12, 9] });
    expect(countByKind(legal(s))).toEqual({ move: 78, kick: 79 });
  });

  it("the kickoff: every home piece may move; those within 4 of the ball may kick; no endTurn", () => {
    const moves = legal(start());
    const kickers = [...new Set(moves.filter((m) => m.type === "kick").map((m) => (m as { piece: number }).piece))].sort((a, b) => a - b);
    // Within 4 of (11, 9): 6 (7, 5), 7 (7, 9), 8 (7, 13) and 11 (10, 9); 9 and 10 are 5 rows off.
    expect(kickers).toEqual([6, 7, 8, 11]);
    expect(moves.some((m) => m.type === "endTurn")).toBe(false);
    expect(moves.every((m) => m.type !== "push" && m.type !== "trip")).toBe(true);
  });

  it("nobody else may act: the other seat gets no actions", () => {
    expect(legalMoves(start(), 1)).toEqual([]);
    expect(legalMoves(start(), 7)).toEqual([]);
  });

  it("every listed action is accepted by play as it is, and play records it in the same form", () => {
    const s = scene({ home: { 6: [8, 9], 7: [8, 10], 9: [11, 9] }, away: { 3: [9, 9] }, ball: [12, 9] });
    for (const move of legal(s)) {
      const played = rules.play(s, seat(s), move);
      expect(played.ok).toBe(true);
      if (!played.ok) continue;
      expect(played.value.move).toEqual(move);
      const again = rules.play(s, seat(s), played.value.move);
      expect(again.ok && JSON.stringify(again.value.state) === JSON.stringify(played.value.state)).toBe(true);
    }
  });
});

/**
 * Positions reached in seeded bot games (both sides, every part of a turn, after tackles and trips,
 * with several secondary minimums), picked so that each kind of moment appears.
 */
function corpus(): GolState[] {
  const picked: GolState[] = [];
  const kinds = new Map<string, number>();
  for (const [seed, minSecondary] of [[3, 0], [4, 4], [5, 7], [6, 2]] as const) {
    const game = playout({ ruleset: "gol", options: { minutesPerHalf: 2, minSecondary }, seed, choose: botChooser(golBot(seed, 0.7)) });
    for (const m of game.states) {
      const s = m.game as GolState;
      if (s.turn === null) continue;
      const t = s.turn;
      const kind = [t.role, t.tempo === 0 ? "first" : t.tempo < 4 ? "main" : "secondary", t.chaser !== null && t.tempo < 4 ? "chase" : "", t.dribbler !== null && t.tempo === 2 ? "dribble" : "", t.free ? "free" : "", s.frozen[t.side].length > 0 ? "frozen" : "", t.kickoff ? "kickoff" : ""].join(":");
      const n = kinds.get(kind) ?? 0;
      if (n < 2) {
        kinds.set(kind, n + 1);
        picked.push(s);
      }
    }
  }
  return picked;
}

const key = (m: GolMove) => JSON.stringify(m);

describe("completeness: legalMoves lists exactly what play accepts", () => {
  it("on every kind of position of seeded games, the brute-force generator (every piece x every target, judged by play) finds the same actions", () => {
    const positions = corpus();
    expect(positions.length).toBeGreaterThan(20);
    for (const s of positions) {
      const brute = bruteForceLegalMoves(s, seat(s)).map(key).sort();
      const listed = legalMoves(s, seat(s)).map(key);
      expect(new Set(listed).size).toBe(listed.length);
      expect([...listed].sort()).toEqual(brute);
    }
  });

  it("in the hand-made positions too (defensive first tempo, counter-kick, dribble, secondary minimum)", () => {
    const positions = [
      scene({ side: "away", role: "defence", home: { 9: [11, 9], 5: [11, 10] }, away: { 7: [13, 9], 10: [13, 10] }, ball: [12, 9] }),
      act(scene({ home: { 9: [10, 9] }, away: { 5: [20, 9] }, ball: [12, 9] }), kick(9, [15, 9])).state,
      act(scene({ side: "away", role: "defence", home: { 9: [11, 9] }, away: { 11: [16, 9] }, ball: [12, 9] }), mv(11, 15, 9)).state,
    ];
    for (const s of positions) expect(legalMoves(s, seat(s)).map(key).sort()).toEqual(bruteForceLegalMoves(s, seat(s)).map(key).sort());
  });
});
