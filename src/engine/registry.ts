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
    known: readonly number[],
  ) {
    super(`${ruleset} rules version ${rulesVersion} is unknown: this code knows version ${known.join(", ")}`);
    this.name = "UnknownRulesVersionError";
  }
}

/** Every version of every ruleset, looked up: one table today, another in a test of how a second version would sit beside the first. */
export interface RulesRegistry {
  /** The current rules of a ruleset: the ones new matches are created under. */
  getRuleset(id: RulesetId): AnyRuleset;
  /** The rules versions of a ruleset this code can replay, oldest first. */
  rulesVersions(id: RulesetId): number[];
  /** The rules of `id` at `rulesVersion`; throws UnknownRulesVersionError for a version not held. */
  rulesAt(id: RulesetId, rulesVersion: number): AnyRuleset;
}

export function rulesRegistry(versions: { readonly [K in RulesetId]: readonly AnyRuleset[] }): RulesRegistry {
  const rulesVersions = (id: RulesetId): number[] => versions[id].map((r) => r.rulesVersion);
  return {
    getRuleset: (id) => versions[id][versions[id].length - 1]!,
    rulesVersions,
    rulesAt(id, rulesVersion) {
      const found = versions[id].find((r) => r.rulesVersion === rulesVersion);
      if (!found) throw new UnknownRulesVersionError(id, rulesVersion, rulesVersions(id));
      return found;
    },
  };
}

const registry = rulesRegistry(VERSIONS);
export const { getRuleset, rulesVersions, rulesAt } = registry;
