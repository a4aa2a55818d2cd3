import { describe, expect, it } from "vitest";
import { act, acts, END, isLegal, kick, legal, mv, push, refused, scene, trip } from "./fixtures.js";

/** Away defends: home has the ball on (12, 9). */
const defending = (away: Record<number, [number, number]>, home: Record<number, [number, number]> = { 9: [10, 9] }, extra = {}) =>
  scene({ side: "away", role: "defence", home, away, ball: [12, 9], ...extra });
const firstMovers = (s: ReturnType<typeof defending>) => [...new Set(legal(s).flatMap((m) => ("piece" in m ? [m.piece] : [])))].sort((a, b) => a - b);

describe("the defensive turn's first tempo (17.26, 17.28)", () => {
  it("17.26: the first tempo is made by the defending piece nearest to the ball", () => {
    const s = defending({ 11: [16, 9], 10: [17, 12] });
    expect(firstMovers(s)).toEqual([11]);
    refused(s, mv(10, 17, 10), "NOT_NEAREST");
    expect(act(s, mv(11, 15, 9)).state.turn!.tempo).toBe(1);
  });

  it("17.28: pieces at the same distance: any of them", () => {
    expect(firstMovers(defending({ 11: [16, 9], 10: [16, 12], 4: [12, 13] }))).toEqual([4, 10, 11]);
  });

  it("ruling: frozen pieces are skipped", () => {
    const s = defending({ 11: [16, 9], 10: [17, 12] }, { 9: [10, 9] }, { frozen: { away: [11] } });
    expect(firstMovers(s)).toEqual([10]);
  });

  it("ruling: after the first tempo any piece may act, once each", () => {
    const s = act(defending({ 11: [14, 9], 10: [17, 12] }), mv(11, 13, 11)).state;
    expect(isLegal(s, mv(10, 17, 10))).toBe(true);
  });
});

describe("tackles (17.13, 17.23, 17.5)", () => {
  it("17.13: a defensive turn kicks only as the tackle of its first tempo", () => {
    const s = defending({ 11: [14, 9], 10: [15, 11] });
    expect(isLegal(s, kick(11, [16, 5]))).toBe(true);
    refused(s, kick(10, [16, 5]), "NOT_NEAREST");
    const later = act(s, mv(11, 14, 13)).state;
    refused(later, kick(10, [16, 5]), "NOT_A_TACKLE");
  });

  it("17.23: a tackle wins the ball: the rest of the turn keeps defensive limits, the tackling side's next turn is attacking", () => {
    const s = defending({ 11: [14, 9], 10: [15, 9] }, { 9: [10, 9], 8: [16, 4] }, { minSecondary: 0 });
    const { state, notes } = act(s, kick(11, [15, 5]));
    expect(notes).toEqual([
      { type: "tackle", side: "away", piece: 11, counterKick: false },
      { type: "possessionLost", side: "home", to: "away", reason: "tackle" },
    ]);
    expect(state.possession).toBe("away");
    expect(state.turn).toMatchObject({ side: "away", role: "defence" });
    // No second kick (no dribble in defence), and no loss check: home 8 and away 10 both touch the ball now.
    refused(state, kick(11, [16, 2]), "PIECE_USED");
    const touching = act(state, mv(10, 15, 6));
    expect(touching.notes).toEqual([]);
    const next = acts(touching.state, mv(9, 15, 14), END).state;
    expect(next.turn).toMatchObject({ side: "home", role: "defence" });
    const back = acts(next, mv(8, 16, 3), mv(7, 2, 2), mv(6, 3, 3), mv(5, 4, 4), END).state;
    expect(back.turn).toMatchObject({ side: "away", role: "attack", free: true });
  });

  it("17.5 and ruling: a counter-kick (attacking pieces touch the ball) needs a tackler numbered at least the highest of them", () => {
    const weak = defending({ 7: [13, 9] }, { 9: [11, 9], 5: [11, 10] });
    refused(weak, kick(7, [16, 9]), "COUNTER_KICK_TOO_WEAK");
    expect(legal(weak).some((m) => m.type === "kick")).toBe(false);
    const equal = defending({ 9: [13, 9] }, { 9: [11, 9], 5: [11, 10] });
    expect(act(equal, kick(9, [16, 9])).notes[0]).toEqual({ type: "tackle", side: "away", piece: 9, counterKick: true });
    expect(isLegal(defending({ 10: [13, 9] }, { 9: [11, 9] }), kick(10, [16, 9]))).toBe(true);
  });

  it("17.5: numbers count only when attacking pieces touch the ball", () => {
    expect(isLegal(defending({ 1: [14, 9] }, { 11: [9, 9] }), kick(1, [16, 9]))).toBe(true);
  });
});

describe("pushes and trips in either turn, main part only (17.12, 17.15, 17.16)", () => {
  it("17.12: a defensive turn may push and trip in tempos 1-4", () => {
    const s = defending({ 11: [13, 10], 10: [10, 11] }, { 9: [10, 10], 8: [12, 11] });
    expect(isLegal(s, trip(11, "home", 8))).toBe(true);
    const later = act(s, push(11, "home", 8)).state;
    expect(isLegal(later, trip(10, "home", 9))).toBe(true);
  });

  it("17.15, 17.16: neither side pushes or trips in the secondary part", () => {
    const s = acts(defending({ 11: [13, 10], 10: [9, 11], 4: [4, 4] }, { 9: [10, 10], 8: [11, 11] }), mv(11, 14, 13), mv(4, 5, 4), mv(3, 21, 14), mv(2, 22, 14)).state;
    expect(s.turn!.tempo).toBe(4);
    refused(s, trip(10, "home", 9), "MAIN_PART_ONLY");
    refused(s, push(10, "home", 9), "MAIN_PART_ONLY");
  });
});
