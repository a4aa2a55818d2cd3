import { INITIAL_BOARD, type Board } from "./board.js";
import type { BackgammonOptions } from "./options.js";
import type { ResultType } from "./scoring.js";
import type { Seat } from "./seats.js";

/**
 * Where a game stands. `opening`: both seats roll one die each (ties roll again); `roll`: the seat
 * on roll may double (cube on) and must roll; `move`: it plays its dice; `doubled`: its opponent
 * must take or drop; `over`: the match has ended (set only on the last game).
 */
export const GAME_PHASES = ["opening", "roll", "move", "doubled", "over"] as const;
export type GamePhase = (typeof GAME_PHASES)[number];

export interface Cube {
  readonly value: number;
  /** null = centred: either seat may double. */
  readonly owner: Seat | null;
}

export interface Game {
  /** 1 for the first game of the match. */
  readonly number: number;
  /** The Crawford game: no doubling. */
  readonly crawford: boolean;
  readonly board: Board;
  readonly cube: Cube;
  readonly phase: GamePhase;
  /** The seat whose turn it is (the doubler while a double is offered); null before the opening roll. */
  readonly onRoll: Seat | null;
  /** The roll being played; in the opening phase, the last tied opening roll if any. */
  readonly dice: readonly [number, number] | null;
}

export interface GameRecord {
  readonly winner: Seat;
  readonly points: number;
  readonly resultType: ResultType;
  readonly cube: number;
  readonly crawford: boolean;
}

/** The whole match; plain JSON, never mutated. */
export interface BackgammonState {
  readonly options: BackgammonOptions;
  readonly score: readonly [number, number];
  /** The Crawford game has been scheduled or played; it happens at most once per match. */
  readonly crawfordDone: boolean;
  /** Finished games, oldest first. */
  readonly games: readonly GameRecord[];
  readonly game: Game;
}

export const newGame = (number: number, crawford: boolean): Game => ({
  number,
  crawford,
  board: INITIAL_BOARD,
  cube: { value: 1, owner: null },
  phase: "opening",
  onRoll: null,
  dice: null,
});

export const initialState = (options: BackgammonOptions): BackgammonState => ({
  options,
  score: [0, 0],
  crawfordDone: false,
  games: [],
  game: newGame(1, false),
});
