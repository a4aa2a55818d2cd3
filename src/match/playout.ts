import { rulesOf } from "./rules.js";
import { prng } from "../engine/common/prng.js";
import type { Bot } from "../engine/common/bot.js";
import { type RulesetId } from "../engine/registry.js";
import type { Json } from "../engine/ruleset.js";
import type { Command, DecideContext } from "./commands.js";
import { decide } from "./decide.js";
import { deriveRoll, diceCommitment } from "./dice.js";
import type { MatchEvent } from "./events.js";
import type { MatchState } from "./state.js";

/** Picks the move of `seat` among its legal moves; the match state is given whole. */
export type Chooser = (state: MatchState, seat: number, moves: readonly Json[]) => Json;

export interface PlayoutSetup {
  readonly ruleset: RulesetId;
  readonly options?: unknown;
  readonly seats?: number | undefined;
  /** Seeds the dice (through the real derivation, so the log verifies) and the choice of roller. */
  readonly seed: number;
  /** Every seat's player; a random legal move when left out. */
  readonly choose?: Chooser | undefined;
  /** Sees the state after every command, as the live command path computed it, and its events. */
  readonly check?: ((state: MatchState, events: readonly MatchEvent[]) => void) | undefined;
  readonly maxCommands?: number | undefined;
  /** When the events are stamped; fixed so that two playouts of one seed are identical. */
  readonly at?: string | undefined;
}

export interface Playout {
  readonly log: readonly MatchEvent[];
  /** The state after each command, as the live path computed it (its `version` says where). */
  readonly states: readonly MatchState[];
  readonly final: MatchState;
}

export const PLAYOUT_AT = "2026-01-01T00:00:00.000Z";

/** A bot written against a ruleset's own state, as a chooser over the match. */
export const botChooser =
  <State, Move>(bot: Bot<State, Move>): Chooser =>
  (state, seat, moves) =>
    bot.choose(state.game as State, seat, moves as unknown as readonly Move[]) as Json;

/**
 * The one playout driver: plays a whole match through `decide`, exactly as the service does
 * (automatic passes and the end included), for self-play, property tests, benchmarks and bots.
 * Whoever may act does: a seat the PRNG picks among those who may roll or move.
 */
export function playout(setup: PlayoutSetup): Playout {
  const random = prng(setup.seed);
  const choose = setup.choose ?? ((_state, _seat, moves) => moves[Math.floor(random() * moves.length)]!);
  const diceSeed = (setup.seed >>> 0).toString(16).padStart(64, "0");
  const matchId = `playout-${setup.seed}`;
  const ctx: DecideContext = { roll: (n, count) => deriveRoll(diceSeed, matchId, n, count), diceSeed, at: setup.at ?? PLAYOUT_AT };
  const log: MatchEvent[] = [];
  const states: MatchState[] = [];
  let state: MatchState | null = null;

  const run = (command: Command): void => {
    const decided = decide(command, state, ctx);
    if (!decided.ok) throw new Error(`seed ${setup.seed}: ${command.type} ${JSON.stringify(command)} rejected: ${decided.error.code} ${decided.error.message}`);
    for (const event of decided.value.events) log.push(event);
    state = decided.value.state;
    states.push(state);
    setup.check?.(state, decided.value.events);
  };

  run({ type: "CreateMatch", matchId, ruleset: setup.ruleset, options: setup.options ?? {}, seats: setup.seats, diceCommitment: diceCommitment(diceSeed) });
  const maxCommands = setup.maxCommands ?? 1_000_000;
  for (let i = 0; i < maxCommands; i++) {
    const current = state as MatchState | null;
    if (!current || current.status === "FINISHED") return { log, states, final: current! };
    const ruleset = rulesOf(current);
    const turn = ruleset.turn(current.game);
    if (turn.phase === "over") throw new Error(`seed ${setup.seed}: the game is over but the match did not finish`);
    const pick = (seats: readonly number[]): number => seats[Math.floor(random() * seats.length)]!;
    if (turn.phase === "roll") {
      // A seat may also act before the roll (a cube offer): rolling is what keeps the game going.
      run({ type: "RollDice", seat: pick(turn.seats) });
      continue;
    }
    const options = turn.seats.map((seat) => ({ seat, moves: ruleset.legalMoves(current.game, seat) as Json[] })).filter((o) => o.moves.length > 0);
    if (options.length === 0) throw new Error(`seed ${setup.seed}: seats ${turn.seats.join(", ")} must move but have no legal move`);
    const { seat, moves } = options[Math.floor(random() * options.length)]!;
    run({ type: "SubmitMove", seat, move: choose(current, seat, moves) });
  }
  throw new Error(`seed ${setup.seed}: not finished after ${maxCommands} commands`);
}
