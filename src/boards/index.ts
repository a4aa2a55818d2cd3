/**
 * Tabula's board drawings, usable on their own: give `drawBoard` a match's `ruleset` and `state`
 * (as the API returns them) and get SVG markup back. The embed page and `board.svg` use exactly this.
 */
import type { DrawOptions, Drawing, Json } from "./drawing.js";
import { backgammon } from "./backgammon.js";
import { golnardEstafeta } from "./golnard-estafeta.js";
import { golnardFootball } from "./golnard-football.js";
import { gol } from "./gol.js";

export * from "./drawing.js";
export { PALETTES, type Palette } from "./palette.js";

/** One drawing per ruleset; a new ruleset adds its file and its line here. */
export const DRAWINGS: Readonly<Record<string, Drawing>> = {
  backgammon,
  "golnard-estafeta": golnardEstafeta,
  "golnard-football": golnardFootball,
  gol,
};

export const drawingOf = (ruleset: string): Drawing | null => DRAWINGS[ruleset] ?? null;

export const DEFAULT_OPTIONS: DrawOptions = { theme: "light", lang: "en", orientation: 0 };

/** The SVG of a position; throws for a ruleset no drawing knows. */
export function drawBoard(ruleset: string, state: Json, options: Partial<DrawOptions> = {}): string {
  const drawing = drawingOf(ruleset);
  if (!drawing) throw new Error(`no drawing for ruleset "${ruleset}"`);
  return drawing.draw(state, { ...DEFAULT_OPTIONS, ...options });
}
