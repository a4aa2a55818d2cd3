import { prng } from "../../src/engine/bots/prng.js";
import type { Json } from "../../src/engine/ruleset.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { Command } from "../../src/match/commands.js";
import { decide } from "../../src/match/decide.js";
import { deriveRoll, diceCommitment } from "../../src/match/dice.js";
import type { MatchEvent } from "../../src/match/events.js";
import { evolve } from "../../src/match/evolve.js";
import type { MatchState } from "../../src/match/state.js";

export const AT = "2026-01-01T00:00:00.000Z";
export { prng };

export interface Playout {
  readonly log: MatchEvent[];
  /** The state after every event, as the live command path computed it. */
  readonly states: MatchState[];
  readonly final: MatchState;
}

/**
 * Plays a whole match through decide/evolve, exactly as the service does, choosing a random
 * legal move for whoever must act. `check` runs on every state.
 */
export function playRandomMatch(
  seed: number,
  create: { ruleset: string; options?: unknown; seats?: number },
  check: (state: MatchState, log: readonly MatchEvent[]) => void = () => {},
  maxCommands = 20_000,
): Playout {
  const random = prng(seed);
  const diceSeed = seed.toString(16).padStart(64, "0");
  const matchId = `p${seed}`;
  const ctx = { roll: (n: number, count: number) => deriveRoll(diceSeed, matchId, n, count), diceSeed };
  const log: MatchEvent[] = [];
  const states: MatchState[] = [];
  let state: MatchState | null = null;

  const run = (command: Command) => {
    const decided = decide(command, state, ctx);
    if (!decided.ok) throw new Error(`seed ${seed}: ${command.type} rejected: ${decided.error.code} ${decided.error.message}`);
    for (const event of decided.value) {
      const full = { ...event, version: log.length + 1, at: AT } as MatchEvent;
      state = evolve(state, full);
      log.push(full);
      states.push(state);
      check(state, log);
    }
  };

  run({ type: "CreateMatch", matchId, ruleset: create.ruleset, options: create.options ?? {}, seats: create.seats, diceCommitment: diceCommitment(diceSeed) });
  for (let i = 0; i < maxCommands; i++) {
    const current = state as MatchState | null;
    if (!current || current.status === "FINISHED") break;
    const ruleset = getRuleset(current.ruleset);
    const turn = ruleset.turn(current.game);
    if (turn.phase === "over") throw new Error(`seed ${seed}: over without MatchFinished`);
    const moves = ruleset.legalMoves(current.game) as Json[];
    if (turn.phase === "roll") {
      run({ type: "RollDice", seat: turn.seats[Math.floor(random() * turn.seats.length)]! });
    } else {
      run({ type: "SubmitMove", seat: turn.seat, move: moves[Math.floor(random() * moves.length)]! });
    }
  }
  if (!state || (state as MatchState).status !== "FINISHED") throw new Error(`seed ${seed}: not finished after ${maxCommands} commands`);
  return { log, states, final: state };
}
