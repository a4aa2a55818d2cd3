import { MATCH_STATUSES } from "../match/state.js";
import { OutcomeSchema, PlayerSchema } from "../service/match-view-schema.js";
import { dateTime, field, meta, named, seatNumber } from "../service/schema-meta.js";
import * as z from "../zod.js";

/**
 * What a webhook can be told: a closed set, so a receiver can switch on `type` and a
 * registration can list what it wants. Each has its payload schema below; adding one means a
 * schema here and a case in from-log.ts (or clock-warning.ts), and nowhere else.
 */
export const WEBHOOK_EVENT_TYPES = [
  /** Any committed event of the match: its version, who is to act, the notes of a roll, move or pass. */
  "match.updated",
  /** To a player (or the seat of a match webhook): its seat became one of those to act. Once per turn. */
  "match.yourTurn",
  /** The match ended: its outcome. */
  "match.finished",
  /** An open seat was taken. */
  "invitation.accepted",
  /** A seat's deadline is near (the webhook's lead time before it). */
  "clock.warning",
  /** Sent on request, to check a receiver and its secret. */
  "webhook.test",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

// The fields most events share, so a receiver reads every match event the same way.
const matchId = meta(z.string(), "The match's opaque id.");
const ruleset = meta(z.string(), 'The ruleset id, e.g. "backgammon".');
const version = meta(z.number().check(z.int(), z.positive()), "The version of the log this event comes from (its committed event's version).");
const status = meta(z.enum(MATCH_STATUSES), "The match's status after that event.");
const toMove = meta(z.nullable(seatNumber), "The seat that must act now, or null when several may or none.");
const toAct = meta(z.array(seatNumber), "Every seat that may act now; empty once finished and while a seat is open.");
// A note is its ruleset's: a `type` from the ruleset's closed `notes` set and data of its own.
const note = z.looseObject({ type: meta(z.string(), 'The note\'s type, from the ruleset\'s `notes` set (e.g. "goal").') });

export const MatchUpdatedDataSchema = named(
  z.object({
    matchId,
    ruleset,
    version,
    status,
    toMove,
    toAct,
    event: meta(z.string(), 'The log event\'s type, e.g. "MovePlayed", "DiceRolled", "SeatJoined".'),
    seat: meta(z.nullable(seatNumber), "The seat whose action it was, or null for the server's own (a sweep's timeout, an abort)."),
    notes: meta(z.array(note), 'What a roll, move or pass did (the ruleset\'s `notes` set, e.g. `{type: "goal", ...}`); empty for other events.'),
  }),
  "WebhookMatchUpdatedData",
  "A match moved on by one committed event.",
);

export const MatchYourTurnDataSchema = named(
  z.object({
    matchId,
    ruleset,
    version,
    status,
    toMove,
    toAct,
    seats: meta(z.array(seatNumber), "The subscriber's seats that just became due to act, in seat order."),
    deadline: meta(z.nullable(z.iso.datetime()), "When the first of those seats runs out of time; null without a clock."),
  }),
  "WebhookMatchYourTurnData",
  "It is the subscriber's turn.",
);

export const MatchFinishedDataSchema = named(
  z.object({ matchId, ruleset, version, status, outcome: field(OutcomeSchema, "How the match ended.") }),
  "WebhookMatchFinishedData",
  "A match ended.",
);

export const InvitationAcceptedDataSchema = named(
  z.object({
    matchId,
    ruleset,
    version,
    status,
    seat: meta(seatNumber, "The seat taken."),
    player: meta(z.nullable(PlayerSchema), "The player who took it, or null when taken anonymously (with the invitation only)."),
    openSeats: meta(z.array(seatNumber), "The seats still open after it; the match starts once none is."),
  }),
  "WebhookInvitationAcceptedData",
  "An open seat was taken.",
);

export const ClockWarningDataSchema = named(
  z.object({
    matchId,
    ruleset,
    version,
    seat: meta(seatNumber, "The seat whose time runs out."),
    player: meta(z.nullable(PlayerSchema), "The player holding it, or null."),
    deadline: dateTime("When its time runs out (ISO 8601); past it the seat loses on time."),
  }),
  "WebhookClockWarningData",
  "A seat's deadline is near.",
);

export const WebhookTestDataSchema = named(
  z.object({ webhookId: meta(z.string(), "The webhook the test was sent to.") }),
  "WebhookTestData",
  "A test delivery: nothing happened in any match.",
);

const DATA_SCHEMAS = {
  "match.updated": MatchUpdatedDataSchema,
  "match.yourTurn": MatchYourTurnDataSchema,
  "match.finished": MatchFinishedDataSchema,
  "invitation.accepted": InvitationAcceptedDataSchema,
  "clock.warning": ClockWarningDataSchema,
  "webhook.test": WebhookTestDataSchema,
} as const satisfies { readonly [T in WebhookEventType]: z.ZodMiniType };

/** The name of a payload's schema: `match.yourTurn` -> WebhookMatchYourTurn. */
const schemaId = (type: WebhookEventType): string =>
  `Webhook${type
    .split(".")
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join("")}`;

/** The envelope the Standard Webhooks spec recommends: `{type, timestamp, data}`. */
const payloadSchema = <T extends WebhookEventType, D extends z.ZodMiniType>(type: T, data: D) =>
  named(
    z.object({
      type: meta(z.literal(type), "The event type."),
      timestamp: dateTime("When it happened (ISO 8601): the committed event's time, or when a clock warning fell due."),
      data: field(data, "What happened."),
    }),
    schemaId(type),
    `The body of a \`${type}\` delivery.`,
  );

export const WEBHOOK_PAYLOAD_SCHEMAS = {
  "match.updated": payloadSchema("match.updated", DATA_SCHEMAS["match.updated"]),
  "match.yourTurn": payloadSchema("match.yourTurn", DATA_SCHEMAS["match.yourTurn"]),
  "match.finished": payloadSchema("match.finished", DATA_SCHEMAS["match.finished"]),
  "invitation.accepted": payloadSchema("invitation.accepted", DATA_SCHEMAS["invitation.accepted"]),
  "clock.warning": payloadSchema("clock.warning", DATA_SCHEMAS["clock.warning"]),
  "webhook.test": payloadSchema("webhook.test", DATA_SCHEMAS["webhook.test"]),
} as const satisfies { readonly [T in WebhookEventType]: z.ZodMiniType };

export type WebhookData<T extends WebhookEventType = WebhookEventType> = { [K in T]: z.infer<(typeof DATA_SCHEMAS)[K]> }[T];
/** One delivery's body, by type. */
export type WebhookPayload<T extends WebhookEventType = WebhookEventType> = { [K in T]: z.infer<(typeof WEBHOOK_PAYLOAD_SCHEMAS)[K]> }[T];

/** One event to deliver to one webhook: its stable `webhook-id` and the body to sign and send. */
export interface WebhookEvent<T extends WebhookEventType = WebhookEventType> {
  readonly id: string;
  readonly payload: WebhookPayload<T>;
}

/**
 * Each event type's JSON Schema (2020-12), for the docs and, later, OpenAPI's `webhooks`. Without
 * `additionalProperties: false`, which zod states for every object it outputs: a payload may gain
 * fields, and a receiver that validates with these schemas must not start refusing them then.
 */
export function webhookJsonSchemas(): Record<WebhookEventType, Record<string, unknown>> {
  const open = (schema: unknown): Record<string, unknown> =>
    JSON.parse(JSON.stringify(schema), (key, value) => (key === "additionalProperties" && value === false ? undefined : value));
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [type, open(z.toJSONSchema(WEBHOOK_PAYLOAD_SCHEMAS[type], { io: "output", unrepresentable: "any" }))]),
  ) as Record<WebhookEventType, Record<string, unknown>>;
}
