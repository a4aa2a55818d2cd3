import { describe, expect, it } from "vitest";
import { legalKeys, played, position, type PositionSpec } from "./fixtures.js";

/**
 * Positions with every legal action written out (as action identities: see move-schema.ts).
 * Each row names the rule it shows.
 */
const TABLE: readonly { readonly rule: string; readonly spec: PositionSpec; readonly then?: readonly object[]; readonly expected: readonly string[] }[] = [
  {
    rule: "a holder boxed in on three sides kicks or walks with its last die; the walk ends the turn, so it carries a drop",
    // Home 6 holds on 10,0 of the top touch line, home 11 of the bench beside it on 9,0; away tokens on 9,1 10,1 11,1.
    spec: { rest: "bench", home: { 6: [10, 0] }, away: { 2: [9, 1], 3: [10, 1], 4: [11, 1] }, holder: 6, dice: [5, 1], used: [true, false], actions: 1 },
    expected: [
      // Kicks: N, NE, NW leave the field at once (an out); E lands on 11,0; W is blocked by home 11 on 9,0; S, SE, SW start over a token.
      "kick 6 1 E",
      "kick 6 1 N",
      "kick 6 1 NE",
      "kick 6 1 NW",
      // The only walk is to 11,0; it ends the turn holding the ball: drops on 10,0 (vacated) and 12,0, 12,1.
      "walk 6 1 11,0 ball 10,0",
      "walk 6 1 11,0 ball 12,0",
      "walk 6 1 11,0 ball 12,1",
    ],
  },
  {
    rule: "a corner from 19,9: one die along the goal line, perpendicular or diagonally, onto an empty cell outside goal and goalkeeper zones",
    spec: { rest: "bench", play: "corner", line: "goal", ball: [19, 9], away: { 2: [19, 0], 3: [18, 0], 4: [17, 0], 5: [16, 0], 6: [15, 0], 7: [14, 0], 8: [13, 0], 9: [12, 0], 10: [11, 0], 11: [10, 0] }, dice: [1, 4] },
    // 1N: 19,8 (free zone); 1NW: 18,8 (penalty zone); 1W: 18,9. 4N: 19,5 goal zone; 4NW: 15,5; 4W: 15,9.
    expected: ["ball 1 N", "ball 1 NW", "ball 1 W", "ball 4 NW", "ball 4 W"],
  },
  {
    rule: "a goal kick: a free cell of the own goalkeeper zone, the keeper's own cell excluded",
    spec: { rest: "bench", play: "goalKick", step: "place", ball: null, home: { 6: [2, 2] } },
    expected: ["2,3", "2,4", "2,5", "2,6", "2,7", "1,2", "1,3", "1,5", "1,6", "1,7"].map((c) => `goalKick ${c}`).sort(),
  },
  {
    rule: "the forced exit: the token in the goalkeeper zone walks first, and out of it when a walk allows",
    spec: { rest: "bench", home: { 6: [1, 2] }, away: { 2: [0, 1], 3: [1, 1], 4: [2, 1], 5: [0, 2] }, ball: [15, 5], dice: [1, 1] },
    // From 1,2 one step: 0,3 is the goal zone; 2,2 / 1,3 / 2,3 stay inside; 3,1 etc. are not neighbours. Only the zone is left: stay inside.
    expected: ["walk 6 1 1,3 noball -", "walk 6 1 2,2 noball -", "walk 6 1 2,3 noball -"],
  },
  {
    rule: "a penalty run: each die, with the slides its surplus allows",
    spec: { rest: "bench", play: "penalty", step: "move", ball: [16, 4], kicker: 7, home: { 7: [14, 4] }, away: { 1: [19, 4], 2: [16, 2] }, dice: [3, 1] },
    // Distance 2: the 1 is short (a miss, slide none); the 3 leaves 1 point: N onto 16,3 or S onto 16,5.
    expected: ["penaltyRun 1 none", "penaltyRun 3 N", "penaltyRun 3 S"],
  },
];

describe("legal actions, position by position", () => {
  for (const row of TABLE) {
    it(row.rule, () => {
      let s = position(row.spec);
      for (const m of row.then ?? []) s = played(s, m as never);
      expect(legalKeys(s)).toEqual([...row.expected].sort());
    });
  }
});
