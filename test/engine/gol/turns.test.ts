import { describe, expect, it } from "vitest";
import { awaitingOf } from "../../../src/engine/gol/ruleset.js";
import type { TurnAction } from "../../../src/engine/gol/state.js";
import { act, acts, END, isLegal, kick, legal, mv, push, refused, scene, trip, type SceneSpec } from "./fixtures.js";

/** Home 11 dribbles through the main part (two kicks, 4 tempos); 1-10 stand free, away far off. */
const dribbled = (spec: Partial<SceneSpec> = {}) => {
  const s = scene({
    home: { 11: [10, 9], 10: [3, 3], 9: [3, 6], 8: [3, 9], 7: [3, 12], 6: [3, 15], 5: [6, 3], 4: [6, 15], 3: [8, 4], 2: [8, 14], 1: [1, 9] },
    ball: [12, 9],
    ...spec,
  });
  return acts(s, kick(11, [15, 9]), kick(11, [18, 9])).state;
};
const numbersThatMove = (s: ReturnType<typeof dribbled>) => [...new Set(legal(s).flatMap((m) => (m.type === "move" ? [m.piece] : [])))].sort((a, b) => a - b);

describe("a turn: 4 main tempos, then up to 10 secondary ones (17.7-17.9, 17.22, 17.29-17.32)", () => {
  it("17.29: tempos 1-4 are the main part, 5-14 the secondary part; awaiting says which", () => {
    const s = scene({ home: { 6: [5, 9] }, ball: [15, 9] });
    expect(awaitingOf(s)).toBe("main");
    expect(awaitingOf(dribbled())).toBe("secondary");
    expect(awaitingOf(scene({ ball: [15, 9], kickoff: true }))).toBe("kickoff");
  });

  it("17.32: the 4 main tempos are mandatory: no endTurn before them while an action exists", () => {
    const s = act(scene({ home: { 6: [5, 9] }, ball: [15, 9] }), mv(6, 6, 9)).state;
    refused(s, END, "MAIN_PART_UNFINISHED");
    expect(legal(s).some((m) => m.type === "endTurn")).toBe(false);
  });

  it("17.30: the secondary part allows moves only: no kick, push or trip", () => {
    const s = dribbled({ away: { 4: [4, 4] } });
    refused(s, kick(10, [19, 9]), "MAIN_PART_ONLY");
    refused(s, push(10, "away", 4), "MAIN_PART_ONLY");
    refused(s, trip(10, "away", 4), "MAIN_PART_ONLY");
    expect(legal(s).every((m) => m.type === "move" || m.type === "endTurn")).toBe(true);
  });

  it("17.30, 17.31: secondary tempos go by strictly descending numbers, each piece once", () => {
    const s = acts(dribbled(), mv(8, 4, 9)).state;
    refused(s, mv(9, 4, 6), "SECONDARY_ORDER");
    refused(s, mv(8, 5, 9), "PIECE_USED");
    expect(isLegal(s, mv(7, 4, 12))).toBe(true);
    refused(s, mv(11, 17, 11), "PIECE_USED");
  });

  it("17.8, 17.30: 14 tempos at most: after tempo 14 the turn ends by itself (10 secondary moves, 10 down to 1)", () => {
    let s = dribbled({ minSecondary: 0 });
    const order = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
    const notes = [];
    for (const n of order) {
      const piece = s.pieces.home[n - 1]!;
      const [x, y] = [piece % 24, Math.floor(piece / 24)];
      const played = act(s, mv(n, x, y + 1));
      s = played.state;
      notes.push(...played.notes);
    }
    expect(s.turn!.side).toBe("away");
    expect(notes.at(-1)).toEqual({ type: "turnEnded", side: "home", tempos: 14, reason: "tempos" });
  });

  it("17.32: a piece next to the ball may not move in the secondary part", () => {
    const s = dribbled({ home: { 11: [10, 9], 10: [17, 10], 1: [1, 9] } });
    refused(s, mv(10, 16, 14), "NEXT_TO_BALL");
  });

  it("ruling: a secondary move may not end next to the ball", () => {
    const s = dribbled({ home: { 11: [10, 9], 10: [15, 12], 1: [1, 9] } });
    refused(s, mv(10, 17, 10), "ENDS_NEXT_TO_BALL");
    expect(isLegal(s, mv(10, 17, 8))).toBe(false);
    expect(isLegal(s, mv(10, 16, 12))).toBe(true);
  });
});

describe("endTurn and the secondary minimum (the second 17.32; ruling: minSecondary)", () => {
  it("the second 17.32: with minSecondary 4 (the default), endTurn needs 4 secondary tempos while moves remain", () => {
    let s = dribbled();
    for (const [n, x, y] of [[10, 3, 2], [9, 3, 5], [8, 3, 8]] as const) {
      refused(s, END, "SECONDARY_MINIMUM");
      s = act(s, mv(n, x, y)).state;
    }
    refused(s, END, "SECONDARY_MINIMUM");
    s = act(s, mv(7, 3, 11)).state;
    expect(isLegal(s, END)).toBe(true);
    const { state, notes } = act(s, END);
    expect(state.turn!.side).toBe("away");
    expect(notes).toEqual([{ type: "turnEnded", side: "home", tempos: 8, reason: "endTurn" }]);
  });

  it("17.30: with minSecondary 0 the coach may stop at any tempo after the main part", () => {
    expect(isLegal(dribbled({ minSecondary: 0 }), END)).toBe(true);
  });

  it("ruling: the minimum cannot be dodged by moving a low number first", () => {
    // 4 are due and 1-10 are eligible: n needs 3 eligible numbers below it.
    const s = dribbled();
    expect(numbersThatMove(s)).toEqual([4, 5, 6, 7, 8, 9, 10]);
    refused(s, mv(3, 8, 5), "MINIMUM_DODGED");
    // After 10, 3 are due: n needs 2 below it; after 10, 9 and 8, any lower number completes the minimum.
    expect(numbersThatMove(act(s, mv(10, 3, 2)).state)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(numbersThatMove(acts(s, mv(10, 3, 2), mv(9, 3, 5), mv(8, 3, 8)).state)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("ruling: pieces used, frozen or next to the ball are not eligible lower numbers", () => {
    // Frozen 2, 3 next to the ball: eligible below 6 are 1, 4, 5 only.
    const s = dribbled({ frozen: { home: [2] }, home: { 11: [10, 9], 10: [3, 3], 9: [3, 6], 8: [3, 9], 7: [3, 12], 6: [3, 15], 5: [6, 3], 4: [6, 15], 3: [17, 10], 2: [8, 14], 1: [1, 9] } });
    expect(numbersThatMove(s)).toEqual([6, 7, 8, 9, 10]);
  });

  it("ruling: when no secondary move meets the minimum rule, every legal one is allowed, and endTurn once none remains", () => {
    // Only 1, 5 and 9 may move at all (the rest are used or next to the ball): nobody has 3 eligible below.
    const around: Record<number, [number, number]> = { 11: [10, 9], 10: [17, 8], 8: [17, 9], 7: [17, 10], 6: [18, 8], 4: [18, 10], 3: [19, 8], 2: [19, 10] };
    const s = dribbled({ home: { ...around, 9: [3, 6], 5: [6, 3], 1: [1, 9] } });
    expect(numbersThatMove(s)).toEqual([1, 5, 9]);
    const low = act(s, mv(1, 1, 10)).state;
    expect(legal(low)).toEqual([END]);
    expect(act(low, END).state.turn!.side).toBe("away");
  });

  it("ruling: if the main part has no legal action, endTurn is legal (it cannot arise: a piece always has a move)", () => {
    // The only way to run out in the main part: every piece used or frozen. Construct it directly.
    const actions: TurnAction[] = [{ piece: 11, kind: "move", tempo: 1 }];
    const frozen = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const s = scene({ ball: [12, 9], tempo: 1, actions, frozen: { home: frozen }, home: { 11: [10, 9] } });
    expect(legal(s)).toEqual([END]);
  });
});
