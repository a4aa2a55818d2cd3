import { describe, expect, it } from "vitest";
import { golnardEstafeta as relay } from "../../src/boards/golnard-estafeta.js";
import { LANGS, THEMES, type DrawOptions, type Json, type Point } from "../../src/boards/drawing.js";
import { PALETTES } from "../../src/boards/palette.js";
import { idsIn, keysIn, samples, svgProblems, type Sample } from "./svg-check.js";

interface Token {
  team: number;
  letter: string;
  cell: { x: number; y: number } | null;
  state: string;
}
type View = { tokens: Token[]; teams: { seat: number; lane: number | null; finished: number }[]; round: number; maxRounds: number; dice: number[] | null; stage: string };

// Two, three and five teams; sprint and stayer. Long enough for handoffs and crossings.
const bySize: Record<number, Sample[]> = {
  2: samples("golnard-estafeta", [1, 2], { seats: 2, maxCommands: 250 }),
  3: samples("golnard-estafeta", [3], { seats: 3, options: { variant: "stayer" }, maxCommands: 250 }),
  5: samples("golnard-estafeta", [4], { seats: 5, maxCommands: 250 }),
};
const all = Object.values(bySize).flat();
const positions = all.filter((_, i) => i % 20 === 0);
const base: DrawOptions = { theme: "light", lang: "en", orientation: 0 };
const view = (s: Json): View => s as unknown as View;

/** The centre of the token drawn with this data-id (its first circle). */
function drawnAt(svg: string, id: string): Point | null {
  const m = new RegExp(`data-id="${id}"[^>]*><circle cx="([\\d.]+)" cy="([\\d.]+)"`).exec(svg);
  return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
}

describe("relay drawing", () => {
  it("draws every sampled position as clean SVG in both themes, both languages and from every team", () => {
    for (const { state } of positions)
      for (const theme of THEMES)
        for (const lang of LANGS)
          for (let orientation = 0; orientation < view(state).teams.length; orientation++) expect(svgProblems(relay.draw(state, { theme, lang, orientation }))).toEqual([]);
  });

  it("draws every team's four tokens by letter, on the board or in its finished row, and 144 clickable cells", () => {
    for (const { state } of positions) {
      const v = view(state);
      const svg = relay.draw(state, base);
      const ids = [...svg.matchAll(/data-id="([^"]*)"/g)].map((m) => m[1]!);
      expect(ids.sort()).toEqual(v.tokens.map((t) => `t${t.team}${t.letter}`).sort());
      for (const letter of new Set(v.tokens.map((t) => t.letter))) expect(svg).toContain(`>${letter}</text>`);
      expect([...keysIn(svg)].filter((k) => /^c\d+-\d+$/.test(k))).toHaveLength(144);
    }
  });

  it("marks every team's gate cells: g0..g3 and h0 on each of the four faces", () => {
    for (const teams of [2, 3, 5]) {
      const state = bySize[teams]!.find((s) => view(s.state).teams.every((t) => t.lane !== null))!.state;
      const svg = relay.draw(state, base);
      // h0 cells are the dashed inner squares, one per team and face.
      expect(svg.match(/stroke-dasharray="4 3"/g)).toHaveLength(4 * teams);
      expect(svg).toContain('data-key="finish"');
    }
  });

  it("makes every legal action clickable as its token then its destination, with keys the drawing has", () => {
    const missing: string[] = [];
    for (const { state, moves } of all.filter((_, i) => i % 5 === 0)) {
      const keys = keysIn(relay.draw(state, base));
      for (const move of moves) {
        const seqs = relay.clicks(move, state);
        expect(seqs).toHaveLength(1);
        expect(seqs[0]).toHaveLength(2);
        for (const key of seqs[0]!) if (!keys.has(key)) missing.push(key);
      }
    }
    expect(missing).toEqual([]);
  });

  it("finishes a token by clicking it, then the start/finish line", () => {
    const { state } = all.find((s) => view(s.state).stage === "play" && view(s.state).dice !== null)!;
    const team = (state as { toMove: number }).toMove;
    expect(relay.clicks({ token: "D", die: "first", to: "finish", points: 1 }, state)).toEqual([[`t${team}D`, "finish"]]);
    expect(relay.clicks({ token: "A", die: "first", to: { x: 1, y: 0 } }, { ...(state as Record<string, Json>), stage: "over" })).toEqual([]);
  });

  it("rings the selectable token and cells in one colour and the selected ones in another, and draws the lane of the team looked from strongest", () => {
    const { state } = positions[3]!;
    const marked = relay.draw(state, { ...base, orientation: 1, selectable: ["t1A", "c3-4"], selected: ["c0-0"] });
    const count = (pattern: string): number => marked.match(new RegExp(pattern, "g"))?.length ?? 0;
    expect(count(`fill="none" stroke="${PALETTES.light.selectable}"`)).toBe(2);
    expect(count(`fill="none" stroke="${PALETTES.light.selected}"`)).toBe(1);
    // g0..g3 of each face: 16 cells tinted strongly for team 1, lightly for the others.
    expect(count(`fill="${PALETTES.light.teams[1]}" fill-opacity="0.42"`)).toBe(16);
    expect(count(`fill="${PALETTES.light.teams[0]}" fill-opacity="0.24"`)).toBe(16);
  });

  it("gives distinct legal actions distinct notations in both languages", () => {
    for (const { moves } of all) for (const lang of LANGS) expect(new Set(moves.map((m) => relay.notation(m, lang))).size).toBe(moves.length);
    expect(relay.notation({ token: "D", die: "first", to: "finish", points: 1 }, "en")).toBe("D: first die, 1 → finish");
    expect(relay.notation({ token: "A", die: "both", to: { x: 8, y: 2 }, points: 8 }, "ru")).toBe("A: обе кости, 8 → 8,2");
  });

  it("writes the round, the team to move and the dice left, in the language asked for", () => {
    const { state } = all.find((s) => view(s.state).dice !== null)!;
    const v = view(state);
    const en = relay.draw(state, base);
    const ru = relay.draw(state, { ...base, lang: "ru" });
    expect(en).toContain(`Round ${v.round} / ${v.maxRounds}`);
    expect(en).toContain(`Left: ${v.dice![0]} + ${v.dice![1]}`);
    expect(ru).toContain(`Раунд ${v.round} / ${v.maxRounds}`);
    expect(ru).toContain(`Осталось: ${v.dice![0]} + ${v.dice![1]}`);
    expect(ru).not.toMatch(/Round|Team|Left|Finished|Start/);
    expect(relay.caption(state, "en")).not.toBe(relay.caption(state, "ru"));
  });

  it("puts the start/finish line at the bottom: every team's runner A starts in the lower half", () => {
    const start = bySize[5]!.find((s) => view(s.state).stage === "opening")!.state;
    const svg = relay.draw(start, base);
    const board = Number(/viewBox="0 0 [\d.]+ ([\d.]+)"/.exec(svg)![1]);
    for (const t of view(start).tokens.filter((t) => t.letter === "A")) expect(drawnAt(svg, `t${t.team}A`)!.y).toBeGreaterThan(board / 2);
  });

  it("draws a finished token below the board, in its team's row", () => {
    const { state } = positions[3]!;
    const tokens = view(state).tokens.map((t) => (t.team === 1 && t.letter === "A" ? { ...t, cell: null, state: "finished" } : t));
    const svg = relay.draw({ ...(state as Record<string, Json>), tokens } as unknown as Json, base);
    const a1 = drawnAt(svg, "t1A")!;
    const a0 = drawnAt(svg, "t0A")!;
    expect(a1.y).toBeGreaterThan(92 + 12 * 38);
    expect(a0.y).toBeLessThan(92 + 12 * 38);
  });

  it("slides the moved token along its route to where the new drawing puts it", () => {
    let moved = 0;
    for (const { state, next } of all.filter((_, i) => i % 3 === 0)) {
      if (!next || view(state).stage !== "play" || typeof next.move !== "object") continue;
      const svg = relay.draw(next.state, base);
      for (const m of relay.motions(state, next.state, next.move, base)) {
        moved++;
        expect(idsIn(svg)).toContain(m.id);
        expect(m.path[m.path.length - 1]).toEqual(drawnAt(svg, m.id));
        expect(m.path.length).toBeGreaterThanOrEqual(2);
      }
    }
    expect(moved).toBeGreaterThan(30);
  });

  it("tells every note of the ruleset", () => {
    const notes: { type: string; [key: string]: Json }[] = [
      { type: "faceCrossed", face: "F23", lap: 1 },
      { type: "handoff", token: "B" },
      { type: "lapFinished", token: "A", lap: 2 },
      { type: "tokenFinished", token: "C", lap: 1 },
      { type: "teamFinished", team: 2 },
      { type: "turnEnded", pointsLeft: 3 },
    ];
    for (const note of notes) for (const lang of LANGS) expect(relay.noteText(note, lang)).toMatch(/\S/);
    expect(relay.noteText({ type: "teamFinished", team: 2 }, "en")).toBe("Team 3 brought all four tokens home");
    expect(relay.noteText({ type: "unknown" }, "en")).toBeNull();
  });
});
