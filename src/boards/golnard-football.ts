/**
 * Dice football (golnard-football): the 20 x 10 field with its zones, the 22 tokens, the ball,
 * the score, the period, the set piece and the dice.
 *
 * Click keys: a cell is "cX,Y" (engine coordinates; the ring of cells just off the field exists
 * too, for kicks that go out), a token "home-7" / "away-7" (also its animation id), the ball's
 * animation id is "ball" (a gesture on the ball is a click on its cell).
 * Gestures (`clicks`): a walk is its token, then its destination (with or without the ball, or
 * another drop, share it: the page asks by notation); a walkKick its token, the stop, the kick's
 * landing cell; a kick the holder, then the landing cell (the first cell off the field when it
 * goes out); a throw-in / corner ball move the ball's cell, then where it goes (its own cell to
 * stay); goalKick, penaltyKeeper and penaltyBall their cell; penaltyKicker the token, then its
 * cell; the penalty run the kicker, then the ball's cell; the shot the kicker, then the landing.
 *
 * Notation (cells named by `cellName`, "e5" = x 4, y 4; directions as the engine's, N = up in
 * the unflipped drawing):
 *   walk      "7: walk 3 to e5", "... with the ball", "..., drop f5"
 *   walkKick  "7: walk 2 to e5, kick 3 NE"
 *   kick      "7: kick 4 NE"
 *   ball      "ball 3 NE", "ball stays (3)"
 *   goalKick "goal kick: ball on b4"; penaltyKeeper "keeper on a5"; penaltyBall "ball on d4";
 *   penaltyKicker "kicker 9 on f3"; penaltyRun "run 4, slide N"; penaltyShot "shot 5 NE"
 */
import type { DrawOptions, Drawing, Json, Lang, Motion, Point } from "./drawing.js";
import { die } from "./die.js";
import { ball, cellKey, homeAwayName, cellLayer, cellName, coordinates, fill, grid, marker, piece, pieceKey, BALL_ID, type FieldPoint, type Grid } from "./field.js";
import { PALETTES, type Palette } from "./palette.js";
import { el, svgRoot, text } from "./svg.js";

type Side = "home" | "away";
/** The engine's eight kick directions (N = toward y = 0) and their step. */
const STEP = {
  N: { x: 0, y: -1 },
  NE: { x: 1, y: -1 },
  E: { x: 1, y: 0 },
  SE: { x: 1, y: 1 },
  S: { x: 0, y: 1 },
  SW: { x: -1, y: 1 },
  W: { x: -1, y: 0 },
  NW: { x: -1, y: -1 },
} as const;
type Direction = keyof typeof STEP;

/** The view this drawing reads (src/engine/golnard-football/view.ts); fields it does not use are left out. */
export interface FootballView {
  readonly kickoffSpots: { readonly [S in Side]: FieldPoint };
  readonly sides: readonly { readonly side: Side; readonly seats: readonly number[]; readonly keeperSeat: number }[];
  readonly tokens: readonly {
    readonly side: Side;
    readonly seat: number;
    readonly number: number;
    readonly keeper: boolean;
    readonly x: number;
    readonly y: number;
    readonly offside: boolean;
    readonly forcedOut: boolean;
  }[];
  readonly ball: FieldPoint | null;
  readonly holder: { readonly side: Side; readonly number: number } | null;
  readonly score: { readonly [S in Side]: number };
  readonly shootout: { readonly home: number; readonly away: number } | null;
  readonly mode: "halves" | "goals";
  readonly period: number;
  readonly turnsPerSide: number;
  readonly counted: { readonly [S in Side]: number };
  readonly goalTarget: number | null;
  readonly side: Side | null;
  readonly seatToMove: number | null;
  readonly play: Play | null;
  readonly setPiece: { readonly kind: Play; readonly step: Step; readonly kicker: number | null } | null;
  readonly rolled: readonly number[] | null;
  readonly dice: readonly number[] | null;
  readonly diceLeft: readonly number[] | null;
  readonly ended: string | null;
  readonly turn: { readonly phase: "roll" | "move" | "over" };
}
type Play = "kickoff" | "ordinary" | "throwIn" | "corner" | "goalKick" | "penalty" | "shootout";
type Step = "place" | "keeper" | "ball" | "kicker" | "roll" | "move";

/** The moves (src/engine/golnard-football/move-schema.ts). */
type FootballMove =
  | { type: "walk"; token: number; die: number; to: FieldPoint; ball?: boolean; drop?: FieldPoint; path?: FieldPoint[] }
  | { type: "kick"; token: number; die: number; direction: Direction }
  | { type: "walkKick"; token: number; die: number; stop: FieldPoint; length: number; direction: Direction; path?: FieldPoint[] }
  | { type: "ball"; die: number; direction: Direction | "stay" }
  | { type: "goalKick" | "penaltyKeeper" | "penaltyBall"; at: FieldPoint }
  | { type: "penaltyKicker"; token: number; at: FieldPoint }
  | { type: "penaltyRun"; die: number; slide?: "N" | "S" | "none" }
  | { type: "penaltyShot"; direction: Direction; die?: number };

const LABELS = {
  en: {
    title: "Dice football",
    home: "Home",
    away: "Away",
    walk: "walk",
    to: "to",
    withBall: "with the ball",
    drop: "drop",
    kick: "kick",
    ball: "ball",
    stays: "stays",
    goalKickOn: "goal kick: ball on",
    keeperOn: "keeper on",
    ballOn: "ball on",
    kickerOn: "kicker",
    on: "on",
    run: "run",
    slide: "slide",
    shot: "shot",
    dirs: { N: "N", NE: "NE", E: "E", SE: "SE", S: "S", SW: "SW", W: "W", NW: "NW" },
    plays: { kickoff: "Kickoff", ordinary: "", throwIn: "Throw-in", corner: "Corner", goalKick: "Goal kick", penalty: "Penalty", shootout: "Shoot-out" },
    steps: { place: "placing the ball", keeper: "placing the keeper", ball: "placing the ball", kicker: "placing the kicker", roll: "", move: "" },
    periods: ["Opening roll", "1st half", "2nd half", "Extra time, 1st half", "Extra time, 2nd half"],
    firstTo: "First to {n} goals",
    turns: "turns {h}–{a} of {n}",
    toRoll: "{side} to roll",
    toMove: "{side} to move",
    player: "player {n}",
    keeper: "keeper",
    kicker: "penalty kicker",
    offside: "offside",
    forcedOut: "must leave the goalkeeper zone",
    holds: "holds the ball",
    offsideList: "Offside: {list}",
    dice: "dice {d}",
    diceLeft: "left {d}",
    pens: "pens {h} : {a}",
    over: "Full time",
    score: "Score",
    notes: {
      goal: "Goal! {side} {token} ({h} : {a})",
      ownGoal: "Own goal by {side} {token} ({h} : {a})",
      catch: "{side} keeper catches the ball",
      out: "Ball out of play",
      throwInAwarded: "Throw-in to {side}",
      cornerAwarded: "Corner to {side}",
      goalKickAwarded: "Goal kick to {side}",
      penaltyAwarded: "Penalty to {side}!",
      kickoff: "{side} kicks off",
      extraTurn: "{side} moves again",
      offside: "{side} offside: {list}",
      penaltySaved: "Penalty saved",
      penaltyMissed: "Penalty missed",
      halfTime: "Half time ({h} : {a})",
      fullTime: "Full time ({h} : {a})",
      shootoutStarted: "Penalty shoot-out",
      shootoutScored: "{side} scores in the shoot-out",
      shootoutMissed: "{side} misses in the shoot-out",
      matchOver: "Match over",
    },
  },
  ru: {
    title: "Футбол на кубиках",
    home: "Хозяева",
    away: "Гости",
    walk: "ход",
    to: "на",
    withBall: "с мячом",
    drop: "мяч на",
    kick: "удар",
    ball: "мяч",
    stays: "на месте",
    goalKickOn: "удар от ворот: мяч на",
    keeperOn: "вратарь на",
    ballOn: "мяч на",
    kickerOn: "бьющий",
    on: "на",
    run: "разбег",
    slide: "смещение",
    shot: "удар",
    dirs: { N: "С", NE: "СВ", E: "В", SE: "ЮВ", S: "Ю", SW: "ЮЗ", W: "З", NW: "СЗ" },
    plays: { kickoff: "Начальный удар", ordinary: "", throwIn: "Аут", corner: "Угловой", goalKick: "Удар от ворот", penalty: "Пенальти", shootout: "Серия пенальти" },
    steps: { place: "мяч ставится", keeper: "ставится вратарь", ball: "ставится мяч", kicker: "ставится бьющий", roll: "", move: "" },
    periods: ["Розыгрыш начала", "1-й тайм", "2-й тайм", "Дополнительное время, 1-й тайм", "Дополнительное время, 2-й тайм"],
    firstTo: "До {n} голов",
    turns: "ходы {h}–{a} из {n}",
    toRoll: "{side}: бросок",
    toMove: "{side}: ход",
    player: "игрок {n}",
    keeper: "вратарь",
    kicker: "бьёт пенальти",
    offside: "вне игры",
    forcedOut: "должен покинуть вратарскую",
    holds: "владеет мячом",
    offsideList: "Вне игры: {list}",
    dice: "кубики {d}",
    diceLeft: "осталось {d}",
    pens: "пен. {h} : {a}",
    over: "Матч окончен",
    score: "Счёт",
    notes: {
      goal: "Гол! {side} {token} ({h} : {a})",
      ownGoal: "Автогол: {side} {token} ({h} : {a})",
      catch: "{side}: вратарь ловит мяч",
      out: "Мяч покинул поле",
      throwInAwarded: "Аут: вбрасывают {side}",
      cornerAwarded: "Угловой: подают {side}",
      goalKickAwarded: "Удар от ворот: {side}",
      penaltyAwarded: "Пенальти! Бьют {side}",
      kickoff: "{side}: начальный удар",
      extraTurn: "{side} ходят ещё раз",
      offside: "{side}, вне игры: {list}",
      penaltySaved: "Пенальти отражён",
      penaltyMissed: "Пенальти не забит",
      halfTime: "Перерыв ({h} : {a})",
      fullTime: "Конец матча ({h} : {a})",
      shootoutStarted: "Серия пенальти",
      shootoutScored: "{side} забивают в серии",
      shootoutMissed: "{side} не забивают в серии",
      matchOver: "Матч окончен",
    },
  },
} as const;
type Labels = (typeof LABELS)[Lang];

// Layout, in SVG units: a cell of S, one ring of off-field cells around the field (where kicks
// that go out land, and the goals stand), the header with score, status and dice above.
const W = 20;
const H = 10;
const S = 40;
const HEADER = 70;
const ORIGIN = { x: S * 1.5, y: HEADER + S };
const WIDTH = ORIGIN.x * 2 + W * S;
const HEIGHT = ORIGIN.y + (H + 1) * S + S * 0.5;

/** The seat at the bottom plays away: the field is turned half a turn, as the other end of the table sees it (away's formation is home's point mirror, so each side sees its own the same way). */
function gridFor(v: FootballView, orientation: number): Grid {
  const away = v.sides[1]?.seats.includes(orientation) ?? false;
  return grid(W, H, S, ORIGIN, away, away);
}

/** The off-field ring and the field: every cell that has a click key. */
const ALL_CELLS: readonly FieldPoint[] = Array.from({ length: (W + 2) * (H + 2) }, (_, i) => ({ x: (i % (W + 2)) - 1, y: Math.floor(i / (W + 2)) - 1 }));

/** Where a ball kicked `n` cells toward `d` from `from` comes down: its last cell, or the first cell off the field if it goes out. */
function landing(from: FieldPoint, d: Direction, n: number): FieldPoint {
  let p = from;
  for (let i = 0; i < n; i++) {
    p = { x: p.x + STEP[d].x, y: p.y + STEP[d].y };
    if (p.x < 0 || p.x >= W || p.y < 0 || p.y >= H) break;
  }
  return p;
}

/** Within-side player number (1-based) of a seat, for sides of several seats. */
const playerOf = (v: FootballView, seat: number): number | null => {
  const s = v.sides.find((x) => x.seats.includes(seat));
  return s && s.seats.length > 1 ? s.seats.indexOf(seat) + 1 : null;
};

function periodText(v: FootballView, l: Labels): string {
  if (v.ended) return l.over;
  const when = v.mode === "goals" && v.period > 0 ? fill(l.firstTo, { n: v.goalTarget ?? "" }) : (l.periods[v.period] ?? "");
  return v.period > 0 ? `${when}, ${fill(l.turns, { h: v.counted.home, a: v.counted.away, n: v.turnsPerSide })}` : when;
}

function playText(v: FootballView, l: Labels): string {
  const sp = v.setPiece;
  const kind = sp ? sp.kind : v.play === "kickoff" ? "kickoff" : null;
  if (!kind) return "";
  const step = sp ? l.steps[sp.step] : "";
  return step ? `${l.plays[kind]} (${step})` : l.plays[kind];
}

function turnText(v: FootballView, l: Labels): string {
  if (v.ended || v.side === null) return v.ended ? l.over : "";
  const player = v.seatToMove === null ? null : playerOf(v, v.seatToMove);
  const who = player ? `${l[v.side]}, ${fill(l.player, { n: player })}` : l[v.side];
  return fill(v.turn.phase === "roll" ? l.toRoll : l.toMove, { side: who });
}

const scoreText = (v: FootballView, l: Labels): string =>
  `${l.home} ${v.score.home} : ${v.score.away} ${l.away}` + (v.shootout ? ` (${fill(l.pens, { h: v.shootout.home, a: v.shootout.away })})` : "");

function diceText(v: FootballView, l: Labels): string {
  if (!v.dice) return "";
  const left = v.diceLeft ?? [];
  return fill(l.dice, { d: v.dice.join(" ") }) + (left.length < v.dice.length ? `, ${fill(l.diceLeft, { d: left.join(" ") || "–" })}` : "");
}


/** The dice of the turn (spent ones faded), or the last roll faded between turns. */
function drawDice(v: FootballView, p: Palette): string {
  const dice = v.dice ?? v.rolled ?? [];
  const left = [...(v.dice ? (v.diceLeft ?? []) : [])];
  const size = 34;
  return dice
    .map((d, i) => {
      const k = left.indexOf(d);
      if (k >= 0) left.splice(k, 1);
      return die(WIDTH - 20 - (dice.length - i) * (size + 10) + size / 2, HEADER / 2, d, size, { face: p.background, pip: p.text, line: p.text, faded: k < 0 });
    })
    .join("");
}

/** Grass stripes, the zone markings, the halfway line, the centre circle, the kickoff spots and the goals. */
function drawField(v: FootballView, g: Grid, p: Palette): string {
  const box = (x0: number, y0: number, x1: number, y1: number, a: Record<string, string | number>) => {
    const a0 = g.at(x0, y0);
    const a1 = g.at(x1, y1);
    return el("rect", { x: Math.min(a0.x, a1.x) - S / 2, y: Math.min(a0.y, a1.y) - S / 2, width: Math.abs(a1.x - a0.x) + S, height: Math.abs(a1.y - a0.y) + S, ...a });
  };
  const line = { fill: "none", stroke: p.line, "stroke-width": 2.5 };
  let out = "";
  for (let x = 0; x < W; x += 2) out += box(x, 0, x + 1, H - 1, { fill: (x / 2) % 2 ? p.boardAlt : p.board });
  for (const mirror of [false, true]) {
    const mx = (x: number) => (mirror ? W - 1 - x : x);
    out += box(mx(1), 1, mx(4), 8, line);
    out += box(mx(1), 2, mx(2), 7, line);
    out += box(mx(0), 3, mx(0), 6, { fill: p.line, "fill-opacity": 0.25, stroke: p.line, "stroke-width": 2.5 });
    // The goal stands in the off-field ring behind the goal zone: a net half a cell deep, against the goal line.
    const top = Math.min(g.at(mx(-1), 3).y, g.at(mx(-1), 6).y) - S / 2;
    const ring = g.at(mx(-1), 3).x;
    const depth = S * 0.45;
    const nx = g.at(mx(0), 3).x > ring ? ring + S / 2 - depth : ring - S / 2;
    out += el("rect", { x: nx, y: top, width: depth, height: 4 * S, fill: p.background, stroke: p.line, "stroke-width": 3 });
    for (let k = 1; k < 8; k++) out += el("line", { x1: nx, x2: nx + depth, y1: top + (k * S) / 2, y2: top + (k * S) / 2, stroke: p.line, "stroke-width": 0.8 });
  }
  out += box(0, 0, W - 1, H - 1, { ...line, "stroke-width": 4 });
  const mid = g.at(W / 2 - 0.5, H / 2 - 0.5);
  out += el("line", { x1: mid.x, x2: mid.x, y1: mid.y - (H * S) / 2, y2: mid.y + (H * S) / 2, ...line });
  out += el("circle", { cx: mid.x, cy: mid.y, r: 2 * S, ...line });
  for (const side of ["home", "away"] as const) {
    const k = g.at(v.kickoffSpots[side].x, v.kickoffSpots[side].y);
    out += el("circle", { cx: k.x, cy: k.y, r: 5, fill: p.line });
  }
  return out;
}

function drawTokens(v: FootballView, g: Grid, p: Palette, l: Labels, options: DrawOptions): string {
  const mark = marker(options);
  const several = v.sides.some((s) => s.seats.length > 1);
  return v.tokens
    .map((t) => {
      const at = g.at(t.x, t.y);
      const sideIndex = t.side === "home" ? 0 : 1;
      const player = playerOf(v, t.seat);
      const holds = v.holder?.side === t.side && v.holder.number === t.number;
      const title = [
        `${l[t.side]} ${t.number}`,
        player ? fill(l.player, { n: player }) : "",
        t.keeper ? l.keeper : "",
        holds ? l.holds : "",
        v.setPiece?.kicker === t.number && v.side === t.side ? l.kicker : "",
        t.offside ? l.offside : "",
        t.forcedOut ? l.forcedOut : "",
        cellName(t),
      ].filter(Boolean);
      const r = S * 0.38;
      // Offside: a dashed warning ring; owed a forced exit: a warning badge.
      const extra =
        (t.offside ? el("circle", { cx: at.x, cy: at.y, r: r * 1.25, fill: "none", stroke: p.warning, "stroke-width": 2.5, "stroke-dasharray": "4 3" }) : "") +
        (t.forcedOut ? el("circle", { cx: at.x - r * 0.9, cy: at.y - r * 0.9, r: r * 0.5, fill: p.warning }) + text(at.x - r * 0.9, at.y - r * 0.9, "!", { "font-size": r * 0.8, "font-weight": "bold", "text-anchor": "middle", "dominant-baseline": "central", fill: p.background }) : "");
      return piece(
        { side: t.side, number: t.number, at, r, fill: p.sides[sideIndex], ink: p.onSides[sideIndex], title: title.join(", "), square: t.keeper, rim: several ? (p.teams[v.sides[sideIndex]!.seats.indexOf(t.seat)] ?? p.line) : p.line, extra },
        mark,
        p,
      );
    })
    .join("");
}

/** Where the ball is drawn: centred on its cell, or at the holder's foot. */
function ballAt(v: FootballView, g: Grid): Point | null {
  if (!v.ball) return null;
  const c = g.at(v.ball.x, v.ball.y);
  return v.holder ? { x: c.x + S * 0.3, y: c.y + S * 0.3 } : c;
}

function draw(state: Json, options: DrawOptions): string {
  const v = state as unknown as FootballView;
  const p = PALETTES[options.theme];
  const l = LABELS[options.lang];
  const g = gridFor(v, options.orientation);
  const b = ballAt(v, g);
  const status = [turnText(v, l), playText(v, l), offsideText(v, l)].filter(Boolean).join(" · ");
  const header =
    el("rect", { x: 0, y: 0, width: WIDTH, height: HEADER, fill: p.boardAlt, "fill-opacity": 0.35 }) +
    text(20, 28, periodText(v, l), { "font-size": 16, fill: p.muted }) +
    text(20, 52, status, { "font-size": 17, fill: p.text }) +
    text(WIDTH / 2, 30, scoreText(v, l), { "font-size": 27, "font-weight": "bold", "text-anchor": "middle", fill: p.text }) +
    drawDice(v, p);
  const body =
    el("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, fill: p.background }) +
    header +
    drawField(v, g, p) +
    coordinates(g, W, H, S * 0.75, p) +
    cellLayer(g, ALL_CELLS, marker(options), p) +
    drawTokens(v, g, p, l, options) +
    (b ? ball(b, S * 0.2, p) : "");
  return svgRoot(WIDTH, HEIGHT, `${l.title}: ${caption(state, options.lang)}`, body, { "font-family": "sans-serif" });
}

const offsideText = (v: FootballView, l: Labels): string => {
  const off = v.tokens.filter((t) => t.offside).map((t) => t.number);
  return off.length ? fill(l.offsideList, { list: off.join(", ") }) : "";
};

function caption(state: Json, lang: Lang): string {
  const v = state as unknown as FootballView;
  const l = LABELS[lang];
  return [scoreText(v, l), periodText(v, l), turnText(v, l), diceText(v, l), playText(v, l)].filter(Boolean).join(" · ");
}

/** What `clicks` needs of a view, worked out once per view: clicks runs for every one of thousands of legal moves. */
interface ClickContext {
  readonly side: Side | null;
  readonly tokens: ReadonlyMap<string, FieldPoint>;
  readonly ball: FieldPoint | null;
  readonly kicker: number | null;
}
const contexts = new WeakMap<object, ClickContext>();
function clickContext(state: Json): ClickContext {
  const v = state as unknown as FootballView;
  let c = contexts.get(v);
  if (!c) {
    c = { side: v.side, tokens: new Map(v.tokens.map((t) => [pieceKey(t.side, t.number), t])), ball: v.ball, kicker: v.setPiece?.kicker ?? null };
    contexts.set(v, c);
  }
  return c;
}

function clicks(move: Json, state: Json): readonly (readonly string[])[] {
  const m = move as unknown as FootballMove;
  const c = clickContext(state);
  if (c.side === null) return [];
  const token = (n: number) => pieceKey(c.side!, n);
  switch (m.type) {
    case "walk":
      return [[token(m.token), cellKey(m.to)]];
    case "kick": {
      const from = c.tokens.get(token(m.token));
      return from ? [[token(m.token), cellKey(landing(from, m.direction, m.die))]] : [];
    }
    case "walkKick":
      return [[token(m.token), cellKey(m.stop), cellKey(landing(m.stop, m.direction, m.length))]];
    case "ball":
      // A throw-in or corner ball: its cell, then where it goes (its own cell again to leave it there).
      return c.ball ? [[cellKey(c.ball), cellKey(m.direction === "stay" ? c.ball : landing(c.ball, m.direction, m.die))]] : [];
    case "goalKick":
    case "penaltyKeeper":
    case "penaltyBall":
      return [[cellKey(m.at)]];
    case "penaltyKicker":
      return [[token(m.token), cellKey(m.at)]];
    case "penaltyRun":
      return c.kicker !== null && c.ball ? [[token(c.kicker), cellKey(c.ball)]] : [];
    case "penaltyShot":
      return c.kicker !== null && c.ball && m.die !== undefined ? [[token(c.kicker), cellKey(landing(c.ball, m.direction, m.die))]] : [];
  }
}

function notation(move: Json, lang: Lang): string {
  const m = move as unknown as FootballMove;
  const l = LABELS[lang];
  const dir = (d: Direction) => l.dirs[d];
  switch (m.type) {
    case "walk":
      return `${m.token}: ${l.walk} ${m.die} ${l.to} ${cellName(m.to)}${m.ball ? ` ${l.withBall}` : ""}${m.drop ? `, ${l.drop} ${cellName(m.drop)}` : ""}`;
    case "kick":
      return `${m.token}: ${l.kick} ${m.die} ${dir(m.direction)}`;
    case "walkKick":
      return `${m.token}: ${l.walk} ${m.die - m.length} ${l.to} ${cellName(m.stop)}, ${l.kick} ${m.length} ${dir(m.direction)}`;
    case "ball":
      return m.direction === "stay" ? `${l.ball} ${l.stays} (${m.die})` : `${l.ball} ${m.die} ${dir(m.direction)}`;
    case "goalKick":
      return `${l.goalKickOn} ${cellName(m.at)}`;
    case "penaltyKeeper":
      return `${l.keeperOn} ${cellName(m.at)}`;
    case "penaltyBall":
      return `${l.ballOn} ${cellName(m.at)}`;
    case "penaltyKicker":
      return `${l.kickerOn} ${m.token} ${l.on} ${cellName(m.at)}`;
    case "penaltyRun":
      return `${l.run} ${m.die}${m.slide && m.slide !== "none" ? `, ${l.slide} ${dir(m.slide)}` : ""}`;
    case "penaltyShot":
      return `${l.shot}${m.die === undefined ? "" : ` ${m.die}`} ${dir(m.direction)}`;
  }
}

/**
 * What slid: every token whose cell changed (the mover along its recorded path; after a goal the
 * others walk back to their formation), and the ball from where it was drawn, along the mover's
 * path from where it took the ball or through the kick's landing cell, to where it is drawn now.
 */
function motions(before: Json, after: Json, move: Json, options: DrawOptions): readonly Motion[] {
  const b = before as unknown as FootballView;
  const a = after as unknown as FootballView;
  const m = move as unknown as FootballMove;
  const g = gridFor(a, options.orientation);
  const at = (q: FieldPoint) => g.at(q.x, q.y);
  const mover = "token" in m && b.side ? pieceKey(b.side, m.token) : null;
  const path = (m.type === "walk" || m.type === "walkKick") && m.path ? m.path : [];
  const out: Motion[] = [];
  a.tokens.forEach((t, i) => {
    const old = b.tokens[i];
    if (!old) return;
    const key = pieceKey(t.side, t.number);
    const end = path[path.length - 1];
    // A walk may come back to where it started: its path is still worth showing.
    const via = key === mover && end && (m.type === "walkKick" || (end.x === t.x && end.y === t.y)) ? path.map(at) : [];
    if (via.length || old.x !== t.x || old.y !== t.y) out.push({ id: key, path: [at(old), ...via, at(t)] });
  });
  const from = ballAt(b, gridFor(b, options.orientation));
  const to = ballAt(a, g);
  if (from && to && b.ball) {
    const start = b.ball;
    const taken = path.findIndex((q) => q.x === start.x && q.y === start.y);
    const carried = b.holder && mover === pieceKey(b.holder.side, b.holder.number) ? path : taken >= 0 ? path.slice(taken + 1) : [];
    const kick = m.type === "kick" ? [at(landing(start, m.direction, m.die))] : m.type === "walkKick" ? [at(m.stop), at(landing(m.stop, m.direction, m.length))] : [];
    const via = m.type === "walk" || m.type === "walkKick" ? carried.map(at) : [];
    if (via.length || kick.length || start.x !== a.ball!.x || start.y !== a.ball!.y) out.push({ id: BALL_ID, path: [from, ...via, ...kick, to] });
  }
  return out;
}

function noteText(note: { readonly type: string; readonly [key: string]: Json }, lang: Lang): string | null {
  const l = LABELS[lang];
  const n = l.notes;
  const side = typeof note.side === "string" && (note.side === "home" || note.side === "away") ? l[note.side] : "";
  const score = (note.score ?? {}) as { home?: number; away?: number };
  const values = { side, token: String(note.token ?? ""), h: score.home ?? "", a: score.away ?? "" };
  switch (note.type) {
    case "goal":
      // The scorer is the kicker's side; an own goal names the kicker's side, which is `against`.
      return note.ownGoal ? fill(n.ownGoal, { ...values, side: l[note.against as Side] ?? "" }) : fill(n.goal, values);
    case "offside":
      return fill(n.offside, { side, list: Array.isArray(note.tokens) ? note.tokens.join(", ") : "" });
    case "shootoutKick":
      return fill(note.scored ? n.shootoutScored : n.shootoutMissed, values);
    case "catch":
    case "out":
    case "throwInAwarded":
    case "cornerAwarded":
    case "goalKickAwarded":
    case "penaltyAwarded":
    case "kickoff":
    case "extraTurn":
    case "penaltySaved":
    case "penaltyMissed":
    case "halfTime":
    case "fullTime":
    case "shootoutStarted":
    case "matchOver":
      return fill(n[note.type], values);
    default:
      return null;
  }
}

const sideName = homeAwayName(LABELS);

export const golnardFootball: Drawing = { ruleset: "golnard-football", draw, clicks, notation, motions, caption, noteText, sideName };
