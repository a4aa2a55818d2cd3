import { getRuleset, isRulesetId, RULESETS } from "../engine/registry.js";
import { ok, type Result } from "../engine/result.js";
import { describeIssues } from "../input-issues.js";
import type { Command, DecideContext } from "./commands.js";
import type { EventData, MatchEvent } from "./events.js";
import { evolve } from "./evolve.js";
import type { Decision } from "./follow-ups.js";
import { reject, type Rejection } from "./rejection.js";
import { isBot } from "./player-ref.js";
import { timeControlSchema } from "./time-control.js";

type CreateMatch = Extract<Command, { type: "CreateMatch" }>;

/** Validates the ruleset, its options, the time control and who sits where, and records them in MatchCreated. */
export function createMatch(command: CreateMatch, ctx: DecideContext): Result<Decision, Rejection> {
  if (!isRulesetId(command.ruleset)) {
    return reject("BAD_USER_INPUT", `unknown ruleset "${command.ruleset}"; known: ${RULESETS.join(", ")}`);
  }
  const ruleset = getRuleset(command.ruleset);
  const options = ruleset.optionsSchema.safeParse(command.options ?? {});
  if (!options.success) {
    const { message, issues } = describeIssues(options.error, `invalid options for ${command.ruleset}`);
    return reject("BAD_USER_INPUT", message, { issues });
  }
  const game = ruleset.setup({ options: options.data, seats: command.seats });
  if (!game.ok) return reject("BAD_USER_INPUT", game.error.message, { reason: game.error.reason });
  const seats = ruleset.sides(game.value).reduce((n, side) => n + side.seats.length, 0);

  let timeControl: EventData["MatchCreated"]["timeControl"];
  if (command.timeControl !== undefined && command.timeControl !== null) {
    const parsed = timeControlSchema.safeParse(command.timeControl);
    if (!parsed.success) {
      const { message, issues } = describeIssues(parsed.error, "invalid time control");
      return reject("BAD_USER_INPUT", message, { issues });
    }
    timeControl = parsed.data;
  }

  const open = command.open ?? [];
  const players = command.players ?? [];
  const claimed = [...open.map((o) => o.seat), ...players.map((p) => p.seat)];
  const outOfRange = claimed.find((seat) => !Number.isInteger(seat) || seat < 0 || seat >= seats);
  if (outOfRange !== undefined) return reject("BAD_USER_INPUT", `a ${command.ruleset} match of these options has seats 0 to ${seats - 1}, not ${outOfRange}`);
  if (new Set(claimed).size !== claimed.length) return reject("BAD_USER_INPUT", "a seat is named twice among the open seats and the creator's");
  const reserved = open.flatMap((o) => (o.reservedFor ? [o.reservedFor.id] : []));
  const people = players.filter((p) => !isBot(p.player));
  if (new Set([...reserved, ...people.map((p) => p.player.id)]).size !== reserved.length + people.length) {
    return reject("BAD_USER_INPUT", "a player may hold or be invited to one seat of a match only");
  }
  if (open.length > 0 && (!command.invitationsExpireAt || Date.parse(command.invitationsExpireAt) <= Date.parse(ctx.at))) {
    return reject("BAD_USER_INPUT", "open seats need an expiry for their invitations, after now");
  }

  const data: EventData["MatchCreated"] = {
    matchId: command.matchId,
    ruleset: command.ruleset,
    rulesVersion: ruleset.rulesVersion,
    options: options.data,
    seats,
    diceCommitment: command.diceCommitment,
    ...(timeControl ? { timeControl } : {}),
    ...(open.length > 0
      ? { open: open.map((o) => ({ seat: o.seat, expiresAt: command.invitationsExpireAt!, ...(o.reservedFor ? { reservedFor: o.reservedFor } : {}) })) }
      : {}),
    ...(players.length > 0 ? { players: players.map((p) => ({ seat: p.seat, player: p.player })) } : {}),
  };
  const event: MatchEvent = { version: 1, at: ctx.at, type: "MatchCreated", data };
  return ok({ events: [event], state: evolve(null, event) });
}
