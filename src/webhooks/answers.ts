import { dateTime, field, meta, named, seatNumber } from "../service/schema-meta.js";
import { WEBHOOK_STATUSES, type DeliveryEntry, type WebhookRecord } from "../store/webhook-store.js";
import * as z from "../zod.js";
import { WEBHOOK_EVENT_TYPES } from "./event-types.js";

/**
 * What the webhook operations answer (zod, as src/service/payload-schemas.ts): a webhook never
 * with its secrets, which only `CreateWebhookPayload` and `RotateWebhookSecretPayload` carry.
 */
export const WebhookSchema = named(
  z.object({
    id: meta(z.string(), "The webhook's id.", "ID"),
    url: meta(z.string(), "Where deliveries are POSTed."),
    events: meta(z.array(z.enum(WEBHOOK_EVENT_TYPES)), `The event types it receives, from: ${WEBHOOK_EVENT_TYPES.join(", ")}.`, "[String!]"),
    scope: meta(z.enum(["match", "player"]), '"match": one match (registered with a seat\'s token, for that seat); "player": every match of one player.', "String"),
    matchId: meta(z.nullable(z.string()), "The match of a match webhook; null for a player webhook.", "ID"),
    seat: meta(z.nullable(seatNumber), "The seat of a match webhook (whose turn `match.yourTurn` is about); null for a player webhook."),
    playerId: meta(z.nullable(z.string()), "The player of a player webhook; null for a match webhook.", "ID"),
    status: meta(z.enum(WEBHOOK_STATUSES), '"active"; "paused" by its owner; "disabled" after an event failed every attempt (`reason` says why). Resuming delivers what it missed.', "String"),
    reason: meta(z.nullable(z.string()), "Why it was disabled; null otherwise."),
    clockWarningSeconds: meta(z.nullable(z.number().check(z.int(), z.positive())), "How long before a seat's deadline its `clock.warning` comes, in seconds; null: the server's default (an hour)."),
    previousSecretUntil: meta(z.nullable(z.iso.datetime()), "Until when the secret before the last rotation still signs deliveries (with the current one); null when none does."),
    createdAt: dateTime("When it was registered (ISO 8601)."),
    updatedAt: dateTime("When it last changed (ISO 8601)."),
  }),
  "Webhook",
  "A registered webhook (without its secrets).",
);

export const WebhookWithSecretSchema = named(
  z.object({
    webhook: field(WebhookSchema, "The webhook."),
    secret: meta(z.string(), "`whsec_...`: the key deliveries are signed with (Standard Webhooks). Shown only here."),
  }),
  "WebhookWithSecret",
  "A webhook and its new signing secret, shown once.",
);

export const WebhookListSchema = named(z.object({ webhooks: meta(z.array(WebhookSchema), "The caller's webhooks, oldest first.") }), "WebhookList", "The caller's webhooks.", "rest");

export const WebhookDeliverySchema = named(
  z.object({
    at: dateTime("When the attempt was made (ISO 8601)."),
    attempt: meta(z.number().check(z.int(), z.positive()), "Which attempt at this event it was, from 1."),
    eventId: meta(z.string(), "The event's `webhook-id` (the same on every attempt)."),
    type: meta(z.string(), "The event type."),
    matchId: meta(z.nullable(z.string()), "The match it is about; null for `webhook.test`.", "ID"),
    ok: meta(z.boolean(), "Whether the receiver answered 2xx."),
    status: meta(z.nullable(z.number().check(z.int())), "The receiver's HTTP status; null when none came."),
    latencyMs: meta(z.number().check(z.int(), z.nonnegative()), "How long the attempt took."),
    error: meta(z.nullable(z.string()), 'Why it failed ("status: The receiver answered 503", "connection: ...); null when it did not.'),
    nextAttemptAt: meta(z.nullable(z.iso.datetime()), "When the event is tried again; null once delivered or given up on."),
  }),
  "WebhookDelivery",
  "One delivery attempt.",
);

export const WebhookDeliveriesSchema = named(
  z.object({ deliveries: meta(z.array(WebhookDeliverySchema), "The newest attempts first (the last 100 are kept).") }),
  "WebhookDeliveries",
  "A webhook's delivery log.",
  "rest",
);

export const WEBHOOK_ANSWER_SCHEMAS = [WebhookSchema, WebhookWithSecretSchema, WebhookListSchema, WebhookDeliverySchema, WebhookDeliveriesSchema] as const;

export type WebhookAnswer = z.infer<typeof WebhookSchema>;
export type WebhookDeliveryAnswer = z.infer<typeof WebhookDeliverySchema>;

/** A webhook as answered: never its secrets, only until when a previous one still signs. */
export function webhookAnswer(w: WebhookRecord, now: Date): WebhookAnswer {
  const previous = w.secrets.previous && Date.parse(w.secrets.previous.until) > now.getTime() ? w.secrets.previous.until : null;
  return {
    id: w.id,
    url: w.url,
    events: [...w.events] as WebhookAnswer["events"],
    scope: w.owner.scope,
    matchId: w.owner.scope === "match" ? w.owner.matchId : null,
    seat: w.owner.scope === "match" ? w.owner.seat : null,
    playerId: w.owner.scope === "player" ? w.owner.playerId : null,
    status: w.status,
    reason: w.reason,
    clockWarningSeconds: w.clockWarningSeconds ?? null,
    previousSecretUntil: previous,
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
  };
}

export const deliveryAnswer = (d: DeliveryEntry): WebhookDeliveryAnswer => ({
  at: d.at,
  attempt: d.attempt,
  eventId: d.eventId,
  type: d.type,
  matchId: d.matchId,
  ok: d.ok,
  status: d.status,
  latencyMs: d.latencyMs,
  error: d.error ? `${d.error.code}: ${d.error.message}` : null,
  nextAttemptAt: d.nextAttemptAt,
});
