import { ok, type Result, type RuleError } from "../result.js";
import type { Note, Played } from "../ruleset.js";

/**
 * A compound action (a whole formation) is legal exactly when its parts are, played in sequence
 * by the same `playPart` that judges each part alone: one source of legality. The record keeps
 * the parts as each was recorded, and every part's notes.
 */
export function playParts<State, Part>(
  state: State,
  parts: readonly Part[],
  playPart: (state: State, part: Part) => Result<Played<State, Part>, RuleError>,
): Result<{ state: State; parts: Part[]; notes: Note[] }, RuleError & { part?: number }> {
  let current = state;
  const recorded: Part[] = [];
  const notes: Note[] = [];
  for (const [index, part] of parts.entries()) {
    const played = playPart(current, part);
    if (!played.ok) return { ok: false, error: { ...played.error, message: `part ${index + 1}: ${played.error.message}`, part: index } };
    current = played.value.state;
    recorded.push(played.value.move);
    notes.push(...played.value.notes);
  }
  return ok({ state: current, parts: recorded, notes });
}
