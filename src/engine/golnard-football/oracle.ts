import { CELLS, chebyshev, DIRECTIONS, NEIGHBOURS, pointOf } from "./board.js";
import { actingSeat } from "./context.js";
import { actionKey, SLIDES, type FootballMove } from "./move-schema.js";
import { play } from "./resolve.js";
import { tokenIndex, type FootballState } from "./state.js";

/** Refusals of a walk that ends in a kick that no other kick direction could avoid. */
const WALK_PART = new Set(["NO_ROUTE", "NOT_BLOCKED", "NOT_YOUR_TOKEN", "HOLDER_MUST_ACT", "FORCED_EXIT", "DIE_NOT_AVAILABLE", "WRONG_STEP", "BALL_FIRST", "BAD_PATH"]);

/**
 * The reference for `legalMoves`: every candidate action of the acting seat (each token number,
 * each die 1-6, each cell within reach of the die, each direction, length, slide and placement
 * cell), judged by `play` alone; the accepted ones, by action identity. It knows nothing of how
 * the generator searches, so the tests and the benchmark can hold one against the other. Its
 * only shortcuts are sound: a walk cannot end farther than its die, and when the walk part of a
 * walk-and-kick is refused, the other kick directions are skipped.
 */
export function bruteForceLegalMoves(s: FootballState): FootballMove[] {
  const seat = actingSeat(s);
  if (seat === null || s.stage.kind !== "turn") return [];
  const side = s.stage.side;
  const found = new Map<string, FootballMove>();
  const judge = (m: FootballMove): string | null => {
    const r = play(s, seat, m);
    if (r.ok) {
      found.set(actionKey(m), m);
      return null;
    }
    return r.error.reason;
  };
  const cells = Array.from({ length: CELLS }, (_, c) => pointOf(c));
  switch (s.stage.step) {
    case "roll":
      return [];
    case "place":
      for (const at of cells) judge({ type: "goalKick", at });
      break;
    case "keeper":
      for (const at of cells) judge({ type: "penaltyKeeper", at });
      break;
    case "ball":
      for (const at of cells) judge({ type: "penaltyBall", at });
      break;
    case "kicker":
      for (let token = 2; token <= 11; token++) for (const at of cells) judge({ type: "penaltyKicker", token, at });
      break;
    case "move":
      for (let die = 1; die <= 6; die++) {
        for (const direction of [...DIRECTIONS, "stay" as const]) judge({ type: "ball", die, direction });
        for (const slide of SLIDES) judge({ type: "penaltyRun", die, slide });
        for (const direction of DIRECTIONS) judge({ type: "penaltyShot", direction, die });
        for (let token = 1; token <= 11; token++) {
          const from = s.tokens[tokenIndex(side, token)]!;
          for (const direction of DIRECTIONS) judge({ type: "kick", token, die, direction });
          for (let c = 0; c < CELLS; c++) {
            if (chebyshev(from, c) > die) continue;
            for (const ball of [false, true]) {
              const to = pointOf(c);
              if (judge({ type: "walk", token, die, to, ball }) === "DROP_REQUIRED") {
                for (const n of NEIGHBOURS[c]!) judge({ type: "walk", token, die, to, ball, drop: pointOf(n) });
              }
            }
          }
          for (let length = 1; length < die; length++) {
            for (let c = 0; c < CELLS; c++) {
              if (chebyshev(from, c) > die - length) continue;
              for (const direction of DIRECTIONS) {
                const reason = judge({ type: "walkKick", token, die, stop: pointOf(c), length, direction });
                if (reason !== null && WALK_PART.has(reason)) break;
              }
            }
          }
        }
      }
      break;
  }
  return [...found.values()];
}
