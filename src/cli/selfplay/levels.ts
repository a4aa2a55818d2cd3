import { BOT_LEVELS, botFor, isBotLevel } from "../../engine/bots.js";
import type { SeatBot } from "../../engine/common/seat-bot.js";
import { getRuleset, type RulesetId } from "../../engine/registry.js";
import type { Json } from "../../engine/ruleset.js";
import type { Chooser } from "../../match/playout.js";

/** `--levels a,b`: the bot levels by side, or what is wrong with them. */
export function parseLevels(ruleset: RulesetId, text: string): string[] | string {
  const levels = text.split(",").map((l) => l.trim());
  const bad = levels.find((l) => !isBotLevel(ruleset, l));
  return bad === undefined && levels.length > 0 ? levels : `--levels takes ${BOT_LEVELS[ruleset].join(", ")} for ${ruleset}, comma-separated by side, not "${bad}"`;
}

/**
 * The players of one game when sides play levels: side i plays `levels[i % levels.length]`, each
 * seat its own bot seeded from the game's seed. A bot chooses nothing only before a roll, which
 * self-play never asks about (the driver rolls), so a null there is a bug.
 */
export function levelChooser(ruleset: RulesetId, levels: readonly string[], seed: number): Chooser {
  const bots = new Map<number, SeatBot<unknown, Json>>();
  const rules = getRuleset(ruleset);
  return (state, seat, moves) => {
    let bot = bots.get(seat);
    if (!bot) {
      const side = rules.sides(state.game).findIndex((s) => s.seats.includes(seat));
      const made = botFor(ruleset, levels[side % levels.length]!, (seed + Math.imul(seat + 1, 0x9e3779b1)) >>> 0);
      if (!made.ok) throw new Error(made.error.message);
      bot = made.value;
      bots.set(seat, bot);
    }
    const move = bot.choose(state.game, seat, moves);
    if (move === null) throw new Error(`seat ${seat}'s bot chose nothing when it had to move`);
    return move;
  };
}
