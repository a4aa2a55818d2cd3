import { describe, expect, it } from "vitest";
import { LANGS, THEMES, type DrawOptions, type Json } from "../../src/boards/drawing.js";
import { golnardFootball as drawing, type FootballView } from "../../src/boards/golnard-football.js";
import { drawnAt, textsIn } from "./drawn.js";
import { idsIn, keysIn, samples, svgProblems, type Sample } from "./svg-check.js";

// Real positions of short random playouts with 1, 2 and 5 seats a side; football lists up to
// thousands of moves a position, so a few dozen positions each keep the file fast.
const SEATS = [2, 4, 10] as const;
const bySeats = new Map<number, Sample[]>(SEATS.map((seats) => [seats, samples("golnard-football", [seats * 7 + 1], { seats, maxCommands: 40 })]));
const all = [...bySeats.values()].flat();
const view = (s: Sample) => s.state as unknown as FootballView;
/** Seat 0 (home at the left) and the first away seat (the field turned round). */
const orientations = (v: FootballView) => [0, v.sides[1]!.seats[0]!];
const options = (v: FootballView, i: number): DrawOptions => ({ theme: THEMES[i % 2]!, lang: LANGS[(i >> 1) % 2]!, orientation: orientations(v)[(i >> 2) % 2]! });

describe("golnard-football drawing", () => {
  it("draws clean SVG for every sampled position, in both themes, both languages and both orientations", () => {
    for (const s of all) {
      for (let i = 0; i < 8; i++) expect(svgProblems(drawing.draw(s.state, options(view(s), i)))).toEqual([]);
    }
  });

  it("keeps escaping and markup rules with selection marks drawn", () => {
    for (const s of all.filter((x) => x.moves.length > 0).slice(0, 6)) {
      const first = drawing.clicks(s.moves[0]!, s.state)[0] ?? [];
      const svg = drawing.draw(s.state, { theme: "dark", lang: "ru", orientation: 0, selected: first.slice(0, 1), selectable: first.slice(1) });
      expect(svgProblems(svg)).toEqual([]);
    }
  });

  it("gives every legal move click sequences made only of keys the drawing has", () => {
    let checked = 0;
    for (const s of all) {
      const keys = keysIn(drawing.draw(s.state, options(view(s), 0)));
      for (const move of s.moves) {
        for (const seq of drawing.clicks(move, s.state)) {
          for (const key of seq) if (!keys.has(key)) throw new Error(`${key} of ${JSON.stringify(move)} is not drawn`);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("gives board moves a gesture: walks and kicks start at the token, placements on a cell", () => {
    const moves = all.flatMap((s) => s.moves.map((move) => ({ move: move as { type: string; token?: number }, s })));
    const walk = moves.find((m) => m.move.type === "walk")!;
    const seq = drawing.clicks(walk.move as unknown as Json, walk.s.state)[0]!;
    expect(seq).toEqual([`${view(walk.s).side}-${walk.move.token}`, expect.stringMatching(/^c\d+,\d+$/)]);
    for (const { move, s } of moves.filter((m) => m.move.type === "kick")) expect(drawing.clicks(move as unknown as Json, s.state)[0]).toHaveLength(2);
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
    const s = all.find((x) => x.moves.some((m) => (m as { type: string }).type === "walk"))!;
    expect(drawing.caption(s.state, "en")).not.toBe(drawing.caption(s.state, "ru"));
    expect(drawing.caption(s.state, "ru")).toContain("Хозяева");
    const walk = s.moves.find((m) => (m as { type: string }).type === "walk")!;
    expect(drawing.notation(walk, "en")).toMatch(/walk \d to [a-t]\d+/);
    expect(drawing.notation(walk, "ru")).toMatch(/ход \d на [a-t]\d+/);
    const en = textsIn(drawing.draw(s.state, { theme: "light", lang: "en", orientation: 0 }));
    const ru = textsIn(drawing.draw(s.state, { theme: "light", lang: "ru", orientation: 0 }));
    expect(en.some((t) => t.includes("Home"))).toBe(true);
    expect(ru.some((t) => t.includes("Хозяева"))).toBe(true);
    expect(ru.join(" ")).not.toMatch(/Home|Away|half|turns/);
  });

  it("shows every token with its number and id, the ball, the score and the turns", () => {
    for (const s of all) {
      const v = view(s);
      const svg = drawing.draw(s.state, options(v, 0));
      const ids = idsIn(svg);
      const texts = textsIn(svg);
      for (const t of v.tokens) {
        expect(ids.has(`${t.side}-${t.number}`)).toBe(true);
        expect(keysIn(svg).has(`${t.side}-${t.number}`)).toBe(true);
      }
      for (let n = 1; n <= 11; n++) expect(texts.filter((t) => t === String(n)).length).toBeGreaterThanOrEqual(2);
      expect(texts).toContain(`Home ${v.score.home} : ${v.score.away} Away`);
      expect(ids.has("ball")).toBe(v.ball !== null);
      if (v.period > 0) expect(texts.some((t) => t.includes(`turns ${v.counted.home}–${v.counted.away} of ${v.turnsPerSide}`))).toBe(true);
    }
  });

  it("marks the dice of the turn, the set piece and offside tokens", () => {
    const rolled = all.find((s) => view(s).dice !== null)!;
    expect(drawing.caption(rolled.state, "en")).toContain(`dice ${view(rolled).dice!.join(" ")}`);
    const offside = all.find((s) => view(s).tokens.some((t) => t.offside));
    if (offside) expect(drawing.draw(offside.state, options(view(offside), 0))).toContain('stroke-dasharray="4 3"');
    const v = view(all[0]!);
    const throwIn = { ...v, setPiece: { kind: "throwIn", step: "roll", kicker: null }, play: "throwIn" } as unknown as Json;
    expect(drawing.caption(throwIn, "en")).toContain("Throw-in");
    expect(drawing.caption(throwIn, "ru")).toContain("Аут");
  });

  it("turns the field round for an away seat: home's keeper is drawn on the other end", () => {
    const s = all[0]!;
    const v = view(s);
    const left = drawnAt(drawing.draw(s.state, { theme: "light", lang: "en", orientation: 0 }), "home-1")!;
    const right = drawnAt(drawing.draw(s.state, { theme: "light", lang: "en", orientation: v.sides[1]!.seats[0]! }), "home-1")!;
    expect(left.x).toBeLessThan(200);
    expect(right.x).toBeGreaterThan(600);
  });

  it("slides what moved: motion ids are drawn after the move, and each path ends where the piece is drawn", () => {
    let walks = 0;
    for (const s of all) {
      if (!s.next) continue;
      for (const orientation of orientations(view(s))) {
        const o: DrawOptions = { theme: "light", lang: "en", orientation };
        const svg = drawing.draw(s.next.state, o);
        const motions = drawing.motions(s.state, s.next.state, s.next.move, o);
        for (const m of motions) {
          expect(idsIn(svg).has(m.id)).toBe(true);
          expect(m.path.length).toBeGreaterThanOrEqual(2);
          const end = m.path[m.path.length - 1]!;
          const at = drawnAt(svg, m.id)!;
          expect(end.x).toBeCloseTo(at.x, 5);
          expect(end.y).toBeCloseTo(at.y, 5);
        }
        const type = (s.next.move as { type: string }).type;
        if (type === "walk" || type === "kick" || type === "walkKick") {
          expect(motions.length).toBeGreaterThan(0);
          walks++;
        }
      }
    }
    expect(walks).toBeGreaterThan(10);
  });

  it("tells goals and set-piece awards in both languages, and nothing for routine notes", () => {
    const goal = { type: "goal", side: "home", against: "away", ownGoal: false, token: 9, at: { x: 19, y: 4 }, score: { home: 1, away: 0 } };
    expect(drawing.noteText(goal, "en")).toBe("Goal! Home 9 (1 : 0)");
    expect(drawing.noteText(goal, "ru")).toBe("Гол! Хозяева 9 (1 : 0)");
    expect(drawing.noteText({ type: "cornerAwarded", side: "away", at: { x: 0, y: 0 } }, "ru")).toBe("Угловой: подают Гости");
    expect(drawing.noteText({ type: "diceLapsed", dice: [3] }, "en")).toBeNull();
  });
});
