import { rulesOf } from "./rules.js";
import type { Json, Note } from "../engine/ruleset.js";
import { err, type Result, type RuleError } from "../engine/result.js";
import type { ErrorCode } from "../errors.js";
import { describeIssues } from "../input-issues.js";
import { decideAgreement } from "./agreements.js";
import type { Command, DecideContext } from "./commands.js";
import { createMatch } from "./create.js";
import { endingWith, withFollowUps, type Decision } from "./follow-ups.js";
import { notInPlay } from "./guards.js";
import { joinSeat } from "./join.js";
import { reject, type Rejection } from "./rejection.js";
import type { MatchState } from "./state.js";
import { cannotTimeOut, timeoutEvents } from "./timeout.js";

export type { Decision } from "./follow-ups.js";
export type { Rejection } from "./rejection.js";

/**
 * Decides which events a command produces and the state they lead to, running the rules once:
 * one `play` (or `applyDice`), then a cheap `mustPass` for the automatic follow-ups. Pure: time,
 * ids and dice come in as arguments, and every deadline is judged by `ctx.at`.
 */
export function decide(command: Command, state: MatchState | null, ctx: DecideContext): Result<Decision, Rejection> {
  if (command.type === "CreateMatch") return createMatch(command, ctx);
  if (!state) return reject("NOT_FOUND", "no such match");
  switch (command.type) {
    case "JoinSeat":
      return joinSeat(command, state, ctx);
    case "RollDice":
      return rollDice(command, state, ctx);
    case "SubmitMove":
      return submitMove(command, state, ctx);
    case "OfferDraw":
    case "AcceptDraw":
    case "DeclineDraw":
    case "Resign":
    case "AcceptResignation":
    case "DeclineResignation":
    case "Abort":
      return decideAgreement(command, state, ctx);
    case "ClaimTimeout":
      return timeOut(state, command.seat, ctx);
    case "Timeout":
      return timeOut(state, null, ctx);
    default: {
      const never: never = command;
      throw new Error(`unknown command ${JSON.stringify(never)}`);
    }
  }
}

/** Notes ride on an event only when there are some, so a log without notes reads as before. */
const withNotes = (notes: readonly Note[]): { notes?: Note[] } => (notes.length > 0 ? { notes: [...notes] } : {});

const seatsText = (seats: readonly number[]): string => seats.join(" or ");

function rollDice(command: Extract<Command, { type: "RollDice" }>, state: MatchState, ctx: DecideContext): Result<Decision, Rejection> {
  const ruleset = rulesOf(state);
  if (ruleset.dice === "none") return reject("NO_DICE_IN_RULESET", `${state.ruleset} is played without dice: submit a move`);
  const turn = ruleset.turn(state.game);
  if (turn.phase === "over" || state.status === "FINISHED") return reject("MATCH_FINISHED", "the match is over");
  const refused = notInPlay(state, ctx.at);
  if (refused) return err(refused);
  if (!turn.seats.includes(command.seat)) {
    return reject("NOT_YOUR_TURN", `seat ${seatsText(turn.seats)} is to ${turn.phase}`, { toMove: turn.seats[0], toAct: [...turn.seats] });
  }
  if (turn.phase === "move") {
    if (ruleset.diceLeft(state.game) !== null) return reject("ALREADY_ROLLED", "the dice are rolled; submit a move");
    return reject("DICE_NOT_DUE", `no dice are due now (${turn.awaiting}): submit a move`, { awaiting: turn.awaiting });
  }
  const values = ctx.roll(state.rolls, turn.count);
  const rolled = ruleset.applyDice(state.game, values);
  if (!rolled.ok) throw new Error(`the server's roll was refused: ${rolled.error.reason} ${rolled.error.message}`);
  const data = { seat: command.seat, n: state.rolls, values, ...withNotes(rolled.value.notes) };
  return withFollowUps(ruleset, state, { type: "DiceRolled", data }, rolled.value.state, ctx);
}

/** Which API code a ruleset's refusal of a move maps to; everything else is an illegal move. */
const REASON_CODES: Readonly<Record<string, ErrorCode>> = {
  NO_DICE: "DICE_NOT_ROLLED",
  NOT_YOUR_TURN: "NOT_YOUR_TURN",
  UNPARSEABLE_MOVE: "BAD_USER_INPUT",
  GAME_OVER: "MATCH_FINISHED",
};
const refusal = (error: RuleError): Result<never, Rejection> => reject(REASON_CODES[error.reason] ?? "ILLEGAL_MOVE", error.message, { reason: error.reason });

function submitMove(command: Extract<Command, { type: "SubmitMove" }>, state: MatchState, ctx: DecideContext): Result<Decision, Rejection> {
  const ruleset = rulesOf(state);
  const turn = ruleset.turn(state.game);
  if (turn.phase === "over" || state.status === "FINISHED") return reject("MATCH_FINISHED", "the match is over");
  const refused = notInPlay(state, ctx.at);
  if (refused) return err(refused);
  if (!turn.seats.includes(command.seat)) {
    return reject("NOT_YOUR_TURN", `seat ${seatsText(turn.seats)} is to ${turn.phase}`, { toMove: turn.seats[0], toAct: [...turn.seats] });
  }
  const parsed = ruleset.moveSchema.safeParse(command.move);
  if (!parsed.success) {
    const { message, issues } = describeIssues(parsed.error, `malformed move for ${state.ruleset}`);
    return reject("BAD_USER_INPUT", message, { issues });
  }
  const played = ruleset.play(state.game, command.seat, parsed.data);
  if (!played.ok) return refusal(played.error);
  const { move, notes, state: game } = played.value;
  const data = { seat: command.seat, move: move as Json, ...withNotes(notes) };
  return withFollowUps(ruleset, state, { type: "MovePlayed", data }, game, ctx);
}

/** A passed deadline, claimed by a seat or found by the server's sweep (`seat` null). */
function timeOut(state: MatchState, seat: number | null, ctx: DecideContext): Result<Decision, Rejection> {
  const refused = cannotTimeOut(state, ctx.at);
  if (refused) return err(refused);
  const { event, ending } = timeoutEvents(state, ctx.at, seat);
  return endingWith(state, event, ending, ctx);
}
