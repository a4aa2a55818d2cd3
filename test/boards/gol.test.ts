import { describe, expect, it } from "vitest";
import { LANGS, THEMES, type DrawOptions, type Json } from "../../src/boards/drawing.js";
import { gol as drawing, type GolView } from "../../src/boards/gol.js";
import { drawnAt, textsIn } from "./drawn.js";
import { idsIn, keysIn, samples, svgProblems } from "./svg-check.js";

// Real positions of short random matches (one minute a half, so kickoffs, goals and half time come up).
const all = samples("gol", [3, 4], { options: { minutesPerHalf: 1 }, maxCommands: 120 });
const view = (s: (typeof all)[number]) => s.state as unknown as GolView;
const options = (i: number): DrawOptions => ({ theme: THEMES[i % 2]!, lang: LANGS[(i >> 1) % 2]!, orientation: (i >> 2) % 2 });
const type = (m: Json) => (m as { type: string }).type;

describe("gol drawing", () => {
  it("draws clean SVG for every sampled position, in both themes, both languages and both orientations", () => {
    for (const s of all) for (let i = 0; i < 8; i++) expect(svgProblems(drawing.draw(s.state, options(i)))).toEqual([]);
  });

  it("gives every legal move click sequences made only of keys the drawing has, and none to ending the turn", () => {
    let checked = 0;
    for (const s of all) {
      const keys = keysIn(drawing.draw(s.state, options(0)));
      for (const move of s.moves) {
        const seqs = drawing.clicks(move, s.state);
        if (type(move) === "endTurn") expect(seqs).toEqual([]);
        else expect(seqs.length).toBeGreaterThan(0);
        for (const seq of seqs) for (const key of seq) if (!keys.has(key)) throw new Error(`${key} of ${JSON.stringify(move)} is not drawn`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("clicks a tempo as the piece, then its destination, kick target or the piece it pushes", () => {
    const s = all.find((x) => x.moves.some((m) => type(m) === "kick"))!;
    const side = view(s).tempo!.side;
    const kick = s.moves.find((m) => type(m) === "kick") as { piece: number; to: { x: number; y: number } | "goal" };
    const seqs = drawing.clicks(kick as unknown as Json, s.state);
    expect(seqs[0]![0]).toBe(`${side}-${kick.piece}`);
    if (kick.to === "goal") expect(seqs).toHaveLength(5);
    else expect(seqs).toEqual([[`${side}-${kick.piece}`, `c${kick.to.x},${kick.to.y}`]]);
  });

  it("names distinct legal moves distinctly in both languages", () => {
    for (const s of all) {
      for (const lang of LANGS) {
        const names = s.moves.map((m) => drawing.notation(m, lang));
        expect(new Set(names).size).toBe(names.length);
      }
    }
  });

  it("translates labels: captions, notations and drawn text differ between en and ru", () => {
    const s = all[1]!;
    expect(drawing.caption(s.state, "en")).not.toBe(drawing.caption(s.state, "ru"));
    expect(drawing.notation({ type: "endTurn" }, "ru")).toBe("конец хода");
    expect(drawing.notation({ type: "move", piece: 7, to: { x: 4, y: 4 } }, "en")).toBe("7: move to e5");
    expect(drawing.notation({ type: "push", piece: 6, target: { side: "away", piece: 8 } }, "ru")).toBe("6: толчок: гости 8");
    const ru = textsIn(drawing.draw(s.state, { theme: "light", lang: "ru", orientation: 0 })).join(" ");
    expect(ru).toContain("Хозяева");
    expect(ru).not.toMatch(/Home|Away|half|Tempo/);
  });

  it("shows the 22 numbered pieces, the ball, the score, the clock and the tempo counter", () => {
    for (const s of all) {
      const v = view(s);
      const svg = drawing.draw(s.state, options(0));
      const ids = idsIn(svg);
      const texts = textsIn(svg);
      expect([...ids].filter((id) => /^(home|away)-\d+$/.test(id))).toHaveLength(22);
      expect(ids.has("ball")).toBe(true);
      for (let n = 1; n <= 11; n++) expect(texts.filter((t) => t === String(n)).length).toBeGreaterThanOrEqual(2);
      expect(texts).toContain(`Home ${v.score.home} : ${v.score.away} Away`);
      if (v.tempo) {
        expect(texts.some((t) => t.includes(`${v.clock.minute}'`))).toBe(true);
        expect(texts).toContain(`Tempo ${v.tempo.made}/${v.tempo.maxTempos}`);
      }
    }
  });

  it("marks frozen pieces, pieces used this turn and pieces touching the ball", () => {
    const s = all.find((x) => view(x).pieces.some((q) => q.used) && view(x).pieces.some((q) => q.touching))!;
    const svg = drawing.draw(s.state, options(0));
    const used = view(s).pieces.find((q) => q.used)!;
    expect(svg).toMatch(new RegExp(`data-id="${used.side}-${used.number}"[^>]*opacity="0.55"`));
    expect(textsIn(svg).length).toBeGreaterThan(0);
    expect(svg).toContain("touching the ball");
    const frozen = { ...view(s), pieces: view(s).pieces.map((q, i) => (i === 3 ? { ...q, frozen: true } : q)) } as unknown as Json;
    expect(drawing.draw(frozen, options(0))).toContain("tripped, sits out this turn");
  });

  it("mirrors the field for away: home's goalkeeper is drawn on the right", () => {
    const s = all[0]!;
    expect(drawnAt(drawing.draw(s.state, options(0)), "home-1")!.x).toBeLessThan(200);
    expect(drawnAt(drawing.draw(s.state, options(4)), "home-1")!.x).toBeGreaterThan(600);
  });

  it("slides what moved: motion ids are drawn after the move, and each path ends where the piece is drawn", () => {
    let tempos = 0;
    for (const s of all) {
      if (!s.next) continue;
      for (const orientation of [0, 1]) {
        const o: DrawOptions = { theme: "dark", lang: "ru", orientation };
        const svg = drawing.draw(s.next.state, o);
        const motions = drawing.motions(s.state, s.next.state, s.next.move, o);
        for (const m of motions) {
          expect(idsIn(svg).has(m.id)).toBe(true);
          const end = m.path[m.path.length - 1]!;
          const at = drawnAt(svg, m.id)!;
          expect(end.x).toBeCloseTo(at.x, 5);
          expect(end.y).toBeCloseTo(at.y, 5);
        }
        if (type(s.next.move) !== "endTurn") {
          expect(motions.length).toBeGreaterThan(0);
          tempos++;
        }
        if (type(s.next.move) === "kick") expect(motions.some((m) => m.id === "ball")).toBe(true);
      }
    }
    expect(tempos).toBeGreaterThan(20);
  });

  it("tells goals, tackles and fouls in both languages, and nothing for routine notes", () => {
    const goal = { type: "goal", side: "away", by: "away", piece: 9, ownGoal: false, score: { home: 0, away: 1 } };
    expect(drawing.noteText(goal, "en")).toBe("Goal! Away 9 (0 : 1)");
    expect(drawing.noteText(goal, "ru")).toBe("Гол! Гости 9 (0 : 1)");
    expect(drawing.noteText({ type: "trip", side: "home", piece: 6, target: { side: "away", piece: 8 } }, "en")).toBe("Foul: Home 6 trips Away 8");
    expect(drawing.noteText({ type: "turnEnded", side: "home", tempos: 14, reason: "tempos" }, "en")).toBeNull();
  });
});
