import type { Drawing } from "./drawing.js";
import { svgRoot } from "./svg.js";

// Placeholder until the ruleset's drawing lands.
export const golnardEstafeta: Drawing = {
  ruleset: "golnard-estafeta",
  draw: () => svgRoot(100, 100, "golnard-estafeta", ""),
  clicks: () => [],
  notation: (move) => (typeof move === "string" ? move : JSON.stringify(move)),
  motions: () => [],
  caption: () => "",
  noteText: () => null,
};
