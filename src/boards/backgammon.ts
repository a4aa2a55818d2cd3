import type { Drawing } from "./drawing.js";
import { svgRoot } from "./svg.js";

// Placeholder until the ruleset's drawing lands.
export const backgammon: Drawing = {
  ruleset: "backgammon",
  draw: () => svgRoot(100, 100, "backgammon", ""),
  clicks: () => [],
  notation: (move) => (typeof move === "string" ? move : JSON.stringify(move)),
  motions: () => [],
  caption: () => "",
  noteText: () => null,
};
