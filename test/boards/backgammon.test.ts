import { describe, expect, it } from "vitest";
import { backgammon } from "../../src/boards/backgammon.js";
import { LANGS, THEMES, type DrawOptions, type Json, type Point } from "../../src/boards/drawing.js";
import { PALETTES } from "../../src/boards/palette.js";
import { idsIn, keysIn, samples, svgProblems } from "./svg-check.js";

// Three short cube matches: openings, plays, hits, bar entries, doubles offered, taken and dropped.
const all = samples("backgammon", [1, 2, 3], { options: { cube: true, matchLength: 3 }, maxCommands: 300 });
const positions = all.filter((_, i) => i % 3 === 0);
const plays = all.filter((s) => (s.state as { phase: string }).phase === "move");
const base: DrawOptions = { theme: "light", lang: "en", orientation: 0 };

/** Where the element with this data-id is drawn: a checker's centre, a borne-off slab's centre. */
function drawnAt(svg: string, id: string): Point | null {
  const tag = new RegExp(`<(circle|rect)[^>]*data-id="${id}"[^>]*>`).exec(svg)?.[0];
  if (!tag) return null;
  const num = (name: string): number => Number(new RegExp(` ${name}="([^"]*)"`).exec(tag)![1]);
  return tag.startsWith("<circle") ? { x: num("cx"), y: num("cy") } : { x: num("x") + num("width") / 2, y: num("y") + num("height") / 2 };
}

const withState = (state: Json, patch: Record<string, Json>): Json => ({ ...(state as Record<string, Json>), ...patch });

describe("backgammon drawing", () => {
  it("draws every sampled position as clean SVG in both themes, both languages and both orientations", () => {
    for (const { state } of positions)
      for (const theme of THEMES)
        for (const lang of LANGS)
          for (const orientation of [0, 1]) expect(svgProblems(backgammon.draw(state, { theme, lang, orientation }))).toEqual([]);
  });

  it("draws 15 checkers per side, counting the bar and the borne-off ones, each with its own id", () => {
    for (const { state } of positions) {
      const svg = backgammon.draw(state, base);
      const ids = [...svg.matchAll(/data-id="([^"]*)"/g)].map((m) => m[1]!);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.filter((id) => id.startsWith("c0-"))).toHaveLength(15);
      expect(ids.filter((id) => id.startsWith("c1-"))).toHaveLength(15);
    }
  });

  it("makes every legal checker play clickable with keys the drawing has, and cube actions not at all", () => {
    const missing: string[] = [];
    const silent: string[] = [];
    for (const { state, moves } of all) {
      const keys = keysIn(backgammon.draw(state, base));
      for (const move of moves) {
        const seqs = backgammon.clicks(move, state);
        if (["double", "take", "drop"].includes(move as string)) expect(seqs).toEqual([]);
        else if (seqs.length === 0) silent.push(move as string);
        for (const seq of seqs) for (const key of seq) if (!keys.has(key)) missing.push(`${move as string}: ${key}`);
      }
    }
    expect(silent).toEqual([]);
    expect(missing).toEqual([]);
  });

  it("lets the checkers of a play be clicked in any order, and one checker by its intermediate point", () => {
    const opening = plays.find((s) => (s.state as { onRoll: number; gameNumber: number }).onRoll === 0)!.state;
    // The starting position with 6-5 for white: 19 is black's 6-point, so 24/13 can only go by 18.
    const start = withState(opening, { dice: [6, 5], diceToPlay: [6, 5] });
    expect(backgammon.clicks("24/18 13/8", start)).toEqual(expect.arrayContaining([["p24", "p18", "p13", "p8"], ["p13", "p8", "p24", "p18"]]));
    const seqs = backgammon.clicks("24/13", start);
    expect(seqs).toContainEqual(["p24", "p13"]);
    expect(seqs).toContainEqual(["p24", "p18", "p18", "p13"]);
    expect(seqs).not.toContainEqual(["p24", "p19", "p19", "p13"]);
  });

  it("names black's points in the neutral keys: black's 24/18 is p1 to p7", () => {
    const black = plays.find((s) => (s.state as { onRoll: number }).onRoll === 1)!.state;
    expect(backgammon.clicks("24/18", withState(black, { dice: [6, 1], diceToPlay: [6, 1] }))).toContainEqual(["p1", "p7"]);
    expect(backgammon.clicks("bar/22*", black)).toContainEqual(["bar1", "p3"]);
  });

  it("rings the selectable points in one colour and the selected ones in another", () => {
    const { state } = plays[0]!;
    const plain = backgammon.draw(state, base);
    const marked = backgammon.draw(state, { ...base, selectable: ["p13", "bar0"], selected: ["p8"] });
    const rings = (svg: string, colour: string): number => svg.match(new RegExp(`fill="none" stroke="${colour}"`, "g"))?.length ?? 0;
    expect(rings(plain, PALETTES.light.selectable) + rings(plain, PALETTES.light.selected)).toBe(0);
    expect(rings(marked, PALETTES.light.selectable)).toBe(2);
    expect(rings(marked, PALETTES.light.selected)).toBe(1);
  });

  it("gives distinct legal moves distinct notations in both languages", () => {
    for (const { moves } of all)
      for (const lang of LANGS) expect(new Set(moves.map((m) => backgammon.notation(m, lang))).size).toBe(moves.length);
    expect(backgammon.notation("bar/20* 6/off", "ru")).toBe("бар/20* 6/выброс");
    expect(backgammon.notation("double", "ru")).toBe("удвоение");
  });

  it("writes its labels in the language asked for", () => {
    const state = positions[5]!.state;
    const en = backgammon.draw(state, base);
    const ru = backgammon.draw(state, { ...base, lang: "ru" });
    expect(en).toContain("Score");
    expect(en).toContain("Pips");
    expect(ru).toContain("Счёт");
    expect(ru).toContain("Пипсы");
    expect(ru).not.toMatch(/Score|Pips|White|Black|Match/);
    expect(backgammon.caption(state, "en")).not.toBe(backgammon.caption(state, "ru"));
  });

  it("shows the score, the match length, both pip counts and the point numbers from the bottom seat's side", () => {
    for (const { state } of positions.slice(0, 20)) {
      const v = state as { score: number[]; pipCounts: number[]; matchLength: number };
      const svg = backgammon.draw(state, base);
      expect(svg).toContain(`Score ${v.score[0]}<`);
      expect(svg).toContain(`Score ${v.score[1]}<`);
      expect(svg).toContain(`Pips ${v.pipCounts[0]}<`);
      expect(svg).toContain(`Pips ${v.pipCounts[1]}<`);
      expect(svg).toContain(`Match to ${v.matchLength}`);
    }
    // White's 1-point is bottom right for white, top left (black's 24) for black.
    const svg0 = backgammon.draw(positions[0]!.state, base);
    const svg1 = backgammon.draw(positions[0]!.state, { ...base, orientation: 1 });
    const label = (svg: string, n: number): Point => {
      const m = new RegExp(`<text x="([\\d.]+)" y="([\\d.]+)"[^>]*>${n}</text>`).exec(svg)!;
      return { x: Number(m[1]), y: Number(m[2]) };
    };
    expect(label(svg0, 1).x).toBeGreaterThan(label(svg0, 12).x);
    expect(label(svg0, 1).y).toBeGreaterThan(label(svg0, 13).y);
    expect(label(svg1, 1).y).toBeGreaterThan(label(svg1, 13).y);
  });

  it("writes the count on a point holding more than five checkers", () => {
    const v = positions[0]!.state as { points: { owner: number | null; count: number }[] };
    const points = v.points.map((p, i) => (i === 5 ? { ...p, owner: 0, count: 9 } : p));
    expect(backgammon.draw(withState(positions[0]!.state, { points }), base)).toMatch(/font-weight="bold"[^>]*>9<\/text>/);
  });

  it("draws the dice to play, the centred cube as 64 and an offered double with its new value", () => {
    const moving = plays[0]!.state as { diceToPlay: number[] };
    const svg = backgammon.draw(plays[0]!.state, base);
    // Die faces are the only rects rounded by 0.18 of their 28 px.
    expect(svg.match(/<rect[^>]*rx="5.04"/g)).toHaveLength(moving.diceToPlay.length);
    expect(svg).toContain(">64</text>");
    // Random playouts never double: the offer is the view of a roll with the phase a double gives it.
    const rolling = all.find((s) => (s.state as { phase: string }).phase === "roll")!.state as { cube: Record<string, Json> };
    const offered = withState(rolling as unknown as Json, { phase: "doubled", cube: { ...rolling.cube, value: 2, offered: true } });
    const svgOffer = backgammon.draw(offered, base);
    expect(svgOffer).toContain(">4</text>");
    expect(svgOffer).toContain(`stroke="${PALETTES.light.warning}" stroke-width="3"`);
    expect(backgammon.caption(offered, "en")).toContain("take or drop?");
  });

  it("slides every moved checker, and hit blots, from their old places to where the new drawing puts them", () => {
    let hits = 0;
    for (const { state, next } of plays) {
      if (!next) continue;
      for (const orientation of [0, 1]) {
        const o = { ...base, orientation };
        const svg = backgammon.draw(next.state, o);
        const ids = idsIn(svg);
        const motions = backgammon.motions(state, next.state, next.move, o);
        if ((state as { gameNumber: number }).gameNumber === (next.state as { gameNumber: number }).gameNumber) expect(motions.length).toBeGreaterThan(0);
        for (const m of motions) {
          expect(ids).toContain(m.id);
          expect(m.path[m.path.length - 1]).toEqual(drawnAt(svg, m.id));
          if (m.id.includes("-bar")) hits++;
        }
      }
    }
    expect(hits).toBeGreaterThan(0);
  });

  it("tells hits and finished games, and nothing else", () => {
    expect(backgammon.noteText({ type: "hit", checkers: 2 }, "en")).toBe("Hit: 2 checkers hit");
    expect(backgammon.noteText({ type: "gameFinished", winner: 1, points: 2, resultType: "gammon", cube: 1, crawford: false, score: [0, 2] }, "ru")).toBe("Чёрные выигрывают марс, 2 оч. (Счёт 0 : 2)");
    expect(backgammon.noteText({ type: "other" }, "en")).toBeNull();
  });
});
