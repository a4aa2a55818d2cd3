import { MATCH_STATUSES } from "../match/state.js";
import * as z from "../zod.js";
import { MatchEventSchema, MatchViewSchema, PlayerSchema } from "./match-view-schema.js";
import { dateTime, field, graphqlOnly, meta, named, seatNumber } from "./schema-meta.js";

/** What the commands that hand out credentials answer, the inbox and the log's pages, as zod schemas (as match-view-schema.ts). */
export const SeatCredentialSchema = named(
  z.object({
    seat: meta(seatNumber, "Seat number, from 0."),
    token: meta(z.string(), "Send as `Authorization: Bearer <token>` to act for this seat."),
  }),
  "SeatCredential",
  "The bearer token of one seat.",
);

export const InvitationSchema = named(
  z.object({
    seat: meta(seatNumber, "The open seat."),
    code: meta(z.string(), "The code (`tbi_...`) `joinMatch` takes; whoever has it may take the seat. Shown only here."),
    expiresAt: dateTime("When it lapses (ISO 8601); a match still waiting then is aborted."),
    reservedFor: meta(z.nullable(PlayerSchema), "The one player who may take the seat, for a challenge."),
    link: meta(z.nullable(z.string()), "`invitationLink` filled in with the match and the code; null without one."),
  }),
  "Invitation",
  "What a site shows to invite someone to an open seat.",
);

export const CreateMatchPayloadSchema = named(
  z.object({
    match: field(MatchViewSchema, "The match as a spectator sees it (`seat` is null)."),
    seats: meta(z.array(SeatCredentialSchema), "One credential per seat not left open, in seat order. Keep them secret: a token acts for its seat."),
    invitations: meta(z.array(InvitationSchema), "One invitation per open seat."),
  }),
  "CreateMatchPayload",
  "A new match and its seat credentials.",
);

export const JoinMatchPayloadSchema = named(
  z.object({
    match: field(MatchViewSchema, "The match as the new seat sees it."),
    seat: meta(seatNumber, "The seat taken."),
    token: meta(z.string(), "The seat's own token, shown only here (a player token acts for the seat as well)."),
  }),
  "JoinMatchPayload",
  "A seat taken.",
);

/** REST answers the player with its creation time; GraphQL's payload has it beside the player. */
export const CreatePlayerResponseSchema = named(
  z.object({
    player: meta(
      z.object({ id: meta(z.string(), "Opaque player id (used to reserve a seat for it)."), name: meta(z.string(), "Its name."), createdAt: dateTime("When it was created (ISO 8601, UTC).") }),
      "The player.",
    ),
    token: meta(z.string(), "`tbp_...`: send as `Authorization: Bearer <token>`; it acts for every seat the player holds. Shown only here."),
  }),
  "CreatePlayerResponse",
  "A new player and its token.",
  "rest",
);

export const CreatePlayerPayloadSchema = named(
  z.object({
    player: field(PlayerSchema, "The player."),
    createdAt: dateTime("When it was created (ISO 8601, UTC)."),
    token: meta(z.string(), "Send as `Authorization: Bearer <token>`: it acts for every seat the player holds. Shown only here."),
  }),
  "CreatePlayerPayload",
  "A new player and its token.",
  "graphql",
);

export const SeatPlayerSchema = named(
  z.object({ seat: meta(seatNumber, "The seat."), player: field(PlayerSchema, "The player.") }),
  "SeatPlayer",
  "A seat and its player.",
);

export const InboxEntrySchema = named(
  z.object({
    playerId: meta(z.string(), "The player whose inbox this is.", "ID"),
    matchId: meta(z.string(), "The match id.", "ID"),
    ruleset: meta(z.string(), "Its ruleset."),
    seat: meta(seatNumber, "The player's seat (or the seat it is invited to)."),
    invited: meta(z.boolean(), "The seat is reserved for the player, who has not taken it yet."),
    status: meta(z.enum(MATCH_STATUSES), "The match's status.", "MatchStatus"),
    toMove: meta(z.boolean(), "The match waits for the player's seat now."),
    deadline: meta(z.nullable(z.iso.datetime()), "When the match ends by itself if nobody acts; null: never."),
    finishedAt: meta(z.nullable(z.iso.datetime()), "When the match ended; null while it goes on."),
    players: meta(z.readonly(z.array(SeatPlayerSchema)), "Who sits where (seats with a player)."),
    match: graphqlOnly(z.optional(MatchViewSchema), "The match itself, as the player's seat sees it (one more read per entry).", "Match"),
  }),
  "InboxEntry",
  "One match as a player's inbox shows it.",
);

export const InboxPageSchema = named(
  z.object({
    entries: meta(z.array(InboxEntrySchema), "The player's matches, in inbox order."),
    next: meta(z.nullable(z.string()), "Pass as `after` for the next page; null on the last one."),
  }),
  "InboxPage",
  "A page of a player's inbox.",
);

export const EventsPageSchema = named(
  z.object({
    events: meta(z.array(MatchEventSchema), "The page's events, oldest first."),
    hasMore: meta(z.boolean(), "Whether events follow this page."),
    next: meta(z.nullable(z.number().check(z.int(), z.positive())), "The `after` of the next page; null on the last page."),
  }),
  "EventsPage",
  "A page of the match log.",
  "rest",
);

export const MatchUpdateSchema = named(
  z.object({
    version: meta(z.number().check(z.int(), z.positive()), "The event's version (= `event.version`)."),
    event: field(MatchEventSchema, "The committed event."),
    match: field(MatchViewSchema, "The match as it stood right after this event, from the subscriber's seat (or as a spectator)."),
  }),
  "MatchUpdate",
  "One committed event and the match right after it, as the subscriber may see it (Server-Sent Events send the same as `data:`).",
);

export const PAYLOAD_SCHEMAS = [
  SeatCredentialSchema,
  InvitationSchema,
  CreateMatchPayloadSchema,
  JoinMatchPayloadSchema,
  CreatePlayerResponseSchema,
  CreatePlayerPayloadSchema,
  SeatPlayerSchema,
  InboxEntrySchema,
  InboxPageSchema,
  EventsPageSchema,
  MatchUpdateSchema,
] as const;
