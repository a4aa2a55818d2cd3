import { rulesAt } from "../engine/registry.js";
import type { AnyRuleset } from "../engine/ruleset.js";
import type { MatchState } from "./state.js";

/** The rules a match is played under: its ruleset at the version its MatchCreated recorded, never simply the newest. */
export const rulesOf = (state: Pick<MatchState, "ruleset" | "rulesVersion">): AnyRuleset => rulesAt(state.ruleset, state.rulesVersion);
