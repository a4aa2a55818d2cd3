import type { Drawing } from "./drawing.js";
import { svgRoot } from "./svg.js";

// Placeholder until the ruleset's drawing lands.
export const golnardFootball: Drawing = {
  ruleset: "golnard-football",
  draw: () => svgRoot(100, 100, "golnard-football", ""),
  clicks: () => [],
  notation: (move) => (typeof move === "string" ? move : JSON.stringify(move)),
  motions: () => [],
  caption: () => "",
  noteText: () => null,
};
