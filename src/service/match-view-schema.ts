import { type Json, PASS_REASONS } from "../engine/ruleset.js";
import { EVENT_TYPES } from "../match/events.js";
import { OFFER_KINDS } from "../match/offer.js";
import { OUTCOME_REASONS } from "../match/outcome.js";
import { MATCH_STATUSES } from "../match/state.js";
import { CORRESPONDENCE_DAYS, MAX_BANK_MINUTES, MAX_MINUTES_PER_MOVE } from "../match/time-control.js";
import * as z from "../zod.js";
import { dateTime, int, json, meta, named, seatNumber } from "./schema-meta.js";

/**
 * What a viewer sees of a match, as zod schemas: the TypeScript types (`z.infer`), the OpenAPI
 * components (src/api/rest/openapi.ts) and the SDL's object types (schema/sync.ts) all come from
 * here. Nothing parses a view with them: a view is built field by field (match-view.ts). Each
 * schema's `id` is its component and GraphQL type name; `graphql` in a field's metadata names the
 * GraphQL type where the JSON type does not say it.
 */
export const MatchStatusSchema = named(z.enum(MATCH_STATUSES), "MatchStatus", "The phase of a match.");

export const PlayerSchema = named(
  z.object({ id: meta(z.string(), "Opaque player id (used to reserve a seat for it).", "ID"), name: meta(z.string(), "Its name.") }),
  "Player",
  "A player as matches show it.",
);

export const SideSchema = named(
  z.object({
    side: meta(z.string(), 'The side\'s name in its ruleset, e.g. "white", "home", "team2".'),
    seats: meta(z.readonly(z.array(seatNumber)), "Its seats, in seat order."),
  }),
  "Side",
  "One side of a game (a player, a team) and the seats that play for it.",
);

export const SeatViewSchema = named(
  z.object({
    seat: meta(seatNumber, "The seat."),
    player: meta(z.nullable(PlayerSchema), "The player holding it; null while open or when taken without a player."),
    open: meta(z.boolean(), "Whether it waits for someone to join."),
    invitationExpiresAt: meta(z.nullable(z.iso.datetime()), "When its invitation lapses, while open."),
    reservedFor: meta(z.nullable(PlayerSchema), "The one player who may take it, while open."),
  }),
  "Seat",
  "Who holds a seat.",
);

export const SeatClockSchema = named(
  z.object({
    seat: meta(seatNumber, "The seat."),
    deadline: meta(z.nullable(z.iso.datetime()), "When its time runs out; null while it is not to act."),
    bankSeconds: meta(z.number().check(z.int(), z.nonnegative()), "What is left of its bank, in seconds."),
  }),
  "SeatClock",
  "One seat's clock.",
);

export const ClockViewSchema = named(
  z.object({
    daysPerMove: meta(z.nullable(int.check(z.meta({ enum: [...CORRESPONDENCE_DAYS] }))), "Days per move (correspondence), or null."),
    minutesPerMove: meta(z.nullable(z.intBetween(1, MAX_MINUTES_PER_MOVE)), "Minutes per move (live play), or null."),
    bankMinutes: meta(z.intBetween(0, MAX_BANK_MINUTES), "The bank each seat started with."),
    seats: meta(z.array(SeatClockSchema), "Each seat's deadline and bank."),
  }),
  "Clock",
  "The clock of a match with a time control.",
);

export const OfferSchema = named(
  z.object({
    kind: meta(z.enum(OFFER_KINDS), '"draw" or "resignation".', "String"),
    seat: meta(seatNumber, "The seat that offered."),
    value: meta(z.optional(z.string()), 'For a resignation: what it offers (e.g. "gammon").'),
  }),
  "Offer",
  "An offer awaiting its answer.",
);

export const OutcomeSchema = named(
  z.object({
    reason: meta(z.enum(OUTCOME_REASONS), "Why the match ended."),
    winningSide: meta(z.nullable(z.string()), "The winning side; null for a draw or a shared first place."),
    winners: meta(z.readonly(z.array(seatNumber)), "Seats of every side that won or shares the win."),
    winner: meta(z.nullable(seatNumber), "The winning seat when the winning side has one seat."),
    detail: json("Ruleset-specific: points, score, ranking, how it ended."),
  }),
  "Outcome",
  "How a match ended.",
  "rest",
);

export const MatchViewSchema = named(
  z.object({
    id: meta(z.string(), "Opaque match id.", "ID"),
    ruleset: meta(z.string(), 'The ruleset id, e.g. "backgammon".'),
    rulesVersion: meta(z.number().check(z.int(), z.positive()), "The version of the ruleset's rules the match is played under, as its MatchCreated recorded it (docs/records.md): it keeps replaying under them when the rules change."),
    status: meta(z.enum(MATCH_STATUSES), "WAITING until every seat is taken and the first roll or move, ACTIVE while playing, FINISHED once decided.", "MatchStatus"),
    version: meta(
      z.number().check(z.int(), z.positive()),
      "Number of events in the log (the last event's version). Changes with every accepted command; pass it as `expectedVersion` to make a move conditional on nothing having happened since.",
    ),
    seats: meta(z.number().check(z.int(), z.positive()), "Number of seats in the match."),
    sides: meta(z.readonly(z.array(SideSchema)), "Every side and the seats that play for it (backgammon and the relay: one seat per side)."),
    seat: meta(z.nullable(seatNumber), "The viewer's seat (from the bearer token), or null for a spectator."),
    side: meta(z.nullable(z.string()), "The viewer's side, or null for a spectator."),
    toMove: meta(z.nullable(seatNumber), "The seat that must act now, or null when several seats may (an opening roll) or none (finished, or a seat still open)."),
    toAct: meta(z.readonly(z.array(seatNumber)), "Every seat that may act now (several at an opening roll); empty once finished and while a seat is open."),
    phase: meta(
      z.enum(["roll", "move", "over"]),
      '"roll" while `rollDice` is due (some rulesets also list moves allowed before the roll, such as a double), "move" while a move is due, "over" once finished.',
      "String",
    ),
    awaiting: meta(
      z.string(),
      'What the game waits for now, from the ruleset\'s closed set (`Query.ruleset(id).awaiting`, `GET /api/rulesets/{id}`), e.g. "openingRoll", "takeOrDrop", "throwIn", "secondary"; "over" once finished. Clients should switch on this rather than guess from an empty `legalMoves`.',
    ),
    dice: meta(z.nullable(z.array(int)), "The dice the seat to move may still use, or null when no dice are in play."),
    legalMoves: meta(
      z.array(z.custom<Json>()),
      "Every move the viewer may submit right now, in the ruleset's notation. Empty unless the viewer is the seat to act (so spectators always see an empty list).",
      "[JSON!]",
    ).check(
      z.meta({
        graphqlArguments: [
          {
            name: "piece",
            type: "String",
            description: "Only the moves of this piece (one of `movablePieces`), and the moves of no one piece (ending the turn, the ball's own moves). Omitted: every move.",
          },
        ],
      }),
    ),
    movablePieces: meta(
      z.array(z.string()),
      "The pieces the viewer may move now (tokens, numbered pieces), each once: `legalMoves(piece:)` (REST: `?piece=`) lists one piece's moves. Empty where the ruleset has no pieces (backgammon's plays move several checkers) or the viewer may not act.",
    ),
    state: json("A drawable view of the game for this viewer (ruleset-specific JSON)."),
    winner: meta(z.nullable(seatNumber), "The winning seat once finished, when the winning side has one seat; null otherwise (playing, a draw, a team)."),
    result: meta(
      z.nullable(OutcomeSchema),
      "The outcome once finished: `{reason, winningSide, winners, winner, detail}`: why it ended (played, timeout, resignation, drawAgreed or aborted), the winning side (null for a draw, a shared first place or an abort), the seats of every side that won or shares the win, the winning seat as in `winner`, and detail (the ruleset's points, score, ranking; for a match ended by the players or the clock, who resigned, ran out of time or offered).",
      "JSON",
    ),
    diceCommitment: meta(
      z.string(),
      "SHA-256 (hex) of the secret dice seed, published at creation. Every roll is derived from the seed, so once it is revealed anyone can check that no roll was chosen.",
    ),
    diceSeed: meta(z.nullable(z.string()), "The dice seed (hex), revealed when the match is finished; null before."),
    createdAt: dateTime("When the match was created (ISO 8601, UTC)."),
    updatedAt: dateTime("When the last event was appended (ISO 8601, UTC)."),
    seating: meta(z.array(SeatViewSchema), "Who holds each seat (the players' names where known), and which seats are open."),
    clock: meta(z.nullable(ClockViewSchema), "The time control and each seat's deadline; null for a match without one."),
    deadline: meta(
      z.nullable(z.iso.datetime()),
      "When the match ends by itself if the seats due do not act: the first deadline of its clock, or, while a seat is open, when the invitations lapse. Null: never.",
    ),
    offer: meta(z.nullable(OfferSchema), "A draw or resignation offer awaiting its answer."),
    drawAllowed: meta(z.boolean(), "Whether a draw may be offered in this match."),
  }),
  "Match",
  "A match as the viewer (a seat, or a spectator without token) may see it.",
);

export const MatchEventSchema = named(
  z.object({
    version: meta(z.number().check(z.int(), z.positive()), "Position in the log, from 1, without gaps."),
    type: meta(z.enum(EVENT_TYPES), `Event types: ${EVENT_TYPES.join(", ")}.`, "String"),
    at: dateTime("When it was appended (ISO 8601, UTC)."),
    data: json(
      "The event's payload (JSON): `{matchId, ruleset, rulesVersion, options, seats, diceCommitment, timeControl?, open?, players?}` for MatchCreated (`rulesVersion`, the version of the ruleset's rules the match is played under, is absent in logs written before it existed: version 1); `{seat, player}` for SeatJoined; `{seat, n, values}` for DiceRolled; `{seat, move, notes?}` for MovePlayed, where `notes` lists what the move did (`{type: \"goal\", ...}`; the ruleset's `notes` set); `{seat, reason}` for TurnPassed; `{seat}` for DrawOffered, DrawDeclined, DrawAccepted, ResignationDeclined and Resigned; `{seat, value}` for ResignationOffered; `{seat, resigned, value}` for ResignationAccepted; `{seats, claimedBy}` for TimedOut; `{seat, cause}` for Aborted; `{outcome, diceSeed}` for MatchFinished.\n\n" +
        `Pass reasons: ${PASS_REASONS.join(", ")}.`,
    ),
  }),
  "MatchEvent",
  "One entry of a match log.",
);

/** The schemas of what a viewer sees, by component and GraphQL type name. */
export const VIEW_SCHEMAS = [MatchStatusSchema, PlayerSchema, SideSchema, SeatViewSchema, SeatClockSchema, ClockViewSchema, OfferSchema, OutcomeSchema, MatchViewSchema, MatchEventSchema] as const;
