import { getRuleset, isRulesetId } from "../engine/registry.js";
import type { Result, RuleError } from "../engine/result.js";
import type { MatchEvent } from "./events.js";
import { upgradeOutcome } from "./outcome.js";
import type { MatchState } from "./state.js";

/** A log that the engine refuses to replay is corrupt: that is a bug or tampering, never user input. */
export class CorruptLogError extends Error {
  constructor(event: MatchEvent, reason: string) {
    super(`event ${event.version} (${event.type}) cannot be applied: ${reason}`);
    this.name = "CorruptLogError";
  }
}

function must<T>(event: MatchEvent, result: Result<T, RuleError>): T {
  if (!result.ok) throw new CorruptLogError(event, `${result.error.reason}: ${result.error.message}`);
  return result.value;
}

/** The game after `event`, as the ruleset computes it. */
function gameAfter(state: MatchState, event: Exclude<MatchEvent, { type: "MatchCreated" }>): unknown {
  const ruleset = getRuleset(state.ruleset);
  switch (event.type) {
    case "DiceRolled":
      if (ruleset.dice === "none") throw new CorruptLogError(event, `${state.ruleset} has no dice`);
      if (event.data.n !== state.rolls) throw new CorruptLogError(event, `expected roll ${state.rolls}`);
      return must(event, ruleset.applyDice(state.game, event.data.values)).state;
    case "MovePlayed": {
      // Rules see only moves their schema accepts, on replay as on a live command.
      const move = ruleset.moveSchema.safeParse(event.data.move);
      if (!move.success) throw new CorruptLogError(event, `the move does not fit ${state.ruleset}'s schema`);
      return must(event, ruleset.play(state.game, event.data.seat, move.data)).state;
    }
    case "TurnPassed":
      return must(event, ruleset.pass(state.game)).state;
    case "MatchFinished":
      return state.game;
    default: {
      const never: never = event;
      throw new Error(`unknown event ${JSON.stringify(never)}`);
    }
  }
}

/**
 * The match after `event`, given the game the event leads to. `decide` calls this with the game
 * it has just computed, so a command runs the rules once; replay computes the game first.
 */
export function advance(state: MatchState, event: Exclude<MatchEvent, { type: "MatchCreated" }>, game: unknown): MatchState {
  const next = { ...state, version: event.version, updatedAt: event.at, game };
  switch (event.type) {
    case "DiceRolled":
      return { ...next, status: "ACTIVE", rolls: state.rolls + 1 };
    case "MovePlayed":
      return { ...next, status: "ACTIVE" };
    case "TurnPassed":
      return next;
    case "MatchFinished": {
      const outcome = upgradeOutcome(event.data.outcome, getRuleset(state.ruleset).sides(game));
      return { ...next, status: "FINISHED", outcome, diceSeed: event.data.diceSeed };
    }
  }
}

/** Applies one committed event. Pure: the same log always rebuilds the same state. */
export function evolve(state: MatchState | null, event: MatchEvent): MatchState {
  if (event.type === "MatchCreated") {
    if (state) throw new CorruptLogError(event, "match already created");
    const { matchId, ruleset: id, options, seats, diceCommitment } = event.data;
    if (!isRulesetId(id)) throw new CorruptLogError(event, `unknown ruleset ${id}`);
    const ruleset = getRuleset(id);
    const parsed = ruleset.optionsSchema.safeParse(options);
    if (!parsed.success) throw new CorruptLogError(event, `the options do not fit ${id}'s schema`);
    const game = must(event, ruleset.setup({ options: parsed.data, seats }));
    return {
      id: matchId,
      ruleset: id,
      options,
      seats,
      version: event.version,
      createdAt: event.at,
      updatedAt: event.at,
      status: "WAITING",
      rolls: 0,
      diceCommitment,
      game,
      outcome: null,
      diceSeed: null,
    };
  }
  if (!state) throw new CorruptLogError(event, "match not created");
  if (event.version !== state.version + 1) throw new CorruptLogError(event, `expected version ${state.version + 1}`);
  return advance(state, event, gameAfter(state, event));
}

export const replay = (events: readonly MatchEvent[], from: MatchState | null = null): MatchState =>
  events.reduce<MatchState | null>(evolve, from) ?? (() => { throw new Error("empty log"); })();
