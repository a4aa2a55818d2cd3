import type { DrawOptions, Drawing, Json, Lang, Motion, Point } from "./drawing.js";
import { die } from "./die.js";
import { PALETTES, type Palette } from "./palette.js";
import { el, svgRoot, text } from "./svg.js";

/**
 * Backgammon. The board is drawn from the bottom seat's side (`orientation`, 0 or 1): its home
 * board bottom right, point numbers in its own numbering, both bear-off trays on the right.
 *
 * Click keys are neutral, so they do not change with the turn: `p1`..`p24` are the points in
 * seat 0's numbering (the view's `seat0Point`), `bar0`/`bar1` each seat's checkers on the bar,
 * `off0`/`off1` each seat's tray. Checker ids are `c<seat>-<key>-<k>`, k counted from the bottom
 * of the stack, so a checker that stays keeps its id and a moved one takes the top of its new stack.
 *
 * Notation: the ruleset's own strings (`24/18 13/8`, `bar/22*`, `6/off`, `double`); for `ru`
 * the words are translated (`бар`, `выброс`, `удвоение`...).
 */

type Seat = 0 | 1;

/** The view built by src/engine/backgammon/view.ts, as far as the drawing reads it. */
export interface BackgammonView {
  readonly phase: "opening" | "roll" | "move" | "doubled" | "over";
  readonly onRoll: Seat | null;
  readonly gameNumber: number;
  readonly points: readonly { readonly seat0Point: number; readonly owner: Seat | null; readonly count: number }[];
  readonly bar: readonly [number, number];
  readonly off: readonly [number, number];
  readonly pipCounts: readonly [number, number];
  readonly dice: readonly number[] | null;
  readonly diceToPlay: readonly number[] | null;
  readonly cube: { readonly enabled: boolean; readonly value: number; readonly owner: Seat | null; readonly offered: boolean };
  readonly matchLength: number;
  readonly score: readonly [number, number];
  readonly crawford: boolean;
}

const LABELS = {
  en: {
    sides: ["White", "Black"],
    score: "Score",
    pips: "Pips",
    matchTo: "Match to",
    crawford: "Crawford",
    game: "Game",
    toRoll: "to roll",
    toMove: "to move",
    doubles: "doubles",
    takeOrDrop: "take or drop?",
    opening: "Opening roll",
    over: "Match over",
    bar: "bar",
    off: "off",
    double: "double",
    take: "take",
    drop: "drop",
    cube: "cube",
    hit: "Hit",
    hits: "checkers hit",
    wins: "wins",
    points: "pt",
    results: { single: "a single game", gammon: "a gammon", backgammon: "a backgammon", drop: "on a drop" },
    title: "Backgammon board",
  },
  ru: {
    sides: ["Белые", "Чёрные"],
    score: "Счёт",
    pips: "Пипсы",
    matchTo: "Матч до",
    crawford: "Кроуфорд",
    game: "Партия",
    toRoll: "бросают",
    toMove: "ходят",
    doubles: "удваивают",
    takeOrDrop: "принять или сдаться?",
    opening: "Первый бросок",
    over: "Матч окончен",
    bar: "бар",
    off: "выброс",
    double: "удвоение",
    take: "принять",
    drop: "сдаться",
    cube: "куб",
    hit: "Бой",
    hits: "шашки выбиты",
    wins: "выигрывают",
    points: "оч.",
    results: { single: "партию", gammon: "марс", backgammon: "кокс", drop: "после отказа" },
    title: "Доска для нард",
  },
} as const;

// Geometry: 12 point columns of PW, the bar between the halves, trays on the right.
const PW = 40;
const R = 17;
const D = 2 * R + 1;
const LEFT = 20;
const BAR_W = 44;
const TOP = 56;
const BOTTOM = TOP + 400;
const MID = (TOP + BOTTOM) / 2;
const BAR_X = LEFT + 6 * PW + BAR_W / 2;
const RIGHT = LEFT + 12 * PW + BAR_W;
const TRAY_X = RIGHT + 14;
const TRAY_W = 44;
const SLAB = 10;
const WIDTH = TRAY_X + TRAY_W + 10;
const HEIGHT = 500;

const other = (s: Seat): Seat => (s === 0 ? 1 : 0);
const bottomSeat = (o: DrawOptions): Seat => (o.orientation === 1 ? 1 : 0);
/** Seat 1 counts the points backwards (25 - n), so one function turns seat 0's number into a seat's own and back. */
const mirror = (seat: Seat, n: number): number => (seat === 0 ? n : 25 - n);

/** Centre of the column of neutral point n, and whether it is on the top row. */
function column(n: number, bottom: Seat): { x: number; top: boolean } {
  const own = mirror(bottom, n);
  const c = own <= 12 ? 12 - own : own - 13;
  return { x: LEFT + c * PW + PW / 2 + (c >= 6 ? BAR_W : 0), top: own > 12 };
}

/** Distance between stacked checkers: a full step up to `room` checkers, squeezed beyond. */
const stackStep = (count: number, room: number): number => (count <= room ? D : ((room - 1) * D) / (count - 1));

/** Where the k-th checker (from the bottom of the stack) of a place holding `count` is drawn. */
function slot(key: string, seat: Seat, k: number, count: number, bottom: Seat): Point {
  if (key.startsWith("p")) {
    const { x, top } = column(Number(key.slice(1)), bottom);
    const dy = R + k * stackStep(count, 5);
    return { x, y: top ? TOP + dy : BOTTOM - dy };
  }
  const below = seat === bottom;
  if (key.startsWith("bar")) {
    const dy = 24 + R + k * stackStep(count, 4);
    return { x: BAR_X, y: below ? MID + dy : MID - dy };
  }
  const dy = (k + 0.5) * SLAB;
  return { x: TRAY_X + TRAY_W / 2, y: below ? BOTTOM - dy : TOP + dy };
}

/** Every place of the board with its checkers: points, bars, trays. */
function places(v: BackgammonView): { key: string; seat: Seat; count: number }[] {
  const out = v.points.map((p) => ({ key: `p${p.seat0Point}`, seat: (p.owner ?? 0) as Seat, count: p.owner === null ? 0 : p.count }));
  for (const s of [0, 1] as const) out.push({ key: `bar${s}`, seat: s, count: v.bar[s] }, { key: `off${s}`, seat: s, count: v.off[s] });
  return out;
}

const countOn = (v: BackgammonView, key: string, seat: Seat): number => places(v).find((p) => p.key === key && p.seat === seat)?.count ?? 0;

/** The mark of a selectable or selected key, drawn over the element it names. */
function ringColour(key: string, o: DrawOptions, pal: Palette): string | null {
  if (o.selected?.includes(key)) return pal.selected;
  if (o.selectable?.includes(key)) return pal.selectable;
  return null;
}

function drawPoints(v: BackgammonView, o: DrawOptions, pal: Palette): string {
  const bottom = bottomSeat(o);
  let out = "";
  for (let n = 1; n <= 24; n++) {
    const { x, top } = column(n, bottom);
    const tip = top ? TOP + 170 : BOTTOM - 170;
    const base = top ? TOP : BOTTOM;
    const shape = `${x - PW / 2},${base} ${x + PW / 2},${base} ${x},${tip}`;
    const own = mirror(bottom, n);
    out += el("polygon", { points: shape, fill: own % 2 ? pal.boardAlt : pal.line, "fill-opacity": own % 2 ? 1 : 0.55, "data-key": `p${n}` });
    out += text(x, top ? TOP - 5 : BOTTOM + 13, own, { "text-anchor": "middle", "font-size": 11, fill: pal.background });
  }
  return out;
}

function drawCheckers(v: BackgammonView, o: DrawOptions, pal: Palette): string {
  const bottom = bottomSeat(o);
  let out = "";
  for (const { key, seat, count } of places(v)) {
    for (let k = 0; k < count; k++) {
      const { x, y } = slot(key, seat, k, count, bottom);
      const id = `c${seat}-${key}-${k}`;
      if (key.startsWith("off")) {
        out += el("rect", { x: x - TRAY_W / 2 + 3, y: y - SLAB / 2 + 1, width: TRAY_W - 6, height: SLAB - 2, rx: 2, fill: pal.sides[seat], stroke: pal.line, "data-id": id, "data-key": key });
      } else {
        out += el("circle", { cx: x, cy: y, r: R, fill: pal.sides[seat], stroke: pal.line, "stroke-width": 1.5, "data-id": id, "data-key": key });
      }
    }
    // Over five on a point (over four on the bar) the stack is squeezed: its count is written on top.
    if (!key.startsWith("off") && count > (key.startsWith("bar") ? 4 : 5)) {
      const { x, y } = slot(key, seat, count - 1, count, bottom);
      out += text(x, y + 5, count, { "text-anchor": "middle", "font-size": 14, "font-weight": "bold", fill: pal.onSides[seat] });
    }
  }
  return out;
}

/** Outlines of the selectable and selected places, on top of their checkers. */
function drawMarks(o: DrawOptions, pal: Palette): string {
  const bottom = bottomSeat(o);
  let out = "";
  const mark = (key: string, shape: string, a: Record<string, number | string>): void => {
    const colour = ringColour(key, o, pal);
    if (colour) out += el(shape, { ...a, fill: "none", stroke: colour, "stroke-width": 4, "stroke-linejoin": "round" });
  };
  for (let n = 1; n <= 24; n++) {
    const { x, top } = column(n, bottom);
    const base = top ? TOP : BOTTOM;
    mark(`p${n}`, "polygon", { points: `${x - PW / 2 + 2},${base} ${x + PW / 2 - 2},${base} ${x},${top ? TOP + 170 : BOTTOM - 170}` });
  }
  for (const s of [0, 1] as const) {
    const below = s === bottom;
    mark(`bar${s}`, "rect", { x: BAR_X - BAR_W / 2 + 2, y: below ? MID + 2 : TOP + 2, width: BAR_W - 4, height: MID - TOP - 4 });
    mark(`off${s}`, "rect", { x: TRAY_X + 1, y: below ? MID + 21 : TOP + 1, width: TRAY_W - 2, height: MID - TOP - 22 });
  }
  return out;
}



function drawDice(v: BackgammonView, o: DrawOptions, pal: Palette): string {
  const live = v.phase === "move" && v.diceToPlay !== null;
  const values = live ? v.diceToPlay! : v.dice;
  if (!values) return "";
  // The roller's dice lie on its right-hand half (the bottom seat's right is the top seat's left);
  // the opening roll's two dice, one per seat, on the left half.
  const roller = v.onRoll;
  const centre = roller !== null && roller === bottomSeat(o) ? RIGHT - 3 * PW : LEFT + 3 * PW;
  const fill = roller === null ? pal.board : pal.sides[roller];
  const pip = roller === null ? pal.text : pal.onSides[roller];
  return values.map((d, i) => die(centre + (i - (values.length - 1) / 2) * 36, MID, d, 28, { face: fill, pip, line: pal.line, faded: !live })).join("");
}

function drawCube(v: BackgammonView, o: DrawOptions, pal: Palette): string {
  if (!v.cube.enabled) return "";
  const bottom = bottomSeat(o);
  // An offered double is shown on the receiver's side with its new value, ringed in the warning colour.
  const owner = v.cube.offered && v.onRoll !== null ? other(v.onRoll) : v.cube.owner;
  const y = owner === null ? MID : owner === bottom ? BOTTOM - 17 : TOP + 17;
  const value = v.cube.offered ? v.cube.value * 2 : v.cube.value === 1 ? 64 : v.cube.value;
  const box = el("rect", { x: BAR_X - 15, y: y - 15, width: 30, height: 30, rx: 4, fill: pal.background, stroke: v.cube.offered ? pal.warning : pal.line, "stroke-width": v.cube.offered ? 3 : 1.5 });
  return box + text(BAR_X, y + 5, value, { "text-anchor": "middle", "font-size": value > 99 ? 11 : 14, "font-weight": "bold", fill: pal.text });
}

/** The seat that acts now: the roller, or its opponent answering a double. */
const actor = (v: BackgammonView): Seat | null => (v.onRoll === null ? null : v.phase === "doubled" ? other(v.onRoll) : v.onRoll);

function status(v: BackgammonView, lang: Lang): string {
  const L = LABELS[lang];
  const a = actor(v);
  if (v.phase === "over") return L.over;
  if (v.phase === "opening" || a === null) return L.opening;
  if (v.phase === "doubled") return `${L.sides[v.onRoll!]} ${L.doubles}: ${L.sides[a]}, ${L.takeOrDrop}`;
  return `${L.sides[a]} ${v.phase === "move" ? L.toMove : L.toRoll}`;
}

function matchLine(v: BackgammonView, lang: Lang): string {
  const L = LABELS[lang];
  return [`${L.matchTo} ${v.matchLength}`, `${L.game} ${v.gameNumber}`, v.crawford ? L.crawford : ""].filter(Boolean).join(" · ");
}

/** A seat's line above or below the board: its colour, name, score and pip count. */
function seatLine(v: BackgammonView, seat: Seat, y: number, lang: Lang, pal: Palette): string {
  const L = LABELS[lang];
  const chip = el("circle", { cx: LEFT + 8, cy: y - 5, r: 8, fill: pal.sides[seat], stroke: pal.line });
  const onTurn = actor(v) === seat && v.phase !== "over";
  return (
    chip +
    text(LEFT + 22, y, L.sides[seat], { "font-size": 15, "font-weight": onTurn ? "bold" : "normal", fill: pal.text }) +
    text(LEFT + 110, y, `${L.score} ${v.score[seat]}`, { "font-size": 15, fill: pal.text }) +
    text(LEFT + 200, y, `${L.pips} ${v.pipCounts[seat]}`, { "font-size": 15, fill: pal.muted })
  );
}

function draw(state: Json, o: DrawOptions): string {
  const v = state as unknown as BackgammonView;
  const pal = PALETTES[o.theme];
  const L = LABELS[o.lang];
  const bottom = bottomSeat(o);
  const frame =
    el("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, fill: pal.background }) +
    el("rect", { x: LEFT - 10, y: TOP - 18, width: RIGHT - LEFT + 20, height: BOTTOM - TOP + 36, rx: 6, fill: pal.line }) +
    el("rect", { x: LEFT, y: TOP, width: 6 * PW, height: BOTTOM - TOP, fill: pal.board }) +
    el("rect", { x: LEFT + 6 * PW + BAR_W, y: TOP, width: 6 * PW, height: BOTTOM - TOP, fill: pal.board }) +
    [0, 1].map((s) => el("rect", { x: BAR_X - BAR_W / 2, y: s === 0 ? MID : TOP, width: BAR_W, height: MID - TOP, fill: pal.line, "data-key": `bar${s === 0 ? bottom : other(bottom)}` })).join("") +
    [0, 1].map((s) => el("rect", { x: TRAY_X, y: s === 0 ? MID + 20 : TOP, width: TRAY_W, height: MID - TOP - 20, rx: 3, fill: pal.boardAlt, stroke: pal.line, "data-key": `off${s === 0 ? bottom : other(bottom)}` })).join("");
  const texts =
    seatLine(v, other(bottom), 26, o.lang, pal) +
    text(WIDTH - 10, 26, matchLine(v, o.lang), { "text-anchor": "end", "font-size": 13, fill: pal.muted }) +
    seatLine(v, bottom, 488, o.lang, pal) +
    text(WIDTH - 10, 488, status(v, o.lang), { "text-anchor": "end", "font-size": 13, fill: v.phase === "doubled" ? pal.warning : pal.text });
  const body = frame + drawPoints(v, o, pal) + drawCheckers(v, o, pal) + drawDice(v, o, pal) + drawCube(v, o, pal) + drawMarks(o, pal) + texts;
  return svgRoot(WIDTH, HEIGHT, `${L.title}: ${caption(state, o.lang)}`, body, { width: WIDTH, height: HEIGHT, "font-family": "sans-serif" });
}

/** One checker's trip in a play: its source, the points it is written through, its target (mover's numbering; bar 25, off 0). */
type Leg = readonly number[];

/** Reads the ruleset's notation (`13/7(2)`, `bar/22*`, `6/off`, hops joined by a slash) into legs, a repeated part once per checker. */
function legs(move: string): Leg[] {
  const out: Leg[] = [];
  for (const part of move.trim().toLowerCase().split(/\s+/)) {
    const m = /^([^(]+)(?:\((\d)\))?$/.exec(part);
    if (!m) continue;
    const path = m[1]!.split("/").map((p) => (p.startsWith("bar") ? 25 : p.startsWith("off") ? 0 : parseInt(p, 10)));
    if (path.length < 2 || path.some(Number.isNaN)) continue;
    for (let i = 0; i < Number(m[2] ?? 1); i++) out.push(path);
  }
  return out;
}

/** The key of a place in the mover's numbering. */
const keyOf = (mover: Seat, p: number): string => (p === 25 ? `bar${mover}` : p === 0 ? `off${mover}` : `p${mirror(mover, p)}`);

/** The intermediate points by which a checker can go from `at` to `to` die by die (each landing open); [] is one die. */
function splits(at: number, to: number, dice: readonly number[], open: (p: number) => boolean): number[][] {
  const out: number[][] = [];
  for (const d of new Set(dice)) {
    const next = at - d;
    const rest = dice.slice();
    rest.splice(rest.indexOf(d), 1);
    if (next === to) out.push([]);
    else if (next > to && next > 0 && open(next)) for (const more of splits(next, to, rest, open)) out.push([next, ...more]);
  }
  return out;
}

/** The ways to click one hop: source then target, or landing by landing (`24 18 18 13`). */
function hopClicks(from: number, to: number, v: BackgammonView, mover: Seat): number[][] {
  const open = (p: number): boolean => {
    const point = v.points[mirror(mover, p) - 1];
    return !(point && point.owner === other(mover) && point.count >= 2);
  };
  const ways = splits(from, to, v.diceToPlay ?? [], open)
    .filter((via) => via.length > 0)
    .map((via) => [from, ...via.flatMap((p) => [p, p]), to]);
  return [[from, to], ...ways];
}

/** The click alternatives of one leg: whole, or hop by hop (each hop at once or die by die). */
function legClicks(leg: Leg, v: BackgammonView, mover: Seat): number[][] {
  let ways: number[][] = [[]];
  for (let h = 1; h < leg.length; h++) {
    const hops = hopClicks(leg[h - 1]!, leg[h]!, v, mover);
    ways = ways.flatMap((w) => hops.map((hop) => [...w, ...hop]));
  }
  if (leg.length > 2) ways.push([leg[0]!, leg[leg.length - 1]!]);
  return ways;
}

/** Every order of the legs (repeated legs counted once per order). */
function orders(list: readonly Leg[]): Leg[][] {
  if (list.length <= 1) return [list.slice()];
  const seen = new Set<string>();
  return list.flatMap((leg, i) => {
    if (seen.has(leg.join("/"))) return [];
    seen.add(leg.join("/"));
    return orders([...list.slice(0, i), ...list.slice(i + 1)]).map((rest) => [leg, ...rest]);
  });
}

/** Checker plays: each checker's source then target, in any order, a checker using several dice by its intermediate points or at once. */
function clicks(move: Json, state: Json): string[][] {
  const v = state as unknown as BackgammonView;
  const mover = v.onRoll;
  if (typeof move !== "string" || mover === null || v.phase !== "move") return [];
  const seqs = new Map<string, string[]>();
  for (const order of orders(legs(move))) {
    let ways: number[][] = [[]];
    for (const leg of order) {
      const alts = legClicks(leg, v, mover);
      ways = ways.flatMap((w) => alts.map((a) => [...w, ...a]));
    }
    for (const w of ways) {
      const keys = w.map((p) => keyOf(mover, p));
      seqs.set(keys.join(" "), keys);
    }
  }
  return [...seqs.values()];
}

function notation(move: Json, lang: Lang): string {
  const m = String(move);
  if (lang === "en") return m;
  const L = LABELS.ru;
  const word = { double: L.double, take: L.take, drop: L.drop }[m.trim().toLowerCase()];
  return word ?? m.replace(/bar/g, L.bar).replace(/off/g, L.off);
}

/** Checkers of the mover along their legs, and blots hit on the way to the opponent's bar. */
function motions(before: Json, after: Json, move: Json, o: DrawOptions): Motion[] {
  const b = before as unknown as BackgammonView;
  const a = after as unknown as BackgammonView;
  const mover = b.onRoll;
  // A play that ends a game is followed by the next game's fresh board: nothing slides there.
  if (typeof move !== "string" || mover === null || b.phase !== "move" || a.gameNumber !== b.gameNumber) return [];
  const bottom = bottomSeat(o);
  const all = legs(move);
  const target = (leg: Leg): string => keyOf(mover, leg[leg.length - 1]!);
  const taken = new Map<string, number>();
  const put = new Map<string, number>();
  /** How many were counted under `key` before this one. */
  const next = (counts: Map<string, number>, key: string): number => {
    const n = counts.get(key) ?? 0;
    counts.set(key, n + 1);
    return n;
  };
  const out: Motion[] = all.map((leg) => {
    const from = keyOf(mover, leg[0]!);
    const to = target(leg);
    // A checker leaves from the top of its stack; the checkers landing on a place make the top of its new stack, in order.
    const n = countOn(b, from, mover);
    const start = slot(from, mover, Math.max(n - 1 - next(taken, from), 0), n, bottom);
    const via = leg.slice(1, -1).map((p) => slot(keyOf(mover, p), mover, 0, 1, bottom));
    const m = countOn(a, to, mover);
    const k = m - all.filter((l) => target(l) === to).length + next(put, to);
    return { id: `c${mover}-${to}-${k}`, path: [start, ...via, slot(to, mover, k, m, bottom)] };
  });
  // A hit blot: a point the opponent held alone before and holds no more (hit on the way or at the end).
  const foe = other(mover);
  let barred = b.bar[foe];
  b.points.forEach((p, i) => {
    const now = a.points[i];
    if (p.owner === foe && p.count === 1 && now?.owner !== foe && barred < a.bar[foe]) {
      const key = `p${p.seat0Point}`;
      out.push({ id: `c${foe}-bar${foe}-${barred}`, path: [slot(key, foe, 0, 1, bottom), slot(`bar${foe}`, foe, barred, a.bar[foe], bottom)] });
      barred++;
    }
  });
  return out;
}

function caption(state: Json, lang: Lang): string {
  const v = state as unknown as BackgammonView;
  const L = LABELS[lang];
  const dice = v.phase === "move" && v.dice ? ` ${v.dice.join("-")}` : "";
  const cube = v.cube.enabled ? ` · ${L.cube} ${v.cube.value}${v.cube.offered ? ` (${L.double})` : ""}` : "";
  return `${L.sides[0]} ${v.score[0]} : ${v.score[1]} ${L.sides[1]} · ${matchLine(v, lang)} · ${status(v, lang)}${dice}${cube}`;
}

function noteText(note: { readonly type: string; readonly [key: string]: Json }, lang: Lang): string | null {
  const L = LABELS[lang];
  if (note.type === "hit") return note.checkers === 1 ? L.hit : `${L.hit}: ${Number(note.checkers)} ${L.hits}`;
  if (note.type === "gameFinished") {
    const winner = L.sides[note.winner === 1 ? 1 : 0];
    const result = L.results[note.resultType as keyof typeof L.results] ?? "";
    const score = Array.isArray(note.score) ? ` (${L.score} ${note.score.join(" : ")})` : "";
    return `${winner} ${L.wins} ${result}, ${Number(note.points)} ${L.points}${score}`;
  }
  return null;
}

const sideName = (side: string, lang: Lang): string => (side === "white" ? LABELS[lang].sides[0] : side === "black" ? LABELS[lang].sides[1] : side);

export const backgammon: Drawing = { ruleset: "backgammon", draw, clicks, notation, motions, caption, noteText, sideName };
