/**
 * What the two football drawings (golnard-football and gol) share: a field of square cells that
 * may be drawn flipped for the seat at the bottom, readable cell names, the clickable cell layer,
 * the round numbered pieces and the ball, and the selection marks.
 */
import type { DrawOptions, Point } from "./drawing.js";
import type { Palette } from "./palette.js";
import { el, esc, text } from "./svg.js";

export interface FieldPoint {
  readonly x: number;
  readonly y: number;
}

/** A cell's click key: "c3,5" (x, y as the engine counts them; off-field cells such as "c-1,9" too). */
export const cellKey = (p: FieldPoint): string => `c${p.x},${p.y}`;

/** A piece's click key and animation id: "home-7". */
export const pieceKey = (side: string, number: number): string => `${side}-${number}`;

export const BALL_ID = "ball";

/** A cell's readable name: column letter from the left (a = x 0), row number from the top (1 = y 0): "e5". */
export const cellName = (p: FieldPoint): string => `${String.fromCharCode(97 + p.x)}${p.y + 1}`;

/** A label with its "{name}" slots filled: the label tables keep each language's word order. */
export const fill = (template: string, values: Readonly<Record<string, string | number>>): string => template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ""));

export interface Grid {
  readonly size: number;
  /** The SVG centre of cell (x, y), off-field cells included. */
  at(x: number, y: number): Point;
}

/**
 * Cells of `size` units, the field's cell (0, 0) drawn at `origin` unless flipped: a flipped axis
 * counts from the other end, so the seat at the bottom sees its own side on the left.
 */
export function grid(cols: number, rows: number, size: number, origin: Point, flipX: boolean, flipY: boolean): Grid {
  return {
    size,
    at: (x, y) => ({ x: origin.x + ((flipX ? cols - 1 - x : x) + 0.5) * size, y: origin.y + ((flipY ? rows - 1 - y : y) + 0.5) * size }),
  };
}

/** Which mark a click key gets: the clicks made so far, or the possible next ones. */
export type Marker = (key: string) => "selected" | "selectable" | null;
export function marker(options: DrawOptions): Marker {
  const selected = new Set(options.selected ?? []);
  const selectable = new Set(options.selectable ?? []);
  return (key) => (selected.has(key) ? "selected" : selectable.has(key) ? "selectable" : null);
}

/**
 * One clickable rect per cell (transparent but painted, so it takes clicks), over the field's
 * lines and under the pieces; a marked cell is outlined and tinted in its mark's colour.
 */
export function cellLayer(g: Grid, cells: readonly FieldPoint[], mark: Marker, p: Palette): string {
  const h = g.size / 2;
  return cells
    .map((c) => {
      const key = cellKey(c);
      const m = mark(key);
      const { x, y } = g.at(c.x, c.y);
      return el("rect", {
        x: x - h + 1,
        y: y - h + 1,
        width: g.size - 2,
        height: g.size - 2,
        rx: 3,
        fill: m ? p[m] : p.background,
        "fill-opacity": m ? 0.35 : 0,
        stroke: m ? p[m] : null,
        "stroke-width": m ? 2 : null,
        "data-key": key,
      });
    })
    .join("");
}

export interface PieceDrawing {
  readonly side: string;
  readonly number: number;
  readonly at: Point;
  readonly r: number;
  readonly fill: string;
  readonly ink: string;
  /** The full description (side, number, state) for screen readers and hover. */
  readonly title: string;
  /** A keeper is drawn square, so it reads without colour. */
  readonly square?: boolean;
  /** The rim: the seat's colour, or the line colour. */
  readonly rim: string;
  /** Marks drawn around the piece inside its group (dashed rings, badges), so they travel with it. */
  readonly extra?: string;
  /** Drawn faded (used this turn, frozen). */
  readonly faded?: boolean;
}

/** A numbered piece as one group carrying its `data-id` and `data-key`, in absolute coordinates (the page animates it with a transform). */
export function piece(d: PieceDrawing, mark: Marker, p: Palette): string {
  const key = pieceKey(d.side, d.number);
  const m = mark(key);
  const { x, y } = d.at;
  const body = d.square
    ? el("rect", { x: x - d.r, y: y - d.r, width: 2 * d.r, height: 2 * d.r, rx: d.r / 3, fill: d.fill, stroke: d.rim, "stroke-width": d.r / 5 })
    : el("circle", { cx: x, cy: y, r: d.r, fill: d.fill, stroke: d.rim, "stroke-width": d.r / 5 });
  const ring = m ? el("circle", { cx: x, cy: y, r: d.r * 1.35, fill: "none", stroke: p[m], "stroke-width": d.r / 3.5 }) : "";
  const label = text(x, y, d.number, { "font-size": d.r * 1.05, "font-weight": "bold", "text-anchor": "middle", "dominant-baseline": "central", fill: d.ink });
  return el("g", { "data-id": key, "data-key": key, opacity: d.faded ? 0.55 : null }, el("title", {}, esc(d.title)) + ring + body + label + (d.extra ?? ""));
}

/**
 * The ball: it takes no clicks (a gesture on the ball is a click on its cell, which it would
 * otherwise cover), and carries the animation id.
 */
export const ball = (at: Point, r: number, p: Palette): string =>
  el(
    "g",
    { "data-id": BALL_ID, "pointer-events": "none" },
    el("circle", { cx: at.x, cy: at.y, r, fill: p.ball, stroke: p.onSides[0], "stroke-width": r / 4 }) +
      el("circle", { cx: at.x, cy: at.y, r: r / 2.6, fill: p.onSides[0] }),
  );

/**
 * Column letters under the field and row numbers left of it (`gap` from its edge, clear of the
 * goal), so the notation's cell names can be read off the board whichever way it is flipped.
 */
export function coordinates(g: Grid, cols: number, rows: number, gap: number, p: Palette): string {
  const fs = g.size * 0.3;
  const a = { "font-size": fs, fill: p.muted, "text-anchor": "middle", "dominant-baseline": "central" };
  const below = Math.max(g.at(0, 0).y, g.at(0, rows - 1).y) + g.size * 0.5 + fs;
  const left = Math.min(g.at(0, 0).x, g.at(cols - 1, 0).x) - g.size * 0.5 - gap;
  let out = "";
  for (let x = 0; x < cols; x++) out += text(g.at(x, 0).x, below, cellName({ x, y: 0 }).charAt(0), a);
  for (let y = 0; y < rows; y++) out += text(left, g.at(0, y).y, y + 1, a);
  return out;
}

/** The two football games name their sides home and away, in each game's own labels. */
export const homeAwayName =
  (labels: Readonly<Record<string, { readonly home: string; readonly away: string }>>) =>
  (side: string, lang: string): string =>
    side === "home" || side === "away" ? (labels[lang]?.[side] ?? side) : side;
