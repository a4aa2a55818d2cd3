import type { Result } from "../engine/result.js";
import { err } from "../engine/result.js";
import type { Command, DecideContext } from "./commands.js";
import { only, type Decision } from "./follow-ups.js";
import { cannotJoin } from "./guards.js";
import type { Rejection } from "./rejection.js";
import type { MatchState } from "./state.js";

/** An open seat is taken; the service has checked the invitation. The last one starts the match (and its clock). */
export function joinSeat(command: Extract<Command, { type: "JoinSeat" }>, state: MatchState, ctx: DecideContext): Result<Decision, Rejection> {
  const refused = cannotJoin(state, command.seat, command.player, ctx.at);
  if (refused) return err(refused);
  return only(state, { type: "SeatJoined", data: { seat: command.seat, player: command.player } }, ctx);
}
