import { rulesOf } from "./rules.js";
import { err, type Result } from "../engine/result.js";
import type { Command, DecideContext } from "./commands.js";
import { endingWith, only, withFollowUps, type Decision } from "./follow-ups.js";
import { cannotAbort, cannotAnswer, cannotOfferDraw, cannotOfferResignation, cannotResign } from "./guards.js";
import type { Rejection } from "./rejection.js";
import type { MatchState } from "./state.js";

/**
 * Ending a match by agreement or concession: draws offered and answered, resignations (of the
 * match at once, or, where the ruleset scores them, of the game for a value the opponent
 * accepts or declines) and aborts before every side has moved.
 */
type Agreement = Extract<Command, { type: "OfferDraw" | "AcceptDraw" | "DeclineDraw" | "Resign" | "AcceptResignation" | "DeclineResignation" | "Abort" }>;

export function decideAgreement(command: Agreement, state: MatchState, ctx: DecideContext): Result<Decision, Rejection> {
  const { seat } = command;
  switch (command.type) {
    case "OfferDraw":
      return unless(cannotOfferDraw(state, ctx.at), () => only(state, { type: "DrawOffered", data: { seat } }, ctx));
    case "AcceptDraw":
      return unless(cannotAnswer(state, "draw", seat, ctx.at), () =>
        endingWith(state, { type: "DrawAccepted", data: { seat } }, { reason: "drawAgreed", winningSides: [], detail: { offeredBy: state.offer!.seat, acceptedBy: seat } }, ctx),
      );
    case "DeclineDraw":
      return unless(cannotAnswer(state, "draw", seat, ctx.at), () => only(state, { type: "DrawDeclined", data: { seat } }, ctx));
    case "Resign":
      return command.value === undefined ? resignMatch(state, seat, ctx) : unless(cannotOfferResignation(state, command.value, ctx.at), () =>
        only(state, { type: "ResignationOffered", data: { seat, value: command.value! } }, ctx),
      );
    case "AcceptResignation":
      return unless(cannotAnswer(state, "resignation", seat, ctx.at), () => acceptResignation(state, seat, ctx));
    case "DeclineResignation":
      return unless(cannotAnswer(state, "resignation", seat, ctx.at), () => only(state, { type: "ResignationDeclined", data: { seat } }, ctx));
    case "Abort":
      return unless(cannotAbort(state), () =>
        endingWith(state, { type: "Aborted", data: { seat, cause: "requested" } }, { reason: "aborted", winningSides: [], detail: { cause: "requested", abortedBy: seat } }, ctx),
      );
    default: {
      const never: never = command;
      throw new Error(`unknown agreement ${JSON.stringify(never)}`);
    }
  }
}

const unless = (refused: Rejection | null, then: () => Result<Decision, Rejection>): Result<Decision, Rejection> => (refused ? err(refused) : then());

/** The side of `seat` loses; with more than two sides, every other side shares the win. */
function resignMatch(state: MatchState, seat: number, ctx: DecideContext): Result<Decision, Rejection> {
  return unless(cannotResign(state, ctx.at), () => {
    const sides = rulesOf(state).sides(state.game);
    const winningSides = sides.filter((side) => !side.seats.includes(seat)).map((side) => side.side);
    return endingWith(state, { type: "Resigned", data: { seat } }, { reason: "resignation", winningSides, detail: { resigned: seat } }, ctx);
  });
}

/** The ruleset scores the conceded game; the match ends only if that score ends it (then by resignation). */
function acceptResignation(state: MatchState, seat: number, ctx: DecideContext): Result<Decision, Rejection> {
  const ruleset = rulesOf(state);
  const offer = state.offer as Extract<MatchState["offer"], { kind: "resignation" }>;
  const conceded = ruleset.concede!(state.game, offer.seat, offer.value);
  if (!conceded.ok) throw new Error(`the ruleset refused a resignation it offered: ${conceded.error.reason} ${conceded.error.message}`);
  return withFollowUps(ruleset, state, { type: "ResignationAccepted", data: { seat, resigned: offer.seat, value: offer.value } }, conceded.value.state, ctx, "resignation");
}
