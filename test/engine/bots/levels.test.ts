import { describe, expect, it } from "vitest";
import { playBotGame } from "../../../src/engine/bot-game.js";
import { BOT_LEVELS, botFor } from "../../../src/engine/bots.js";
import type { SeatBot } from "../../../src/engine/common/seat-bot.js";
import { getRuleset, RULESETS, type RulesetId } from "../../../src/engine/registry.js";
import type { Json } from "../../../src/engine/ruleset.js";

/** Short games, so that every level of every ruleset plays whole games in a few seconds. */
const SHORT: { readonly [R in RulesetId]: { options: Json; seats?: number } } = {
  backgammon: { options: { matchLength: 3, cube: true } },
  "golnard-estafeta": { options: { teams: 3, maxRounds: 60 } },
  "golnard-football": { options: { halfTurns: 8 } },
  gol: { options: { minutesPerHalf: 2 } },
};

const made = (ruleset: RulesetId, level: string, seed: number): SeatBot<unknown, Json> => {
  const bot = botFor(ruleset, level, seed);
  if (!bot.ok) throw new Error(bot.error.message);
  return bot.value;
};

/** Plays one game with `level` in every seat, checking each choice against the legal list it was given. */
function checkedGame(ruleset: RulesetId, level: string, seed: number) {
  const rules = getRuleset(ruleset);
  const bots = new Map<number, SeatBot<unknown, Json>>();
  const choices: string[] = [];
  let illegal = 0;
  let nullInMove = 0;
  const game = playBotGame({
    ruleset,
    ...SHORT[ruleset],
    seed,
    botOf: (seat) => {
      if (!bots.has(seat)) bots.set(seat, made(ruleset, level, seed * 10 + seat));
      const bot = bots.get(seat)!;
      return {
        choose(state, s, moves) {
          const move = bot.choose(state, s, moves);
          const keys = moves.map((m) => JSON.stringify(m));
          if (move === null) {
            if (rules.turn(state).phase !== "roll") nullInMove++;
          } else if (!keys.includes(JSON.stringify(move))) illegal++;
          choices.push(JSON.stringify(move));
          return move;
        },
      };
    },
  });
  return { game, choices, illegal, nullInMove };
}

describe("bot levels", () => {
  it("every ruleset names its levels, weakest first, starting with random", () => {
    for (const id of RULESETS) {
      expect(BOT_LEVELS[id][0]).toBe("random");
      expect(BOT_LEVELS[id].length).toBeGreaterThanOrEqual(2);
    }
  });

  it("refuses a level the ruleset does not have", () => {
    const bot = botFor("gol", "pubeval", 1);
    expect(bot.ok).toBe(false);
    if (!bot.ok) expect(bot.error).toEqual({ reason: "UNKNOWN_BOT_LEVEL", message: 'gol bots play random, tactical, not "pubeval"' });
  });

  for (const id of RULESETS) {
    for (const level of BOT_LEVELS[id]) {
      it(`${id} ${level}: plays whole games with legal moves only, and the same seed plays the same game`, () => {
        const first = checkedGame(id, level, 11);
        expect(first.illegal).toBe(0);
        expect(first.nullInMove).toBe(0);
        expect(first.game.outcome).not.toBeNull();
        expect(first.game.moves).toBeGreaterThan(10);
        const again = checkedGame(id, level, 11);
        expect(again.choices).toEqual(first.choices);
        expect(JSON.stringify(again.game.state)).toBe(JSON.stringify(first.game.state));
        const other = checkedGame(id, level, 12);
        expect(other.choices).not.toEqual(first.choices);
      });
    }
  }
});

describe("draw offers", () => {
  it("football and Gol tactical bots accept a draw only when their side is behind", () => {
    const football = botFor("golnard-football", "tactical", 1);
    const gol = botFor("gol", "tactical", 1);
    if (!football.ok || !gol.ok) throw new Error("no tactical bot");
    const footballAt = (home: number, away: number) => ({ score: [home, away], perSide: 1 });
    expect(football.value.acceptDraw!(footballAt(0, 1), 0)).toBe(true);
    expect(football.value.acceptDraw!(footballAt(0, 1), 1)).toBe(false);
    expect(football.value.acceptDraw!(footballAt(2, 2), 0)).toBe(false);
    const golAt = (home: number, away: number) => ({ score: { home, away } });
    expect(gol.value.acceptDraw!(golAt(3, 1), 1)).toBe(true);
    expect(gol.value.acceptDraw!(golAt(3, 1), 0)).toBe(false);
    expect(gol.value.acceptDraw!(golAt(0, 0), 1)).toBe(false);
  });
});
