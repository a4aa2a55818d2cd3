import { toPosition } from "../board.js";
import { prng } from "../../common/prng.js";
import { bestOf, randomSeatBot, type BotFactory, type SeatBot } from "../../common/seat-bot.js";
import { RESIGNATION_VALUES } from "../resignation.js";
import { isSeat, otherSeat, type Seat } from "../seats.js";
import type { BackgammonState } from "../state.js";
import { choicesOf, type Choice } from "./choices.js";
import { shouldDouble, shouldTake } from "./cube-decisions.js";
import { isRace, pubeval } from "./pubeval.js";
import { ROLLOUT, rolloutValues } from "./rollout.js";

/**
 * Backgammon bot levels, weakest first: `random` plays any legal move; `pubeval` plays the move
 * whose position Tesauro's pubeval rates best (1-ply); `rollout` takes pubeval's best few plays
 * and keeps the one that wins most often in short rollouts where both sides play pubeval (see
 * `rollout.ts`). Both playing levels decide the cube with `cube-decisions.ts`.
 */
export const BACKGAMMON_LEVELS = ["random", "pubeval", "rollout"] as const;
export type BackgammonLevel = (typeof BACKGAMMON_LEVELS)[number];

type Picker = (choices: readonly Choice[], race: boolean, random: () => number) => string;

/** pubeval's score of a play, with the weights for the position it starts from (`race`). */
const onePly = (race: boolean, choice: Choice): number => pubeval(race, choice.after);

const pubevalPick: Picker = (choices, race, random) => bestOf(choices, (c) => onePly(race, c), random).move;

const rolloutPick: Picker = (choices, race, random) => {
  if (choices.length <= 1) return choices[0]!.move;
  const ranked = choices.map((c) => ({ c, v: onePly(race, c) })).sort((a, b) => b.v - a.v);
  const shortlist = ranked.slice(0, ROLLOUT.candidates).map((r) => r.c);
  const values = rolloutValues(shortlist, Math.floor(random() * 2 ** 32));
  return bestOf(shortlist.map((c, i) => ({ c, v: values[i]! })), (x) => x.v, random).c.move;
};

/**
 * The most `seat` can still win this game: a backgammon while the opponent has borne off nothing
 * and has a checker on the bar or in `seat`'s home board, a gammon while it has borne off
 * nothing, else a single game.
 */
function mostStillPossible(state: BackgammonState, seat: Seat): number {
  const theirs = toPosition(state.game.board, otherSeat(seat)).onRoll;
  const off = 15 - theirs.reduce((a, b) => a + b, 0);
  if (off > 0) return 0;
  // Their points 19..24 and the bar (indices 18..24) are where `seat`'s home board and bar lie for them.
  return theirs.slice(18).some((n) => n > 0) ? 2 : 1;
}

/**
 * Accepts a resignation exactly when playing on cannot win more: the value offered is the most
 * still possible, or winning it at the current cube wins the match anyway. Sound, if cautious.
 */
function acceptResignation(state: BackgammonState, seat: number, value: string): boolean {
  if (!isSeat(seat)) return false;
  const offered = (RESIGNATION_VALUES as readonly string[]).indexOf(value);
  if (offered < 0) return false;
  const points = (offered + 1) * state.game.cube.value;
  if (state.score[seat] + points >= state.options.matchLength) return true;
  return offered >= mostStillPossible(state, seat);
}

/** A level that picks plays with `pick` and handles the cube with `cube-decisions.ts`. */
function playing(seed: number, pick: Picker): SeatBot<BackgammonState, string> {
  const random = prng(seed);
  return {
    choose(state, seat, moves) {
      if (moves.length === 0) throw new Error("no legal move to choose from");
      if (!isSeat(seat)) throw new Error(`backgammon has no seat ${seat}`);
      switch (state.game.phase) {
        case "roll":
          return moves.includes("double") && shouldDouble(state, seat) ? "double" : null;
        case "doubled":
          return shouldTake(state, seat) ? "take" : "drop";
        default: {
          const choices = choicesOf(state, moves);
          if (choices.length === 0) return moves[Math.floor(random() * moves.length)]!;
          return pick(choices, isRace(toPosition(state.game.board, seat)), random);
        }
      }
    },
    acceptResignation,
  };
}

export const BACKGAMMON_BOTS: { readonly [L in BackgammonLevel]: BotFactory<BackgammonState, string> } = {
  // Doubling is optional before a roll: doing nothing (the service rolls) is one of random's choices.
  random: (seed) => randomSeatBot(seed, (state: BackgammonState) => state.game.phase === "roll"),
  pubeval: (seed) => playing(seed, pubevalPick),
  rollout: (seed) => playing(seed, rolloutPick),
};
