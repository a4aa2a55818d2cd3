import type { Game } from "boardgame.io";
import { INVALID_MOVE } from "boardgame.io/core";

/**
 * The tiny dice game both servers play in `bench/suites/vs-boardgameio.ts`: the seat to move rolls
 * two dice on the server, then plays (here: banks their sum), and the turn passes. Both moves are
 * `client: false`, so a client waits for the server's answer, as a Tabula client does.
 */
export interface DiceG {
  rolled: number[] | null;
  banked: number[];
}

export const DiceGame: Game<DiceG> = {
  name: "dice",
  setup: () => ({ rolled: null, banked: [0, 0] }),
  moves: {
    roll: {
      move: ({ G, random }) => {
        if (G.rolled) return INVALID_MOVE;
        G.rolled = random.D6(2);
      },
      client: false,
    },
    play: {
      move: ({ G, playerID, events }) => {
        if (!G.rolled) return INVALID_MOVE;
        G.banked[Number(playerID)]! += G.rolled[0]! + G.rolled[1]!;
        G.rolled = null;
        events.endTurn();
      },
      client: false,
    },
  },
};
