import type { AnyRuleset } from "./ruleset.js";
import { backgammon } from "./backgammon/ruleset.js";
import { golnardEstafeta } from "./golnard-estafeta/ruleset.js";
import { golnardFootball } from "./golnard-football/ruleset.js";
import { gol } from "./gol/ruleset.js";

/** Every ruleset id the API knows; later rulesets are added here and nowhere else. */
export const RULESETS = ["backgammon", "golnard-estafeta", "golnard-football", "gol"] as const;
export type RulesetId = (typeof RULESETS)[number];

/**
 * Every version of each ruleset's rules this code can replay, oldest first; the last is the one
 * new matches are created under. A match log is kept forever, so a change to the rules adds a
 * version (the old object stays here, frozen) instead of editing the one old matches were
 * played under: each match replays under the `rulesVersion` its MatchCreated recorded.
 */
const VERSIONS: { readonly [K in RulesetId]: readonly AnyRuleset[] } = {
  backgammon: [backgammon],
  "golnard-estafeta": [golnardEstafeta],
  "golnard-football": [golnardFootball],
  gol: [gol],
};

/** The rules version of logs written before versions were recorded. */
export const FIRST_RULES_VERSION = 1;

export const isRulesetId = (id: string): id is RulesetId => (RULESETS as readonly string[]).includes(id);
/** The current rules of a ruleset: the ones new matches are created under. */
export const getRuleset = (id: RulesetId): AnyRuleset => VERSIONS[id][VERSIONS[id].length - 1]!;
/** The rules versions of a ruleset this code can replay, oldest first. */
export const rulesVersions = (id: RulesetId): number[] => VERSIONS[id].map((r) => r.rulesVersion);

/**
 * A match names rules this code does not hold (a log from a newer server, or a version removed):
 * replaying it under other rules could accept what they refuse, so it is refused instead, with a
 * stable code clients and the verifier can switch on.
 */
export class UnknownRulesVersionError extends Error {
  readonly code = "UNKNOWN_RULES_VERSION";
  constructor(
    readonly ruleset: string,
    readonly rulesVersion: number,
  ) {
    const known = isRulesetId(ruleset) ? `this code knows version ${rulesVersions(ruleset).join(", ")}` : "this code does not know that ruleset";
    super(`${ruleset} rules version ${rulesVersion} is unknown: ${known}`);
    this.name = "UnknownRulesVersionError";
  }
}

/** The rules of `id` at `rulesVersion`; throws UnknownRulesVersionError for a version this code does not hold. */
export function rulesAt(id: RulesetId, rulesVersion: number): AnyRuleset {
  const found = VERSIONS[id].find((r) => r.rulesVersion === rulesVersion);
  if (!found) throw new UnknownRulesVersionError(id, rulesVersion);
  return found;
}
