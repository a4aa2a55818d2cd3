import { expect } from "vitest";
import type { Json } from "../../src/boards/drawing.js";
import { playout } from "../../src/match/playout.js";
import type { RulesetId } from "../../src/engine/registry.js";
import { getRuleset } from "../../src/engine/registry.js";

const TAG = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;

/**
 * What every drawing's markup must be: well-formed (tags nest and close, every attribute quoted,
 * every `&` an entity), one `<svg>` root, and safe under the embed page's Content-Security-Policy
 * and in any page (no `style`, no `<style>`, no script, no event handler, no external reference).
 */
export function svgProblems(svg: string): string[] {
  const problems: string[] = [];
  if (!svg.startsWith("<svg ")) problems.push("does not start with <svg");
  const stack: string[] = [];
  let last = 0;
  for (const m of svg.matchAll(TAG)) {
    const between = svg.slice(last, m.index);
    if (between.includes("<") || between.includes(">")) problems.push(`stray markup near ${JSON.stringify(between.slice(0, 60))}`);
    if (/&(?!(amp|lt|gt|quot|#39|#\d+);)/.test(between)) problems.push(`bare & in ${JSON.stringify(between.slice(0, 60))}`);
    last = m.index + m[0].length;
    const [, close, name, attrs, self] = m;
    if (/\s(style|on\w+|href|xlink:href|src)=/.test(attrs!)) problems.push(`forbidden attribute in <${name}${attrs}>`);
    if (["style", "script", "foreignObject", "image", "use", "a"].includes(name!)) problems.push(`forbidden element <${name}>`);
    if (/&(?!(amp|lt|gt|quot|#39|#\d+);)/.test(attrs!)) problems.push(`bare & in attributes of <${name}>`);
    if (close) {
      if (stack.pop() !== name) problems.push(`</${name}> closes nothing open`);
    } else if (!self) stack.push(name!);
    if (stack.length === 0 && last < svg.length) problems.push("content after the root element");
  }
  if (last !== svg.length) problems.push(`unparsed tail ${JSON.stringify(svg.slice(last, last + 60))}`);
  if (stack.length) problems.push(`unclosed ${stack.join(", ")}`);
  return problems;
}

export const expectCleanSvg = (svg: string): void => expect(svgProblems(svg)).toEqual([]);

/** The `data-key`s and `data-id`s a drawing wrote. */
export const keysIn = (svg: string): Set<string> => new Set([...svg.matchAll(/data-key="([^"]*)"/g)].map((m) => m[1]!));
export const idsIn = (svg: string): Set<string> => new Set([...svg.matchAll(/data-id="([^"]*)"/g)].map((m) => m[1]!));

/** Views of real positions: every state of a few random playouts, with the legal moves of the seat to act and the move that followed. */
export interface Sample {
  readonly state: Json;
  readonly moves: readonly Json[];
  /** The view after the next move, and that move, when a move followed. */
  readonly next: { readonly state: Json; readonly move: Json } | null;
}

export function samples(ruleset: RulesetId, seeds: readonly number[], options: { seats?: number; options?: unknown; maxCommands?: number } = {}): Sample[] {
  const r = getRuleset(ruleset);
  const out: Sample[] = [];
  for (const seed of seeds) {
    const steps: { game: unknown; move: Json | null }[] = [];
    try {
      playout({
        ruleset,
        seed,
        seats: options.seats,
        options: options.options,
        maxCommands: options.maxCommands ?? 400,
        check: (s, events) => {
          const played = events.find((e) => e.type === "MovePlayed");
          steps.push({ game: s.game, move: played ? ((played.data as { move: Json }).move ?? null) : null });
        },
      });
    } catch (error) {
      if (!String(error).includes("not finished")) throw error;
    }
    steps.forEach((step, i) => {
      const turn = r.turn(step.game);
      const seat = turn.phase === "over" ? null : turn.seats[0]!;
      const after = steps[i + 1];
      out.push({
        state: r.view(step.game, null) as Json,
        moves: seat === null ? [] : (r.legalMoves(step.game, seat) as Json[]),
        next: after && after.move !== null ? { state: r.view(after.game, null) as Json, move: after.move } : null,
      });
    });
  }
  return out;
}
