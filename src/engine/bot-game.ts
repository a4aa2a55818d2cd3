import type { SeatBot } from "./common/seat-bot.js";
import { prng, rollDie } from "./common/prng.js";
import { getRuleset, type RulesetId } from "./registry.js";
import type { Json, RulesetOutcome } from "./ruleset.js";

export interface BotGame {
  readonly outcome: RulesetOutcome;
  readonly state: unknown;
  /** Moves the bots chose (passes, rolls and declined doubles not counted). */
  readonly moves: number;
  /** Every note the moves and dice produced, in order. */
  readonly notes: readonly { readonly type: string; readonly [key: string]: Json }[];
}

/**
 * One game between bots straight on a ruleset, without the match layer: for benchmarks and
 * tests that play thousands of games. Dice come from `seed` through a PRNG (never the server's
 * derivation: these games are not verifiable and need not be). Who acts when several seats may
 * is the lowest seat with a legal move, and an optional action before a roll is asked of the
 * roller first, as the service does. `botOf(seat)` gives each seat's bot. No clock: whoever
 * wants the bots' time wraps them.
 */
export function playBotGame(setup: {
  readonly ruleset: RulesetId;
  readonly options?: unknown;
  readonly seats?: number;
  readonly seed: number;
  readonly botOf: (seat: number) => SeatBot<unknown, Json>;
  readonly maxActions?: number;
  /** Sees the initial state, before any bot is asked (to map seats to sides, say). */
  readonly onStart?: (state: unknown) => void;
}): BotGame {
  const ruleset = getRuleset(setup.ruleset);
  const parsed = ruleset.optionsSchema.safeParse(setup.options ?? {});
  if (!parsed.success) throw new Error(`bad options: ${parsed.error.message}`);
  const created = ruleset.setup({ options: parsed.data, seats: setup.seats });
  if (!created.ok) throw new Error(`setup refused: ${created.error.message}`);
  let state: unknown = created.value;
  setup.onStart?.(state);
  const dice = prng(setup.seed);
  const notes: BotGame["notes"][number][] = [];
  let moves = 0;
  const ask = (seat: number, legal: readonly Json[]): Json | null => {
    const move = setup.botOf(seat).choose(state, seat, legal);
    if (move !== null) moves++;
    return move;
  };
  const apply = (result: { ok: true; value: { state: unknown; notes: readonly { type: string }[] } } | { ok: false; error: { message: string } }, what: string): void => {
    if (!result.ok) throw new Error(`seed ${setup.seed}: ${what} refused: ${result.error.message}`);
    state = result.value.state;
    notes.push(...(result.value.notes as BotGame["notes"]));
  };
  const max = setup.maxActions ?? 200_000;
  for (let i = 0; i < max; i++) {
    const outcome = ruleset.outcome(state);
    if (outcome) return { outcome, state, moves, notes };
    const turn = ruleset.turn(state);
    if (turn.phase === "over") throw new Error("over without an outcome");
    if (turn.phase === "roll") {
      if (ruleset.dice !== "d6") throw new Error("a roll is due in a dice-less ruleset");
      let acted = false;
      for (const seat of turn.seats) {
        const legal = ruleset.legalMoves(state, seat) as Json[];
        if (legal.length === 0) continue;
        const move = ask(seat, legal);
        if (move !== null) {
          apply(ruleset.play(state, seat, move), `${JSON.stringify(move)} by seat ${seat}`);
          acted = true;
          break;
        }
      }
      if (!acted) apply(ruleset.applyDice(state, Array.from({ length: turn.count }, () => rollDie(dice))), "dice");
      continue;
    }
    const pass = ruleset.mustPass(state);
    if (pass) {
      apply(ruleset.pass(state), "pass");
      continue;
    }
    let acted = false;
    for (const seat of turn.seats) {
      const legal = ruleset.legalMoves(state, seat) as Json[];
      if (legal.length === 0) continue;
      const move = ask(seat, legal);
      if (move === null) throw new Error(`seed ${setup.seed}: seat ${seat}'s bot chose nothing in a move phase`);
      apply(ruleset.play(state, seat, move), `${JSON.stringify(move)} by seat ${seat}`);
      acted = true;
      break;
    }
    if (!acted) throw new Error(`seed ${setup.seed}: seats ${turn.seats.join(", ")} must move but have no legal move`);
  }
  throw new Error(`seed ${setup.seed}: not finished after ${max} actions`);
}
