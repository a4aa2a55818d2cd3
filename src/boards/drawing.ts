/**
 * What every board drawing implements. A drawing turns a match's drawable view (the `state` field
 * of a match, ruleset-specific JSON) into SVG markup, and tells the embed page how a move is made
 * by clicking. It imports nothing of the server: sites use this module on its own, in a browser
 * or in Node, to draw boards in their own pages.
 */

/** A JSON value as the API sends it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export const LANGS = ["en", "ru"] as const;
export type Lang = (typeof LANGS)[number];

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/** A point in the drawing's own SVG coordinates. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface DrawOptions {
  readonly theme: Theme;
  readonly lang: Lang;
  /** The seat drawn at the bottom (backgammon: whose home board is bottom right; football: whose goal is left). */
  readonly orientation: number;
  /**
   * Click keys to mark as selectable (the next click of some legal move) and as selected (the
   * clicks made so far of the move being built). The drawing puts `data-key` on every element a
   * key names and draws a mark on the ones listed here.
   */
  readonly selectable?: readonly string[];
  readonly selected?: readonly string[];
}

/** One element's travel when the last move is animated: from the first point, through the rest, to where it is drawn now. */
export interface Motion {
  /** The `data-id` of the element in the new drawing. */
  readonly id: string;
  /** SVG coordinates, in order; the last one is where the element is drawn now. */
  readonly path: readonly Point[];
}

export interface Drawing {
  readonly ruleset: string;
  /**
   * The whole board as one `<svg>` element (with `xmlns`, a `viewBox`, a `<title>`, and
   * `role="img"`), using presentation attributes only (no `style`, no `<style>`), so a page with
   * a strict Content-Security-Policy may insert it. Every piece that can move carries a stable
   * `data-id` (the same piece keeps it from one version to the next); every clickable element its
   * `data-key`. All text is escaped (esc in svg.ts).
   */
  draw(state: Json, options: DrawOptions): string;
  /**
   * The click sequences that make `move` on the board: each alternative is a list of `data-key`s
   * (a piece, then a cell; a checker's point, then where it lands). A move with no board gesture
   * (a cube offer, ending a turn) has none, and is made from the move list instead.
   */
  clicks(move: Json, state: Json): readonly (readonly string[])[];
  /** The move in the ruleset's notation, as a move list and a screen reader show it. */
  notation(move: Json, lang: Lang): string;
  /** What moved between two views when `move` was played (for the slide animation); may be empty. */
  motions(before: Json, after: Json, move: Json, options: DrawOptions): readonly Motion[];
  /** A one-line caption of the position: score, dice, the phase (e.g. "Home 1 : 0 Away, 2nd half, 34'"). */
  caption(state: Json, lang: Lang): string;
  /** A side's name as people read it ("White", "Хозяева", "Team 2"), from its id in the match's `sides`. */
  sideName(side: string, lang: Lang): string;
  /** Text of a move note (a goal, a hit) for the host page and the move list; null for notes not worth telling. */
  noteText(note: { readonly type: string; readonly [key: string]: Json }, lang: Lang): string | null;
}
