import { getRuleset, isRulesetId } from "../engine/registry.js";
import type { Result, RuleError } from "../engine/result.js";
import type { MatchEvent } from "./events.js";
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

/** Applies one committed event. Pure: the same log always rebuilds the same state. */
export function evolve(state: MatchState | null, event: MatchEvent): MatchState {
  if (event.type === "MatchCreated") {
    if (state) throw new CorruptLogError(event, "match already created");
    const { matchId, ruleset: id, options, seats, diceCommitment } = event.data;
    if (!isRulesetId(id)) throw new CorruptLogError(event, `unknown ruleset ${id}`);
    const game = must(event, getRuleset(id).setup({ options, seats }));
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
  const ruleset = getRuleset(state.ruleset);
  const next = { ...state, version: event.version, updatedAt: event.at };
  switch (event.type) {
    case "DiceRolled":
      if (event.data.n !== state.rolls) throw new CorruptLogError(event, `expected roll ${state.rolls}`);
      return { ...next, status: "ACTIVE", rolls: state.rolls + 1, game: must(event, ruleset.applyDice(state.game, event.data.values)) };
    case "MovePlayed":
      return { ...next, status: "ACTIVE", game: must(event, ruleset.play(state.game, event.data.move)) };
    case "TurnPassed":
      return { ...next, game: must(event, ruleset.pass(state.game)) };
    case "MatchFinished":
      return { ...next, status: "FINISHED", outcome: event.data.outcome, diceSeed: event.data.diceSeed };
    default: {
      const never: never = event;
      throw new Error(`unknown event ${JSON.stringify(never)}`);
    }
  }
}

export const replay = (events: readonly MatchEvent[], from: MatchState | null = null): MatchState =>
  events.reduce<MatchState | null>(evolve, from) ?? (() => { throw new Error("empty log"); })();
