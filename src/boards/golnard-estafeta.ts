import type { DrawOptions, Drawing, Json, Lang, Motion, Point } from "./drawing.js";
import { die } from "./die.js";
import { PALETTES, type Palette } from "./palette.js";
import { el, svgRoot, text } from "./svg.js";

/**
 * The relay race. Every team starts on the same face, F41 (runner A on its h0 in Z1), so the board
 * is always drawn a quarter turn anticlockwise from the rules' diagram: the start/finish line then
 * runs up from the bottom edge, Z1 is bottom left and the race goes clockwise from there. Cells
 * keep the rules' `x,y` (written along the left and top edges). `orientation` is the team looked
 * from: its lane is drawn strongest and its name in bold.
 *
 * Click keys: a cell `c<x>-<y>`, a token `t<team><letter>` (also its `data-id`: "t0A"), the
 * finishing step `finish` (the F41 line). A finished token is drawn off the board in its team's row.
 *
 * Notation (en / ru): `A: first die, 5 → 4,1`, `A: both dice, 8 → 8,2`, `D: first die, 1 → finish`
 * (`первая кость`, `обе кости`, `финиш`): token, die, points and destination are exactly what
 * tells two legal actions apart.
 */

/** A team is its seat, 0-4, as the view numbers them. */
type Team = number;
/** A cell as the rules write it: x the column, y the row, both 0-11. */
interface Cell {
  readonly x: number;
  readonly y: number;
}

/** The view built by src/engine/golnard-estafeta/view.ts, as far as the drawing reads it. */
export interface EstafetaView {
  readonly cells: readonly (Cell & { readonly zone: number; readonly marks: readonly { readonly team: Team; readonly face: string; readonly role: string }[] })[];
  readonly walls: readonly { readonly from: Cell; readonly to: Cell }[];
  readonly startFinish: { readonly from: Cell; readonly to: Cell };
  readonly teams: readonly {
    readonly seat: Team;
    readonly lane: number | null;
    readonly lap: number;
    readonly finished: number;
    readonly gates: readonly { readonly face: string; readonly formation: readonly Cell[]; readonly h0: Cell }[];
  }[];
  readonly tokens: readonly { readonly team: Team; readonly letter: string; readonly cell: Cell | null; readonly state: "post" | "active" | "finished" }[];
  readonly stage: "lanes" | "opening" | "play" | "over";
  readonly variant: "sprint" | "stayer";
  readonly toMove: number;
  readonly rolled: readonly number[] | null;
  readonly dice: readonly [number, number] | null;
  readonly round: number;
  readonly maxRounds: number;
}

/** An action as the ruleset's move schema spells it. */
interface EstafetaMove {
  readonly token: string;
  readonly die: "first" | "second" | "both";
  readonly to: Cell | "finish";
  readonly points?: number;
  readonly path?: readonly Cell[];
}

const LABELS = {
  en: {
    title: "Relay race board",
    team: "Team",
    lane: "lane",
    round: "Round",
    toMove: "to move",
    toRoll: "to roll",
    left: "Left",
    rolled: "Rolled",
    finished: "Finished",
    startFinish: "Start / finish",
    zone: "Zone",
    stages: { lanes: "Lane draw", opening: "Opening roll", play: "", over: "Race over" },
    dice: { first: "first die", second: "second die", both: "both dice" },
    finish: "finish",
    crossed: "crossed",
    lap: "lap",
    handoff: "joins the run",
    lapDone: "finished lap",
    tokenDone: "finished",
    teamDone: "brought all four tokens home",
    turnEnded: "points unused, turn over",
  },
  ru: {
    title: "Доска эстафеты",
    team: "Команда",
    lane: "дорожка",
    round: "Раунд",
    toMove: "ходит",
    toRoll: "бросает",
    left: "Осталось",
    rolled: "Бросок",
    finished: "Финишировали",
    startFinish: "Старт / финиш",
    zone: "Зона",
    stages: { lanes: "Жеребьёвка дорожек", opening: "Розыгрыш первого хода", play: "", over: "Эстафета окончена" },
    dice: { first: "первая кость", second: "вторая кость", both: "обе кости" },
    finish: "финиш",
    crossed: "пересекла стену",
    lap: "круг",
    handoff: "вступает в эстафету",
    lapDone: "прошла круг",
    tokenDone: "финишировала",
    teamDone: "привела домой все четыре фишки",
    turnEnded: "очков не использовано, ход окончен",
  },
} as const;

// Geometry: 12 x 12 cells of C below a header, a row per team of finished tokens below the board.
const C = 38;
const BX = 28;
const BY = 92;
const SIZE = 12;
const BOARD = SIZE * C;
const WIDTH = BX + BOARD + 12;
const FOOT = BY + BOARD + 14;
const TEAM_ROW = 26;
const TOKEN_R = C * 0.38;

/** A grid-line point (0..12) of the rules' coordinates on screen: a quarter turn anticlockwise. */
const corner = (gx: number, gy: number): Point => ({ x: BX + gy * C, y: BY + (SIZE - gx) * C });
/** The centre of cell x,y on screen. */
const centre = (c: Cell): Point => ({ x: BX + (c.y + 0.5) * C, y: BY + (SIZE - 1 - c.x + 0.5) * C });
const cellKey = (c: Cell): string => `c${c.x}-${c.y}`;
const tokenKey = (team: Team, letter: string): string => `t${team}${letter}`;
const LETTERS = ["A", "B", "C", "D"] as const;

/** Where a finished token waits: its team's row under the board, one slot per letter. */
const finishSlot = (team: Team, letter: string): Point => ({ x: BX + 320 + LETTERS.indexOf(letter as (typeof LETTERS)[number]) * 30, y: FOOT + 14 + team * TEAM_ROW });

const height = (v: EstafetaView): number => FOOT + Math.max(v.teams.length, 2) * TEAM_ROW + 8;

function ring(key: string, o: DrawOptions, pal: Palette): string | null {
  if (o.selected?.includes(key)) return pal.selected;
  if (o.selectable?.includes(key)) return pal.selectable;
  return null;
}

const teamName = (team: Team, lang: Lang): string => `${LABELS[lang].team} ${team + 1}`;

function drawCells(v: EstafetaView, o: DrawOptions, pal: Palette): string {
  let out = "";
  for (const cell of v.cells) {
    const { x, y } = centre(cell);
    const a = { x: x - C / 2, y: y - C / 2, width: C, height: C };
    out += el("rect", { ...a, fill: cell.zone % 2 ? pal.board : pal.boardAlt, stroke: pal.line, "stroke-opacity": 0.25, "data-key": cellKey(cell) });
    for (const mark of cell.marks) {
      const colour = pal.teams[mark.team] ?? pal.muted;
      const strong = mark.team === o.orientation;
      if (mark.role === "h0") {
        out += el("rect", { x: a.x + 4, y: a.y + 4, width: C - 8, height: C - 8, rx: 3, fill: "none", stroke: colour, "stroke-width": strong ? 3 : 2, "stroke-dasharray": "4 3" });
      } else {
        out += el("rect", { x: a.x + 1, y: a.y + 1, width: C - 2, height: C - 2, fill: colour, "fill-opacity": strong ? 0.42 : 0.24 });
      }
      // The lane's role on that face, small in the corner: 0..3 for g0..g3, h for h0.
      out += text(a.x + 3, a.y + 10, mark.role === "h0" ? "h" : mark.role.slice(1), { "font-size": 9, fill: pal.text, "fill-opacity": 0.7 });
    }
  }
  // Zone names in the outer corners, which no lane uses.
  const corners: readonly Cell[] = [{ x: 0, y: 0 }, { x: 11, y: 0 }, { x: 11, y: 11 }, { x: 0, y: 11 }];
  corners.forEach((c, z) => {
    const { x, y } = centre(c);
    out += text(x, y + 4, `${LABELS[o.lang].zone} ${z + 1}`, { "text-anchor": "middle", "font-size": 9.5, "font-weight": "bold", fill: pal.muted });
  });
  return out;
}

/** The cross, every team's gate as a coloured opening in it, and the start/finish line. */
function drawWalls(v: EstafetaView, o: DrawOptions, pal: Palette): string {
  const line = (from: Cell, to: Cell, a: Record<string, string | number>): string => {
    const p = corner(from.x, from.y);
    const q = corner(to.x, to.y);
    return el("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, ...a });
  };
  let out = v.walls.map((w) => line(w.from, w.to, { stroke: pal.line, "stroke-width": 6, "stroke-linecap": "square" })).join("");
  const sf = v.startFinish;
  out += line(sf.from, sf.to, { stroke: ring("finish", o, pal) ?? pal.warning, "stroke-width": 7, "stroke-dasharray": "8 5", "data-key": "finish" });
  for (const team of v.teams) {
    for (const gate of team.gates) {
      const g0 = gate.formation[0]!;
      const h0 = gate.h0;
      // The edge g0 and h0 share, on the wall's grid line.
      const [from, to] = g0.x !== h0.x
        ? [{ x: Math.max(g0.x, h0.x), y: g0.y + 0.15 }, { x: Math.max(g0.x, h0.x), y: g0.y + 0.85 }]
        : [{ x: g0.x + 0.15, y: Math.max(g0.y, h0.y) }, { x: g0.x + 0.85, y: Math.max(g0.y, h0.y) }];
      out += line(from, to, { stroke: pal.teams[team.seat] ?? pal.muted, "stroke-width": 5 });
    }
  }
  const label = corner(0, 6);
  return out + text(label.x, label.y + 12, LABELS[o.lang].startFinish, { "text-anchor": "middle", "font-size": 10, fill: pal.warning });
}

function drawToken(t: EstafetaView["tokens"][number], at: Point, r: number, o: DrawOptions, pal: Palette): string {
  const key = tokenKey(t.team, t.letter);
  const colour = pal.teams[t.team] ?? pal.muted;
  const mark = ring(key, o, pal);
  // A post waits (dashed, paler) until the handoff wakes it.
  const post = t.state === "post";
  return (
    (mark ? el("circle", { cx: at.x, cy: at.y, r: r + 3, fill: "none", stroke: mark, "stroke-width": 3 }) : "") +
    el(
      "g",
      { "data-id": key, "data-key": key },
      el("circle", { cx: at.x, cy: at.y, r, fill: colour, "fill-opacity": post ? 0.6 : 1, stroke: pal.line, "stroke-width": 1.5, "stroke-dasharray": post ? "3 2" : null }) +
        text(at.x, at.y + r * 0.4, t.letter, { "text-anchor": "middle", "font-size": r * 1.15, "font-weight": "bold", fill: pal.onTeams[t.team] ?? pal.text }),
    )
  );
}

function drawCellMarks(v: EstafetaView, o: DrawOptions, pal: Palette): string {
  return v.cells
    .map((cell) => {
      const mark = ring(cellKey(cell), o, pal);
      if (!mark) return "";
      const { x, y } = centre(cell);
      return el("rect", { x: x - C / 2 + 2, y: y - C / 2 + 2, width: C - 4, height: C - 4, rx: 4, fill: "none", stroke: mark, "stroke-width": 3 });
    })
    .join("");
}

/** Engine coordinates along the edges: x on the left (it runs upwards here), y on top. */
function drawAxes(pal: Palette): string {
  let out = "";
  for (let i = 0; i < SIZE; i++) {
    const c = centre({ x: i, y: i });
    out += text(BX - 8, c.y + 4, i, { "text-anchor": "middle", "font-size": 10, fill: pal.muted });
    out += text(c.x, BY - 6, i, { "text-anchor": "middle", "font-size": 10, fill: pal.muted });
  }
  return out;
}



/** Who acts and with what: the round, the stage or the team to move, the roll and the points left. */
function drawHeader(v: EstafetaView, o: DrawOptions, pal: Palette): string {
  const L = LABELS[o.lang];
  let out = text(BX, 24, `${L.round} ${v.round} / ${v.maxRounds}`, { "font-size": 15, "font-weight": "bold", fill: pal.text });
  const mover = v.toMove >= 0 && v.stage === "play" ? v.toMove : null;
  if (mover !== null) {
    out += el("circle", { cx: BX + 8, cy: 44, r: 8, fill: pal.teams[mover] ?? pal.muted, stroke: pal.line });
    out += text(BX + 22, 49, `${teamName(mover, o.lang)} ${v.dice ? L.toMove : L.toRoll}`, { "font-size": 14, fill: pal.text });
  } else {
    out += text(BX, 49, L.stages[v.stage], { "font-size": 14, fill: pal.text });
  }
  if (v.rolled) {
    out += text(WIDTH - 12 - v.rolled.length * 32, 30, L.rolled, { "text-anchor": "end", "font-size": 12, fill: pal.muted });
    v.rolled.forEach((d, i) => (out += die(WIDTH - 12 - 13 - (v.rolled!.length - 1 - i) * 32, 26, d, 26, { face: pal.background, pip: pal.text, line: pal.line })));
  }
  if (v.dice) out += text(WIDTH - 12, 62, `${L.left}: ${v.dice[0]} + ${v.dice[1]}`, { "text-anchor": "end", "font-size": 14, "font-weight": "bold", fill: pal.text });
  return out;
}

/** One row per team under the board: its colour, name and lane, and its finished tokens. */
function drawTeams(v: EstafetaView, o: DrawOptions, pal: Palette): string {
  const L = LABELS[o.lang];
  let out = text(BX + 320 + 45, FOOT + 2, L.finished, { "text-anchor": "middle", "font-size": 10, fill: pal.muted });
  for (const team of v.teams) {
    const y = FOOT + 14 + team.seat * TEAM_ROW;
    const bold = team.seat === o.orientation || (v.stage === "play" && team.seat === v.toMove);
    out += el("rect", { x: BX, y: y - 8, width: 16, height: 16, rx: 3, fill: pal.teams[team.seat] ?? pal.muted });
    const lane = team.lane === null ? "" : `, ${L.lane} ${team.lane}`;
    const lap = v.variant === "stayer" ? `, ${L.lap} ${team.lap}` : "";
    out += text(BX + 24, y + 5, `${teamName(team.seat, o.lang)}${lane}${lap}`, { "font-size": 13, "font-weight": bold ? "bold" : "normal", fill: pal.text });
    for (const letter of LETTERS) {
      const slot = finishSlot(team.seat, letter);
      out += el("circle", { cx: slot.x, cy: slot.y, r: 10, fill: "none", stroke: pal.muted, "stroke-opacity": 0.5 });
    }
  }
  for (const t of v.tokens) if (t.state === "finished") out += drawToken(t, finishSlot(t.team, t.letter), 10, o, pal);
  return out;
}

function draw(state: Json, o: DrawOptions): string {
  const v = state as unknown as EstafetaView;
  const pal = PALETTES[o.theme];
  const h = height(v);
  const onBoard = v.tokens.filter((t) => t.cell !== null).map((t) => drawToken(t, centre(t.cell!), TOKEN_R, o, pal)).join("");
  const body =
    el("rect", { x: 0, y: 0, width: WIDTH, height: h, fill: pal.background }) +
    drawHeader(v, o, pal) +
    drawAxes(pal) +
    drawCells(v, o, pal) +
    el("rect", { x: BX, y: BY, width: BOARD, height: BOARD, fill: "none", stroke: pal.line, "stroke-width": 3 }) +
    drawWalls(v, o, pal) +
    drawCellMarks(v, o, pal) +
    onBoard +
    drawTeams(v, o, pal);
  return svgRoot(WIDTH, h, `${LABELS[o.lang].title}: ${caption(state, o.lang)}`, body, { width: WIDTH, height: h, "font-family": "sans-serif" });
}

const asMove = (move: Json): EstafetaMove | null =>
  move !== null && typeof move === "object" && !Array.isArray(move) && typeof move.token === "string" ? (move as unknown as EstafetaMove) : null;

/** The token, then where it ends: a cell, or the start/finish line for a finishing step. */
function clicks(move: Json, state: Json): string[][] {
  const v = state as unknown as EstafetaView;
  const m = asMove(move);
  if (!m || v.stage !== "play") return [];
  return [[tokenKey(v.toMove, m.token), m.to === "finish" ? "finish" : cellKey(m.to)]];
}

function notation(move: Json, lang: Lang): string {
  const m = asMove(move);
  if (!m) return String(move);
  const L = LABELS[lang];
  const points = m.points === undefined ? "" : `, ${m.points}`;
  return `${m.token}: ${L.dice[m.die]}${points} → ${m.to === "finish" ? L.finish : `${m.to.x},${m.to.y}`}`;
}

/** The moved token along its route (the cells the recorded action lists), to its cell or its team's finished row. */
function motions(before: Json, after: Json, move: Json): Motion[] {
  const b = before as unknown as EstafetaView;
  const a = after as unknown as EstafetaView;
  const m = asMove(move);
  if (!m) return [];
  const team = b.toMove;
  const from = b.tokens.find((t) => t.team === team && t.letter === m.token);
  const to = a.tokens.find((t) => t.team === team && t.letter === m.token);
  if (!from?.cell || !to) return [];
  const end = to.cell ? centre(to.cell) : finishSlot(team, m.token);
  const via = (m.path ?? []).map(centre);
  if (to.cell && via.length > 0) via.pop();
  return [{ id: tokenKey(team, m.token), path: [centre(from.cell), ...via, end] }];
}

function caption(state: Json, lang: Lang): string {
  const v = state as unknown as EstafetaView;
  const L = LABELS[lang];
  const parts = [`${L.round} ${v.round}/${v.maxRounds}`];
  if (v.stage !== "play") parts.push(L.stages[v.stage]);
  else parts.push(`${teamName(v.toMove, lang)} ${v.dice ? L.toMove : L.toRoll}`);
  if (v.dice) parts.push(`${L.left} ${v.dice[0]} + ${v.dice[1]}`);
  else if (v.rolled) parts.push(`${L.rolled} ${v.rolled.join("-")}`);
  parts.push(`${L.finished} ${v.teams.map((t) => t.finished).join(" : ")}`);
  return parts.join(" · ");
}

function noteText(note: { readonly type: string; readonly [key: string]: Json }, lang: Lang): string | null {
  const L = LABELS[lang];
  const token = String(note.token ?? "");
  switch (note.type) {
    case "faceCrossed":
      return `${L.team} ${L.crossed} ${String(note.face)} (${L.lap} ${Number(note.lap)})`;
    case "handoff":
      return `${token} ${L.handoff}`;
    case "lapFinished":
      return `${token} ${L.lapDone} ${Number(note.lap)}`;
    case "tokenFinished":
      return `${token} ${L.tokenDone}`;
    case "teamFinished":
      return `${teamName(Number(note.team), lang)} ${L.teamDone}`;
    case "turnEnded":
      return `${Number(note.pointsLeft)} ${L.turnEnded}`;
    default:
      return null;
  }
}

/** The relay's sides are "team0", "team1", ...: people count teams from 1. */
const sideName = (side: string, lang: Lang): string => {
  const n = /^team(\d)$/.exec(side)?.[1];
  return n === undefined ? side : teamName(Number(n), lang);
};

export const golnardEstafeta: Drawing = { ruleset: "golnard-estafeta", draw, clicks, notation, motions, caption, noteText, sideName };
