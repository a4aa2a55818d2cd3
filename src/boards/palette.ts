import type { Theme } from "./drawing.js";

/** The colours of both themes; drawings take every colour from here, so a theme is one table. */
export interface Palette {
  readonly background: string;
  readonly board: string;
  readonly boardAlt: string;
  readonly line: string;
  readonly text: string;
  readonly muted: string;
  /** Pieces of the first and second side (seat 0 / home; seat 1 / away). */
  readonly sides: readonly [string, string];
  /** Text on a piece of each side. */
  readonly onSides: readonly [string, string];
  /** Teams of the relay, in seat order (up to five). */
  readonly teams: readonly string[];
  readonly onTeams: readonly string[];
  readonly ball: string;
  readonly selectable: string;
  readonly selected: string;
  readonly warning: string;
}

export const PALETTES: { readonly [T in Theme]: Palette } = {
  light: {
    background: "#ffffff",
    board: "#e9dcc0",
    boardAlt: "#d2b98c",
    line: "#5b4a33",
    text: "#1d1d1d",
    muted: "#6b6b6b",
    sides: ["#fafafa", "#2b2b2b"],
    onSides: ["#1d1d1d", "#fafafa"],
    teams: ["#c62828", "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a"],
    onTeams: ["#ffffff", "#ffffff", "#ffffff", "#000000", "#ffffff"],
    ball: "#ffffff",
    selectable: "#f9a825",
    selected: "#00897b",
    warning: "#b00020",
  },
  dark: {
    background: "#121212",
    board: "#3b3326",
    boardAlt: "#5a4a33",
    line: "#c9b48f",
    text: "#ececec",
    muted: "#a0a0a0",
    sides: ["#f2f2f2", "#7a1f1f"],
    onSides: ["#121212", "#f2f2f2"],
    teams: ["#ef5350", "#42a5f5", "#66bb6a", "#ffa726", "#ab47bc"],
    onTeams: ["#000000", "#000000", "#000000", "#000000", "#000000"],
    ball: "#ffffff",
    selectable: "#ffd54f",
    selected: "#4db6ac",
    warning: "#ff6e6e",
  },
};
