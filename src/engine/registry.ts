import type { AnyRuleset } from "./ruleset.js";
import { backgammon } from "./backgammon/ruleset.js";
import { golnardEstafeta } from "./golnard-estafeta/ruleset.js";
import { golnardFootball } from "./golnard-football/ruleset.js";
import { gol } from "./gol/ruleset.js";

/** Every ruleset id the API knows; later rulesets are added here and nowhere else. */
export const RULESETS = ["backgammon", "golnard-estafeta", "golnard-football", "gol"] as const;
export type RulesetId = (typeof RULESETS)[number];

const registry: { readonly [K in RulesetId]: AnyRuleset } = { backgammon, "golnard-estafeta": golnardEstafeta, "golnard-football": golnardFootball, gol };

export const isRulesetId = (id: string): id is RulesetId => (RULESETS as readonly string[]).includes(id);
export const getRuleset = (id: RulesetId): AnyRuleset => registry[id];
