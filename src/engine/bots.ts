import { BACKGAMMON_BOTS, BACKGAMMON_LEVELS } from "./backgammon/bots/levels.js";
import type { BotFactory, SeatBot } from "./common/seat-bot.js";
import { ESTAFETA_BOTS, ESTAFETA_LEVELS } from "./golnard-estafeta/bots.js";
import { FOOTBALL_BOTS, FOOTBALL_LEVELS } from "./golnard-football/bots.js";
import { GOL_BOTS, GOL_LEVELS } from "./gol/bots.js";
import type { RulesetId } from "./registry.js";
import { ruleError, ok, type Result } from "./result.js";
import type { Json } from "./ruleset.js";

/**
 * The bot levels of every ruleset, weakest first; each ruleset's bots live beside its rules.
 * A level is named in `createMatch`/`addBot` as it is here, and the service calls `botFor`.
 */
export const BOT_LEVELS = {
  backgammon: BACKGAMMON_LEVELS,
  "golnard-estafeta": ESTAFETA_LEVELS,
  "golnard-football": FOOTBALL_LEVELS,
  gol: GOL_LEVELS,
} as const satisfies { readonly [R in RulesetId]: readonly string[] };
export type BotLevel<R extends RulesetId = RulesetId> = (typeof BOT_LEVELS)[R][number];

const FACTORIES: { readonly [R in RulesetId]: Readonly<Record<BotLevel<R>, BotFactory<any, any>>> } = {
  backgammon: BACKGAMMON_BOTS,
  "golnard-estafeta": ESTAFETA_BOTS,
  "golnard-football": FOOTBALL_BOTS,
  gol: GOL_BOTS,
};

export const isBotLevel = <R extends RulesetId>(ruleset: R, level: string): level is BotLevel<R> => (BOT_LEVELS[ruleset] as readonly string[]).includes(level);

/**
 * The bot that plays `level` of `ruleset`, seeded: the one entry point for filling a seat. The
 * service keeps the seed with the seat (a bot rebuilt from it replays its choices) and, whenever
 * the seat may act, calls `choose(state.game, seat, ruleset.legalMoves(state.game, seat))`:
 * a move to submit, or null for nothing (only before a roll: the service then rolls). It
 * answers a resignation offer pending for its seat with `acceptResignation` (rulesets with
 * resignation values), a draw offer with `acceptDraw` (absent: decline). Bots never resign and
 * never offer draws.
 */
export function botFor(ruleset: RulesetId, level: string, seed: number): Result<SeatBot<unknown, Json>> {
  if (!isBotLevel(ruleset, level)) {
    return ruleError("UNKNOWN_BOT_LEVEL", `${ruleset} bots play ${BOT_LEVELS[ruleset].join(", ")}, not "${level}"`);
  }
  const factories = FACTORIES[ruleset] as Readonly<Record<string, BotFactory<unknown, Json>>>;
  return ok(factories[level]!(seed >>> 0));
}
