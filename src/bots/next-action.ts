import { createHash } from "node:crypto";
import { botFor } from "../engine/bots.js";
import { rulesOf } from "../match/rules.js";
import type { Command } from "../match/commands.js";
import { botLevelOf, isBot } from "../match/player-ref.js";
import { openSeats } from "../match/seating.js";
import type { MatchState } from "../match/state.js";

/** What a bot does next in a match: one seat's command, as a person's client would send it. */
export interface BotAction {
  readonly seat: number;
  readonly command: Command;
}

/**
 * A bot's seed for one decision: the same match, seat and version always give the same choice,
 * so a decision asked again (a retried stream batch, a restart mid-turn) is the same move, and
 * its idempotency key then makes it the same command.
 */
export const decisionSeed = (matchId: string, seat: number, version: number): number => createHash("sha256").update(`${matchId}:${seat}:${version}`).digest().readUInt32BE(0);

/**
 * The next thing a bot seat of the match does, or null when no bot is due. A bot answers an
 * offer made to its side first (a resignation or a draw, as its level judges it; a level with no
 * judgement declines), then plays when its seat is due: a roll, or one of its legal moves (before
 * a roll, a move legal then, such as a double, when its level wants one). It sees the state its
 * seat sees: every game here is one of perfect information, and no future roll is in it.
 */
export function nextBotAction(state: MatchState): BotAction | null {
  if (state.status === "FINISHED" || openSeats(state.seating).length > 0) return null;
  const ruleset = rulesOf(state);
  const botSeats = state.seating.flatMap((s, seat) => (isBot(s.player) ? [seat] : []));
  if (botSeats.length === 0) return null;
  const sides = ruleset.sides(state.game);
  const sideOf = (seat: number) => sides.findIndex((side) => side.seats.includes(seat));
  const botOf = (seat: number) => {
    const made = botFor(state.ruleset, botLevelOf(state.seating[seat]!.player!), decisionSeed(state.id, seat, state.version));
    if (!made.ok) throw new Error(`seat ${seat} of ${state.id}: ${made.error.message}`);
    return made.value;
  };

  const { offer } = state;
  if (offer) {
    const answering = botSeats.find((seat) => sideOf(seat) !== sideOf(offer.seat));
    if (answering !== undefined) {
      const bot = botOf(answering);
      if (offer.kind === "draw") return { seat: answering, command: { type: bot.acceptDraw?.(state.game, answering) ? "AcceptDraw" : "DeclineDraw", seat: answering } };
      const accept = bot.acceptResignation?.(state.game, answering, offer.value) ?? false;
      return { seat: answering, command: { type: accept ? "AcceptResignation" : "DeclineResignation", seat: answering } };
    }
  }

  const turn = ruleset.turn(state.game);
  if (turn.phase === "over") return null;
  for (const seat of turn.seats) {
    if (!botSeats.includes(seat)) continue;
    const moves = ruleset.legalMoves(state.game, seat);
    if (turn.phase === "roll") {
      const before = moves.length > 0 ? botOf(seat).choose(state.game, seat, moves) : null;
      return { seat, command: before === null ? { type: "RollDice", seat } : { type: "SubmitMove", seat, move: before } };
    }
    // No legal move: the match layer passes for the seat by itself.
    if (moves.length === 0) continue;
    const move = botOf(seat).choose(state.game, seat, moves);
    if (move !== null) return { seat, command: { type: "SubmitMove", seat, move } };
  }
  return null;
}
