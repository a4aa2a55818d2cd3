/**
 * Gol, tempo football without dice: the 24 x 19 field, its halves, the two goals beyond the end
 * lines, 11 numbered pieces a side, the ball, possession, the tempo counter and the clock.
 *
 * Click keys: a cell is "cX,Y" (engine coordinates; the goal cells "c-1,7".."c-1,11" and
 * "c24,7".."c24,11" too), a piece "home-7" / "away-7" (also its animation id); the ball's
 * animation id is "ball" (it takes no clicks: a gesture toward the ball is a click on its cell).
 * Gestures (`clicks`): a move is the piece, then its destination; a kick the piece, then where
 * the ball goes (a shot: any cell of the goal in reach); a push or a trip the piece, then the
 * piece it pushes or trips (the page asks which by notation); endTurn has none.
 *
 * Notation (cells named by `cellName`, "e5" = x 4, y 4):
 *   move "7: move to e5"; kick "7: kick to e5", "7: shot at goal";
 *   push "7: push away 8"; trip "7: trip away 8"; endTurn "end turn".
 */
import type { DrawOptions, Drawing, Json, Lang, Motion, Point } from "./drawing.js";
import { ball, cellKey, homeAwayName, cellLayer, cellName, coordinates, fill, grid, marker, piece, pieceKey, BALL_ID, type FieldPoint, type Grid } from "./field.js";
import { PALETTES, type Palette } from "./palette.js";
import { el, svgRoot, text } from "./svg.js";

type Side = "home" | "away";

/** The view this drawing reads (src/engine/gol/view.ts); fields it does not use are left out. */
export interface GolView {
  readonly goals: readonly { readonly side: Side; readonly cells: readonly FieldPoint[] }[];
  readonly kickoffSpots: readonly { readonly side: Side; readonly x: number; readonly y: number }[];
  readonly pieces: readonly {
    readonly side: Side;
    readonly number: number;
    readonly x: number;
    readonly y: number;
    readonly frozen: boolean;
    readonly used: boolean;
    readonly touching: boolean;
  }[];
  readonly ball: FieldPoint;
  readonly possession: Side;
  readonly score: { readonly [S in Side]: number };
  readonly clock: { readonly half: 1 | 2; readonly minute: number };
  /** null once the match is over. */
  readonly tempo: {
    readonly side: Side;
    readonly role: "attack" | "defence";
    readonly part: "main" | "secondary";
    readonly made: number;
    readonly mainTempos: number;
    readonly maxTempos: number;
  } | null;
}

/** The actions (src/engine/gol/moves.ts). */
type GolMove =
  | { type: "move"; piece: number; to: FieldPoint }
  | { type: "kick"; piece: number; to: FieldPoint | "goal" }
  | { type: "push" | "trip"; piece: number; target: { side: Side; piece: number } }
  | { type: "endTurn" };

const LABELS = {
  en: {
    title: "Gol",
    home: "Home",
    away: "Away",
    move: "move to",
    kick: "kick to",
    shot: "shot at goal",
    push: "push",
    trip: "trip",
    endTurn: "end turn",
    half: ["", "1st half", "2nd half"],
    over: "Full time",
    attack: "{side} attacking",
    defence: "{side} defending",
    tempo: "Tempo",
    tempoOf: "tempo {made} of {max}",
    main: "main part",
    secondary: "secondary part",
    ballWith: "ball: {side}",
    frozen: "tripped, sits out this turn",
    used: "used this turn",
    touching: "touching the ball",
    notes: {
      goal: "Goal! {side} {piece} ({h} : {a})",
      ownGoal: "Own goal by {by} {piece} ({h} : {a})",
      tackle: "{side} {piece} wins the ball",
      bothTouching: "{side} loses the ball: both sides touch it",
      doubleTouch: "{side} loses the ball: double touch",
      trip: "Foul: {side} {piece} trips {target}",
      push: "{side} {piece} pushes {target}",
      kickoff: "{side} kicks off",
      halfTime: "Half time ({h} : {a})",
      fullTime: "Full time ({h} : {a})",
    },
  },
  ru: {
    title: "Гол",
    home: "Хозяева",
    away: "Гости",
    move: "ход на",
    kick: "удар на",
    shot: "удар по воротам",
    push: "толчок:",
    trip: "подножка:",
    endTurn: "конец хода",
    half: ["", "1-й тайм", "2-й тайм"],
    over: "Матч окончен",
    attack: "{side} атакуют",
    defence: "{side} обороняются",
    tempo: "Темп",
    tempoOf: "темп {made} из {max}",
    main: "основная часть",
    secondary: "дополнительная часть",
    ballWith: "мяч: {side}",
    frozen: "сбит, пропускает ход",
    used: "уже ходил",
    touching: "касается мяча",
    notes: {
      goal: "Гол! {side} {piece} ({h} : {a})",
      ownGoal: "Автогол: {by} {piece} ({h} : {a})",
      tackle: "{side} {piece} отбирает мяч",
      bothTouching: "{side} теряют мяч: касаются обе стороны",
      doubleTouch: "{side} теряют мяч: двойное касание",
      trip: "Нарушение: {side} {piece} сбивает {target}",
      push: "{side} {piece} толкает {target}",
      kickoff: "{side}: начальный удар",
      halfTime: "Перерыв ({h} : {a})",
      fullTime: "Конец матча ({h} : {a})",
    },
  },
} as const;
type Labels = (typeof LABELS)[Lang];

// Layout, in SVG units: cells of S; a column of goal cells beyond each end line; the header with
// score, clock and the tempo counter above; coordinates under and left of the field.
const W = 24;
const H = 19;
const S = 32;
const HEADER = 72;
const GOAL_ROWS = [7, 8, 9, 10, 11] as const;
const ORIGIN = { x: S * 2, y: HEADER + S * 0.5 };
const WIDTH = ORIGIN.x * 2 + W * S;
const HEIGHT = ORIGIN.y + H * S + S;

/** Away at the bottom sees the field mirrored left to right: away's formation is home's mirror, so each side sees its own the same way. */
const gridFor = (orientation: number): Grid => grid(W, H, S, ORIGIN, orientation === 1, false);

const FIELD_CELLS: readonly FieldPoint[] = [
  ...Array.from({ length: W * H }, (_, i) => ({ x: i % W, y: Math.floor(i / W) })),
  ...GOAL_ROWS.flatMap((y) => [{ x: -1, y }, { x: W, y }]),
];

const scoreText = (v: GolView, l: Labels): string => `${l.home} ${v.score.home} : ${v.score.away} ${l.away}`;
const clockText = (v: GolView, l: Labels): string => (v.tempo ? `${l.half[v.clock.half]}, ${v.clock.minute}'` : l.over);
function turnText(v: GolView, l: Labels): string {
  const t = v.tempo;
  if (!t) return "";
  return `${fill(l[t.role], { side: l[t.side] })}, ${fill(l.tempoOf, { made: t.made, max: t.maxTempos })} (${l[t.part]})`;
}

/** The tempo counter: the main tempos as wide boxes, the secondary ones narrow, filled up to the tempos made. */
function drawTempo(v: GolView, p: Palette, l: Labels): string {
  const t = v.tempo;
  if (!t) return "";
  let x = WIDTH - 24 - (t.mainTempos * 22 + (t.maxTempos - t.mainTempos) * 14);
  let out = text(x, 26, `${l.tempo} ${t.made}/${t.maxTempos}`, { "font-size": 13, fill: p.muted });
  for (let i = 1; i <= t.maxTempos; i++) {
    const w = i <= t.mainTempos ? 20 : 12;
    out += el("rect", { x, y: 40, width: w, height: 16, rx: 3, fill: i <= t.made ? p.text : p.background, stroke: p.text, "stroke-width": 1.5 });
    x += w + 2;
  }
  return out;
}

/** Stripes, the border, the halfway line, a centre circle, the kickoff spots and the two goals (nets on the goal cells). */
function drawField(v: GolView, g: Grid, p: Palette): string {
  const corner = (x: number, y: number) => ({ x: g.at(x, y).x - S / 2, y: g.at(x, y).y - S / 2 });
  const left = Math.min(corner(0, 0).x, corner(W - 1, 0).x);
  const top = corner(0, 0).y;
  const line = { fill: "none", stroke: p.line, "stroke-width": 2.5 };
  let out = "";
  for (let x = 0; x < W; x += 2) out += el("rect", { x: left + x * S, y: top, width: 2 * S, height: H * S, fill: (x / 2) % 2 ? p.boardAlt : p.board });
  out += el("rect", { x: left, y: top, width: W * S, height: H * S, ...line, "stroke-width": 4 });
  out += el("line", { x1: left + (W / 2) * S, x2: left + (W / 2) * S, y1: top, y2: top + H * S, ...line });
  out += el("circle", { cx: left + (W / 2) * S, cy: top + (H / 2) * S, r: 3 * S, ...line });
  for (const goal of v.goals) {
    const a = corner(goal.cells[0]!.x, goal.cells[0]!.y);
    out += el("rect", { x: a.x, y: a.y, width: S, height: goal.cells.length * S, fill: p.background, stroke: p.line, "stroke-width": 3 });
    for (let k = 1; k < goal.cells.length * 2; k++) out += el("line", { x1: a.x, x2: a.x + S, y1: a.y + (k * S) / 2, y2: a.y + (k * S) / 2, stroke: p.line, "stroke-width": 0.8 });
    out += el("line", { x1: a.x + S / 2, x2: a.x + S / 2, y1: a.y, y2: a.y + goal.cells.length * S, stroke: p.line, "stroke-width": 0.8 });
  }
  for (const k of v.kickoffSpots) out += el("circle", { cx: g.at(k.x, k.y).x, cy: g.at(k.x, k.y).y, r: 4, fill: p.line });
  return out;
}

function drawPieces(v: GolView, g: Grid, p: Palette, l: Labels, options: DrawOptions): string {
  const mark = marker(options);
  const b = g.at(v.ball.x, v.ball.y);
  const r = S * 0.4;
  // Who touches the ball: a short stroke from the piece toward it, under the pieces.
  const touches = v.pieces
    .filter((q) => q.touching)
    .map((q) => {
      const a = g.at(q.x, q.y);
      return el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: p.text, "stroke-width": 3, "stroke-opacity": 0.55, "stroke-linecap": "round" });
    })
    .join("");
  const pieces = v.pieces
    .map((q) => {
      const at = g.at(q.x, q.y);
      const i = q.side === "home" ? 0 : 1;
      const title = [`${l[q.side]} ${q.number}`, q.frozen ? l.frozen : "", q.used ? l.used : "", q.touching ? l.touching : "", cellName(q)].filter(Boolean).join(", ");
      // Tripped: a warning cross badge (it sits out its side's turn); used: drawn faded.
      const extra = q.frozen
        ? el("circle", { cx: at.x + r * 0.9, cy: at.y - r * 0.9, r: r * 0.5, fill: p.warning }) +
          el("path", { d: `M${at.x + r * 0.65} ${at.y - r * 1.15}l${r * 0.5} ${r * 0.5}m0 ${-r * 0.5}l${-r * 0.5} ${r * 0.5}`, stroke: p.background, "stroke-width": 2 })
        : "";
      return piece({ side: q.side, number: q.number, at, r, fill: p.sides[i], ink: p.onSides[i], rim: p.line, title, square: q.number === 1, extra, faded: q.used || q.frozen }, mark, p);
    })
    .join("");
  return touches + pieces + ball(b, S * 0.24, p);
}

function draw(state: Json, options: DrawOptions): string {
  const v = state as unknown as GolView;
  const p = PALETTES[options.theme];
  const l = LABELS[options.lang];
  const g = gridFor(options.orientation);
  const header =
    el("rect", { x: 0, y: 0, width: WIDTH, height: HEADER, fill: p.boardAlt, "fill-opacity": 0.35 }) +
    text(20, 26, `${clockText(v, l)} · ${fill(l.ballWith, { side: l[v.possession] })}`, { "font-size": 16, fill: p.muted }) +
    text(20, 52, turnText(v, l), { "font-size": 17, fill: p.text }) +
    text(WIDTH / 2, 30, scoreText(v, l), { "font-size": 27, "font-weight": "bold", "text-anchor": "middle", fill: p.text }) +
    drawTempo(v, p, l);
  const body =
    el("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, fill: p.background }) +
    header +
    drawField(v, g, p) +
    coordinates(g, W, H, S * 1.4, p) +
    cellLayer(g, FIELD_CELLS, marker(options), p) +
    drawPieces(v, g, p, l, options);
  return svgRoot(WIDTH, HEIGHT, `${l.title}: ${caption(state, options.lang)}`, body, { "font-family": "sans-serif" });
}

function caption(state: Json, lang: Lang): string {
  const v = state as unknown as GolView;
  const l = LABELS[lang];
  return [scoreText(v, l), clockText(v, l), turnText(v, l)].filter(Boolean).join(" · ");
}

/** The goal a ball on `ball` can be kicked into: the one within 4 columns (the field is too wide for both). */
const goalInReach = (ball: FieldPoint): number => (ball.x + 1 <= 4 ? -1 : W);

function clicks(move: Json, state: Json): readonly (readonly string[])[] {
  const m = move as unknown as GolMove;
  const v = state as unknown as GolView;
  if (m.type === "endTurn" || !v.tempo) return [];
  const own = pieceKey(v.tempo.side, m.piece);
  switch (m.type) {
    case "move":
      return [[own, cellKey(m.to)]];
    case "kick":
      // A shot: any cell of the goal in reach.
      return m.to === "goal" ? GOAL_ROWS.map((y) => [own, cellKey({ x: goalInReach(v.ball), y })]) : [[own, cellKey(m.to)]];
    case "push":
    case "trip":
      return [[own, pieceKey(m.target.side, m.target.piece)]];
  }
}

function notation(move: Json, lang: Lang): string {
  const m = move as unknown as GolMove;
  const l = LABELS[lang];
  switch (m.type) {
    case "endTurn":
      return l.endTurn;
    case "move":
      return `${m.piece}: ${l.move} ${cellName(m.to)}`;
    case "kick":
      return `${m.piece}: ${m.to === "goal" ? l.shot : `${l.kick} ${cellName(m.to)}`}`;
    case "push":
    case "trip":
      return `${m.piece}: ${l[m.type]} ${l[m.target.side].toLowerCase()} ${m.target.piece}`;
  }
}

/**
 * What slid: every piece whose cell changed (the mover, a pushed piece, a kicker stepping onto
 * the ball, everyone going back to the formation after a goal), and the ball: through the goal
 * it went into, when a shot scored, to where it lies now.
 */
function motions(before: Json, after: Json, move: Json, options: DrawOptions): readonly Motion[] {
  const b = before as unknown as GolView;
  const a = after as unknown as GolView;
  const m = move as unknown as GolMove;
  const g = gridFor(options.orientation);
  const at = (q: FieldPoint): Point => g.at(q.x, q.y);
  const out: Motion[] = [];
  a.pieces.forEach((q, i) => {
    const old = b.pieces[i];
    if (old && (old.x !== q.x || old.y !== q.y)) out.push({ id: pieceKey(q.side, q.number), path: [at(old), at(q)] });
  });
  const shot = m.type === "kick" && m.to === "goal" ? [at({ x: goalInReach(b.ball), y: Math.min(11, Math.max(7, b.ball.y)) })] : [];
  if (shot.length || b.ball.x !== a.ball.x || b.ball.y !== a.ball.y) out.push({ id: BALL_ID, path: [at(b.ball), ...shot, at(a.ball)] });
  return out;
}

function noteText(note: { readonly type: string; readonly [key: string]: Json }, lang: Lang): string | null {
  const l = LABELS[lang];
  const n = l.notes;
  const name = (s: Json | undefined) => (s === "home" || s === "away" ? l[s] : "");
  const score = (note.score ?? {}) as { home?: number; away?: number };
  const target = (note.target ?? {}) as { side?: Side; piece?: number };
  const values = { side: name(note.side), by: name(note.by), piece: String(note.piece ?? ""), target: `${name(target.side ?? null)} ${target.piece ?? ""}`, h: score.home ?? "", a: score.away ?? "" };
  switch (note.type) {
    case "goal":
      return fill(note.ownGoal ? n.ownGoal : n.goal, values);
    case "possessionLost":
      // A tackle has its own note.
      return note.reason === "bothTouching" || note.reason === "doubleTouch" ? fill(n[note.reason], values) : null;
    case "tackle":
    case "trip":
    case "push":
    case "kickoff":
    case "halfTime":
    case "fullTime":
      return fill(n[note.type], values);
    default:
      return null;
  }
}

const sideName = homeAwayName(LABELS);

export const gol: Drawing = { ruleset: "gol", draw, clicks, notation, motions, caption, noteText, sideName };
