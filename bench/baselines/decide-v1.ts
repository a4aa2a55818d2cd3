import { getRuleset } from "../../src/engine/registry.js";
import type { Json } from "../../src/engine/ruleset.js";
import type { Command } from "../../src/match/commands.js";
import { evolve } from "../../src/match/evolve.js";
import type { MatchEvent } from "../../src/match/events.js";
import type { MatchState } from "../../src/match/state.js";
import { toMatchView } from "../../src/service/match-view.js";

/**
 * The rules work one command cost before the v2 contract, reproduced call for call with today's
 * engine functions so that `bench/suites/commands.ts` can run both paths in one process: a move
 * ran `play` to judge it, once more to record its canonical form (`normalize` resolved it again),
 * a third time when `decide` applied the event to look for follow-ups, and a fourth when the
 * service evolved the committed events; each follow-up check listed every legal move of the
 * next seat; the answer listed the asker's moves once more.
 */
export function commandV1(state: MatchState, command: Extract<Command, { type: "RollDice" | "SubmitMove" }>, events: readonly MatchEvent[]): unknown {
  const ruleset = getRuleset(state.ruleset);
  if (command.type === "SubmitMove") {
    ruleset.play(state.game, command.seat, command.move);
    ruleset.play(state.game, command.seat, command.move);
  }
  // decide's follow-up loop: apply each new event, then ask for outcome and list the next seat's moves.
  let current = state;
  for (const event of events) {
    current = evolve(current, event);
    const turn = ruleset.turn(current.game);
    if (!ruleset.outcome(current.game) && turn.phase === "move") ruleset.legalMoves(current.game, turn.seats[0]!);
  }
  // The service evolved the committed events again, then built the answer.
  const next = events.reduce<MatchState>(evolve, state);
  return toMatchView(next, command.seat).legalMoves as Json[];
}
