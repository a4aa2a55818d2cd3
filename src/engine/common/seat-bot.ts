import { prng } from "./prng.js";

/**
 * A bot that can fill a seat of a real match: the service asks it, whenever its seat may act,
 * which of that seat's legal moves (the ruleset's `legalMoves`) to play.
 *
 * What a bot sees: the ruleset state, its seat and its legal moves. That is exactly what the seat
 * sees through `view`, because all four rulesets are games of perfect information: every piece
 * is on the board for both sides, and the dice are drawn by the server only after `rollDice`, so
 * no future roll is in the state. A bot therefore cannot peek; it gets no dice seed and draws its
 * own randomness (tie-breaks, `random` levels) from its own seed, so one seed gives one game.
 */
export interface SeatBot<State, Move> {
  /**
   * The move to play, one of `moves` as given. Null means "nothing now": only where acting is
   * optional, i.e. the moves legal before a roll (a backgammon double); the service then rolls.
   * In a `move` phase a bot always returns a move while `moves` is not empty.
   */
  choose(state: State, seat: number, moves: readonly Move[]): Move | null;
  /**
   * Whether to accept the opponent's offer to lose the game for `value` (one of the ruleset's
   * `resignationValues`). Rulesets without resignation values never ask. Bots never resign
   * themselves: none has a rule for it sound enough to give a game away.
   */
  acceptResignation?(state: State, seat: number, value: string): boolean;
  /**
   * Whether to accept the other side's draw offer, in rulesets that allow draws (`drawAllowed`).
   * Absent: the bot declines and plays on. Bots never offer draws themselves.
   */
  acceptDraw?(state: State, seat: number): boolean;
}

/** Seeds a bot of one level: the same seed plays the same moves in the same positions. */
export type BotFactory<State, Move> = (seed: number) => SeatBot<State, Move>;

/**
 * The `random` level every ruleset has: any legal move, uniformly; before a roll, doing nothing
 * is one of the choices (so it doubles about as often as it rolls).
 */
export const randomSeatBot = <State, Move>(seed: number, optional: (state: State) => boolean = () => false): SeatBot<State, Move> => {
  const random = prng(seed);
  return {
    choose(state, _seat, moves) {
      const n = moves.length + (optional(state) ? 1 : 0);
      if (n === 0) throw new Error("no legal move to choose from");
      const i = Math.floor(random() * n);
      return i < moves.length ? moves[i]! : null;
    },
    acceptResignation: () => random() < 0.5,
    acceptDraw: () => random() < 0.5,
  };
};

/**
 * The best-scored of `moves`, ties broken by `random` (so a seeded bot still varies between
 * games). It draws once per call, tie or not, so that the draws of a seeded bot do not depend
 * on how often it meets a tie.
 */
export function bestOf<Move>(moves: readonly Move[], score: (move: Move) => number, random: () => number): Move {
  if (moves.length === 0) throw new Error("no legal move to choose from");
  let best: Move[] = [];
  let top = -Infinity;
  for (const move of moves) {
    const value = score(move);
    if (value > top) {
      top = value;
      best = [move];
    } else if (value === top) best.push(move);
  }
  return best[Math.floor(random() * best.length)]!;
}

/** A bot that always plays the best move by `scorer`, built once per position (seat included). */
export function scoredBot<State, Move>(seed: number, scorer: (state: State, seat: number) => (move: Move) => number): SeatBot<State, Move> {
  const random = prng(seed);
  return { choose: (state, seat, moves) => bestOf(moves, scorer(state, seat), random) };
}
