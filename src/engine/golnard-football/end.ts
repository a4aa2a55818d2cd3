import type { Note } from "../ruleset.js";
import type { EndReason, FootballState } from "./state.js";

/** The end of the match, however it comes (a goal target, full time, a shoot-out decided), with its `matchOver` note. */
export function over(s: FootballState, reason: EndReason, notes: Note[]): FootballState {
  notes.push({ type: "matchOver", reason, score: [...s.score], ...(s.shootout ? { shootout: [...s.shootout.goals] } : {}) });
  return { ...s, stage: { kind: "over" }, ended: reason, holder: null };
}
