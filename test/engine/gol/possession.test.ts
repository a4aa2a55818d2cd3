import { describe, expect, it } from "vitest";
import { act, acts, END, kick, mv, push, scene, start } from "./fixtures.js";

/** Home attacks with the ball on (12, 9). */
const attacking = (home: Record<number, [number, number]>, away: Record<number, [number, number]>, extra = {}) => scene({ home, away, ball: [12, 9], ...extra });

describe("possession (17.10, 17.11, 17.21)", () => {
  it("17.10, 17.21: home starts in possession and plays attacking turns; away defends", () => {
    const s = start();
    expect(s.possession).toBe("home");
    expect(s.turn!.role).toBe("attack");
    const next = acts(s, mv(1, 1, 9), mv(2, 4, 3), mv(3, 4, 7), mv(4, 4, 11), mv(10, 9, 14), mv(9, 9, 4), mv(8, 8, 13), mv(7, 6, 9), END).state;
    expect(next.turn).toMatchObject({ side: "away", role: "defence" });
  });
});

describe("loss of the ball (17.14, 17.20, 17.23-17.25)", () => {
  it("17.14, 17.20, 17.24: when both sides touch the ball after an attacking action, the attack loses it: break-time, the turn ends at once", () => {
    const s = attacking({ 9: [11, 9], 2: [2, 2] }, { 5: [13, 9] });
    const { state, notes } = act(s, mv(2, 3, 3));
    expect(notes).toEqual([
      { type: "possessionLost", side: "home", to: "away", reason: "bothTouching", opponents: [5] },
      { type: "turnEnded", side: "home", tempos: 1, reason: "possessionLost" },
    ]);
    expect(state.possession).toBe("away");
    expect(state.turn).toMatchObject({ side: "away", role: "attack", free: true });
  });

  it("17.25: the same opposing piece touching at two consecutive checks is a double touch: the ball is lost", () => {
    const s = attacking({ 2: [2, 2] }, { 5: [13, 9] });
    const once = act(s, mv(2, 3, 3));
    expect(once.notes).toEqual([]);
    expect(once.state.turn!.touches).toEqual([5]);
    const twice = act(once.state, mv(3, 3, 4));
    expect(twice.notes[0]).toEqual({ type: "possessionLost", side: "home", to: "away", reason: "doubleTouch", opponents: [5] });
  });

  it("ruling: the double touch counts even when the ball moved in between (a kick is one check)", () => {
    const s = attacking({ 2: [2, 2], 9: [9, 9] }, { 5: [13, 9] });
    const once = act(s, mv(2, 3, 3)).state;
    // Home 9 kicks the ball to (14, 10), still next to away 5; home 9 now stands on (12, 9), two away.
    const { notes } = act(once, kick(9, [14, 10]));
    expect(notes[0]).toMatchObject({ type: "possessionLost", reason: "doubleTouch" });
  });

  it("17.25: different opposing pieces at consecutive checks are no double touch", () => {
    const s = attacking({ 2: [2, 2], 9: [9, 9] }, { 5: [13, 9], 6: [17, 10] });
    const once = act(s, mv(2, 3, 3)).state;
    const { state, notes } = act(once, kick(9, [16, 9]));
    expect(notes).toEqual([]);
    expect(state.turn!.touches).toEqual([6]);
  });

  it("17.25: pushing the touching opponent away before the next check saves the attack", () => {
    const once = act(scene({ home: { 2: [2, 2], 6: [14, 9] }, away: { 5: [13, 8] }, ball: [12, 9] }), mv(2, 3, 3)).state;
    expect(once.turn!.touches).toEqual([5]);
    const after = act(once, push(6, "away", 5));
    expect(after.notes.map((n) => n.type)).toEqual(["push"]);
    expect(after.state.possession).toBe("home");
    expect(after.state.turn!.touches).toEqual([]);
  });

  it("ruling: the check runs after secondary moves too: an opponent still touching after the main part is a double touch", () => {
    // Free tempos, so that away 5 touching the ball costs nothing until the tempo-4 check counts it.
    const free = attacking({ 2: [2, 2], 3: [2, 4], 4: [2, 6], 5: [2, 8], 11: [10, 14] }, { 5: [13, 9] }, { minSecondary: 0, free: true });
    const four = acts(free, mv(2, 3, 3), mv(3, 3, 5), mv(4, 3, 7), mv(5, 3, 9)).state;
    expect(four.turn!.tempo).toBe(4);
    const secondary = act(four, mv(11, 10, 15));
    expect(secondary.notes).toEqual([
      { type: "possessionLost", side: "home", to: "away", reason: "doubleTouch", opponents: [5] },
      { type: "turnEnded", side: "home", tempos: 5, reason: "possessionLost" },
    ]);
  });

  it("ruling: defensive turns have no loss checks", () => {
    const s = scene({ side: "away", role: "defence", home: { 9: [11, 9] }, away: { 5: [14, 9] }, ball: [12, 9] });
    const { state, notes } = act(s, mv(5, 13, 9));
    expect(notes).toEqual([]);
    expect(state.possession).toBe("home");
  });
});

describe("free tempos after winning the ball (17.27)", () => {
  it("17.27: in the new possessor's first attacking turn, checks after tempos 1-3 ignore the double touch and do not count", () => {
    const s = attacking({ 2: [2, 2], 3: [2, 4], 4: [2, 6], 5: [2, 8], 11: [10, 14] }, { 5: [13, 9] }, { free: true, minSecondary: 0 });
    const three = acts(s, mv(2, 3, 3), mv(3, 3, 5), mv(4, 3, 7)).state;
    expect(three.turn!.touches).toEqual([]);
    // The tempo-4 check counts (not a loss: nothing counted before it); the next one is a double touch.
    const four = act(three, mv(5, 3, 9));
    expect(four.notes).toEqual([]);
    expect(four.state.turn!.touches).toEqual([5]);
    expect(act(four.state, mv(11, 10, 15)).notes[0]).toMatchObject({ reason: "doubleTouch" });
  });

  it("17.27: the both-touching loss still applies in the free tempos", () => {
    const s = attacking({ 2: [2, 2], 9: [11, 9] }, { 5: [13, 9] }, { free: true });
    expect(act(s, mv(2, 3, 3)).notes[0]).toMatchObject({ reason: "bothTouching" });
  });

  it("17.27: a loss gives the other side a free first attacking turn", () => {
    const s = attacking({ 9: [11, 9], 2: [2, 2] }, { 5: [13, 9] });
    const { state } = act(s, mv(2, 3, 3));
    expect(state.turn).toMatchObject({ side: "away", role: "attack", free: true });
    expect(state.freeTempos).toBeNull();
  });
});
