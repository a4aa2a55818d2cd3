import { prng } from "./prng.js";
import { bestOf } from "./seat-bot.js";

/**
 * A player program: picks one of the legal moves it is given. Seeded bots are reproducible, so a
 * self-play game can be replayed from its seeds; the same bots can fill a seat of a real match.
 */
export interface Bot<State, Move> {
  choose(state: State, seat: number, moves: readonly Move[]): Move;
}

/** Picks uniformly at random among the legal moves. */
export const randomBot = <State, Move>(random: () => number): Bot<State, Move> => ({
  choose: (_state, _seat, moves) => {
    if (moves.length === 0) throw new Error("no legal move to choose from");
    return moves[Math.floor(random() * moves.length)]!;
  },
});

/**
 * The bots' shared way of choosing: with probability `greed` the best-scored move (ties broken at
 * random), otherwise any legal move, so seeded games vary yet make progress. `scorer` rates the
 * moves of one position (it may prepare per position, once).
 */
export function greedyBot<State, Move>(seed: number, greed: number, scorer: (state: State) => (move: Move) => number): Bot<State, Move> {
  const random = prng(seed);
  return {
    choose(state, _seat, moves) {
      if (moves.length === 0) throw new Error("no legal move to choose from");
      if (random() >= greed) return moves[Math.floor(random() * moves.length)]!;
      return bestOf(moves, scorer(state), random);
    },
  };
}
