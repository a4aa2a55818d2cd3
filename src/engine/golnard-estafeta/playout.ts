import { prng, rollDie } from "../bots/prng.js";
import type { Bot } from "../bots/progress-bot.js";
import type { EstafetaMove, EstafetaOptions } from "./options.js";
import { golnardEstafeta as rules } from "./ruleset.js";
import type { EstafetaState } from "./state.js";

/** One entry of a game's log, as the match layer would record it (moves normalized). */
export type LogEntry = { readonly dice: readonly number[] } | { readonly move: EstafetaMove } | { readonly pass: true };

export interface PlayedGame {
  readonly initial: EstafetaState;
  readonly log: readonly LogEntry[];
  readonly final: EstafetaState;
}

const unwrap = <T>(r: { ok: true; value: T } | { ok: false; error: { reason: string; message: string } }, what: string): T => {
  if (!r.ok) throw new Error(`${what}: ${r.error.reason} ${r.error.message}`);
  return r.value;
};

/**
 * Plays one game to its end through the Ruleset interface, the way the match layer drives it:
 * dice when `turn` asks for a roll (from a PRNG seeded with `diceSeed`), a pass when no action
 * is legal, otherwise the bot's action, recorded in its normalized form. `check` sees every state.
 */
export function playGame(
  options: Partial<EstafetaOptions>,
  diceSeed: number,
  bot: Bot,
  check: (state: EstafetaState, entry: LogEntry | null) => void = () => {},
  maxSteps = 1_000_000,
): PlayedGame {
  const parsed = rules.optionsSchema.parse(options);
  const initial = unwrap(rules.setup({ options: parsed }), "setup");
  const dice = prng(diceSeed);
  const log: LogEntry[] = [];
  let state = initial;
  check(state, null);
  for (let step = 0; step < maxSteps; step++) {
    const turn = rules.turn(state);
    if (turn.phase === "over") return { initial, log, final: state };
    let entry: LogEntry;
    if (turn.phase === "roll") {
      const values = Array.from({ length: turn.count }, () => rollDie(dice));
      state = unwrap(rules.applyDice(state, values), "applyDice");
      entry = { dice: values };
    } else {
      const moves = rules.legalMoves(state);
      if (moves.length === 0) {
        state = unwrap(rules.pass(state), "pass");
        entry = { pass: true };
      } else {
        const move = bot.choose(state, moves);
        // The match layer plays the move and records its normalized form; playing the recorded
        // form (route included) reaches the same state without a second search.
        const recorded = rules.normalize!(state, move);
        state = unwrap(rules.play(state, recorded), `play ${JSON.stringify(move)} as ${JSON.stringify(recorded)}`);
        entry = { move: recorded };
      }
    }
    log.push(entry);
    check(state, entry);
  }
  throw new Error(`game not over after ${maxSteps} steps`);
}

/** Rebuilds the final state from the initial one and the log, as a replay of the match log does. */
export function replayGame(initial: EstafetaState, log: readonly LogEntry[]): EstafetaState {
  let state = initial;
  for (const entry of log) {
    if ("dice" in entry) state = unwrap(rules.applyDice(state, entry.dice), "replay applyDice");
    else if ("pass" in entry) state = unwrap(rules.pass(state), "replay pass");
    else state = unwrap(rules.play(state, entry.move), `replay play ${JSON.stringify(entry.move)}`);
  }
  return state;
}
