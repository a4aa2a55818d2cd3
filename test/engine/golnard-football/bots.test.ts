import { describe, expect, it } from "vitest";
import { playBotGame } from "../../../src/engine/bot-game.js";
import { FOOTBALL_BOTS, outValue } from "../../../src/engine/golnard-football/bots.js";
import { cellOf } from "../../../src/engine/golnard-football/board.js";
import type { FootballState } from "../../../src/engine/golnard-football/state.js";
import type { Json } from "../../../src/engine/ruleset.js";
import type { SeatBot } from "../../../src/engine/common/seat-bot.js";

const AWARDS = ["throwInAwarded", "cornerAwarded", "goalKickAwarded", "penaltyAwarded"] as const;

describe("football tactical bot", () => {
  // Goal kicks are the rare one (about one in ten matches): 24 matches hold two.
  it("shows every set piece of the default options in seeded matches: throw-ins, corners, goal kicks, penalties", () => {
    const counts: Record<string, number> = Object.fromEntries(AWARDS.map((a) => [a, 0]));
    for (let g = 0; g < 24; g++) {
      const bots = [FOOTBALL_BOTS.tactical(2 * g), FOOTBALL_BOTS.tactical(2 * g + 1)] as SeatBot<unknown, Json>[];
      const game = playBotGame({ ruleset: "golnard-football", seed: 40 + g, botOf: (seat) => bots[seat]! });
      for (const n of game.notes) if (n.type in counts) counts[n.type]!++;
    }
    for (const award of AWARDS) expect(counts[award], award).toBeGreaterThan(0);
  });

  it("beats the random level from either side", () => {
    for (let g = 0; g < 4; g++) {
      const tactical = g % 2;
      const bots = [0, 1].map((seat) => (seat === tactical ? FOOTBALL_BOTS.tactical(g) : FOOTBALL_BOTS.random(g))) as SeatBot<unknown, Json>[];
      const game = playBotGame({ ruleset: "golnard-football", options: { halfTurns: 10 }, seed: 60 + g, botOf: (seat) => bots[seat]! });
      expect(game.outcome.winningSides).toEqual([tactical === 0 ? "home" : "away"]);
    }
  });

  it("values a kick out of play by the set piece it gives", () => {
    // Home (side 0) attacks toward x = 19; token 12 is away's keeper, 13 an away field token.
    const tokens = Array.from({ length: 22 }, (_, i) => cellOf(i < 11 ? 5 : 14, i % 10));
    const state = { tokens } as unknown as FootballState;
    const nearTheirGoal = cellOf(16, 2);
    const cornerForUs = outValue(state, 0, nearTheirGoal, cellOf(19, 1), "goal", 13);
    const wideShot = outValue(state, 0, nearTheirGoal, cellOf(19, 1), "goal", 3);
    const throwInForUs = outValue(state, 0, cellOf(10, 1), cellOf(10, 0), "touch", 13);
    const throwInForThem = outValue(state, 0, cellOf(10, 8), cellOf(10, 9), "touch", 3);
    const ownCornerUnpressed = outValue(state, 0, cellOf(8, 2), cellOf(0, 1), "goal", 3);
    expect(cornerForUs).toBeGreaterThan(throwInForUs);
    expect(throwInForUs).toBeGreaterThan(wideShot);
    expect(wideShot).toBeGreaterThan(throwInForThem);
    expect(throwInForThem).toBeGreaterThan(ownCornerUnpressed);
  });
});
