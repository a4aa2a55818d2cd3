import type { ErrorCode } from "../../errors.js";
import { DELIVERY_LOG_KEPT } from "../../store/webhook-store.js";
import { WEBHOOK_EVENT_TYPES } from "../../webhooks/event-types.js";
import { createWebhook as create, deleteWebhook as remove, listWebhooks, MAX_WEBHOOKS_PER_OWNER, rotateWebhookSecret as rotate, testWebhook as test, updateWebhook as update, webhookDeliveries as deliveries } from "../../webhooks/manage.js";
import { MAX_URL_LENGTH } from "../../webhooks/target-policy.js";
import * as z from "../../zod.js";
import { defineOperation } from "../operation.js";
import { ref } from "../rest/openapi-refs.js";
import { MatchId } from "./inputs.js";

const WebhookId = z.string().check(z.minLength(1), z.maxLength(64), z.meta({ description: "The webhook id (`wh_...`).", graphql: "ID" }));
const Url = z.string().check(z.maxLength(MAX_URL_LENGTH * 2), z.describe(`Where to POST deliveries: https (http and loopback too on a local server), no user name, password or fragment, at most ${MAX_URL_LENGTH} characters; private, link-local and other internal addresses are refused.`));
const Events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .check(z.maxLength(WEBHOOK_EVENT_TYPES.length * 2), z.meta({ description: `The event types to receive, from: ${WEBHOOK_EVENT_TYPES.join(", ")}. Omit for every one but \`clock.warning\` (asked for by name) and \`webhook.test\` (sent on request anyway).`, graphql: "[String!]" }));

/** Up to a month: the longest time per move a clock allows is a few days, and a warning before the turn starts is sent when it starts. */
const MAX_CLOCK_WARNING_SECONDS = 30 * 24 * 60 * 60;
const ClockWarningSeconds = z
  .intBetween(1, MAX_CLOCK_WARNING_SECONDS)
  .check(z.describe(`How long before a seat's deadline its \`clock.warning\` comes, in seconds (1 to ${MAX_CLOCK_WARNING_SECONDS}); omit for the server's default, an hour. A turn shorter than that is warned when it starts.`));

/** Any operation on a webhook by its id. */
const ON_WEBHOOK: readonly ErrorCode[] = ["UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND"];
const OnWebhook = z.strictObject({ id: WebhookId });

export const createWebhook = defineOperation({
  summary: "Register a webhook",
  description:
    `Registers a webhook: signed POSTs (Standard Webhooks) of what happens in one match (\`matchId\`, with a token of a seat of it: the webhook speaks for that seat) or in every match of one player (\`playerId\`, with that player's token). Answers its secret (\`whsec_...\`), shown only here. A match webhook hears what is committed after it is registered. At most ${MAX_WEBHOOKS_PER_OWNER} per seat or player. A URL the policy refuses is BAD_USER_INPUT with its \`reason\`.`,
  caller: "seat",
  input: z.strictObject({
    url: Url,
    events: z.nullish(Events),
    matchId: z.nullish(MatchId.check(z.describe("A match webhook: this match (with a token of one of its seats)."))),
    playerId: z.nullish(z.string().check(z.maxLength(64), z.meta({ description: "A player webhook: this player (with its token).", graphql: "ID" }))),
    clockWarningSeconds: z.nullish(ClockWarningSeconds),
  }),
  errors: ON_WEBHOOK,
  rateLimit: "createMatch",
  answers: "value",
  run: (deps, input, bearer) => create(deps, input, bearer),
  rest: { method: "POST", path: "/api/webhooks", tag: "webhooks", body: "required", status: 201, responds: { description: "Registered.", schema: ref("WebhookWithSecret") } },
  graphql: { field: "Mutation.createWebhook", returns: "WebhookWithSecret" },
});

export const webhooks = defineOperation({
  summary: "The caller's webhooks",
  description: "The webhooks of the bearer: with `matchId`, those of its seat in that match (a seat's token or its player's); without, its player's (a player token). Never their secrets.",
  caller: "seat",
  input: z.strictObject({ matchId: z.nullish(MatchId.check(z.describe("The match whose webhooks (of the caller's seat) to list."))) }),
  errors: ON_WEBHOOK,
  answers: "value",
  run: (deps, input, bearer) => listWebhooks(deps, input, bearer),
  rest: { method: "GET", path: "/api/webhooks", tag: "webhooks", query: { matchId: "string" }, body: "none", responds: { description: "The webhooks.", schema: ref("WebhookList") } },
  graphql: { field: "Query.webhooks", returns: "[Webhook!]!", answer: (list: { webhooks: unknown[] }) => list.webhooks },
});

export const updateWebhook = defineOperation({
  summary: "Change, pause or resume a webhook",
  description:
    "Changes a webhook's URL or events, pauses it (`paused: true`: nothing is sent meanwhile) or resumes it (`paused: false`, a disabled one too): it then gets every event it missed, in order, from where it stopped.",
  caller: "seat",
  input: z.strictObject({
    id: WebhookId,
    url: z.nullish(Url),
    events: z.nullish(Events),
    paused: z.nullish(z.boolean().check(z.describe("true: pause; false: resume."))),
    clockWarningSeconds: z.nullish(ClockWarningSeconds),
  }),
  errors: ON_WEBHOOK,
  rateLimit: "command",
  answers: "value",
  run: (deps, input, bearer) => update(deps, input, bearer),
  rest: { method: "POST", path: "/api/webhooks/{id}", tag: "webhooks", params: { id: "id" }, body: "required", responds: { description: "The webhook after the change.", schema: ref("Webhook") } },
  graphql: { field: "Mutation.updateWebhook", returns: "Webhook" },
});

export const rotateWebhookSecret = defineOperation({
  summary: "Rotate a webhook's secret",
  description: "Draws a new secret, shown only here. For 24 hours deliveries are signed with both the new and the previous one, so a receiver can switch over meanwhile.",
  caller: "seat",
  input: OnWebhook,
  errors: ON_WEBHOOK,
  rateLimit: "command",
  answers: "value",
  run: (deps, input, bearer) => rotate(deps, input, bearer),
  rest: { method: "POST", path: "/api/webhooks/{id}/rotate-secret", tag: "webhooks", params: { id: "id" }, body: "optional", responds: { description: "The webhook and its new secret.", schema: ref("WebhookWithSecret") } },
  graphql: { field: "Mutation.rotateWebhookSecret", returns: "WebhookWithSecret" },
});

export const deleteWebhook = defineOperation({
  summary: "Delete a webhook",
  description: "Deletes a webhook with its delivery log; nothing more is sent to it.",
  caller: "seat",
  input: OnWebhook,
  errors: ON_WEBHOOK,
  rateLimit: "command",
  answers: "value",
  run: (deps, input, bearer) => remove(deps, input, bearer),
  rest: {
    method: "POST",
    path: "/api/webhooks/{id}/delete",
    tag: "webhooks",
    params: { id: "id" },
    body: "optional",
    responds: { description: "Deleted.", schema: { type: "object", properties: { deleted: { type: "boolean" }, id: { type: "string" } }, required: ["deleted", "id"] } },
  },
  graphql: { field: "Mutation.deleteWebhook", returns: "ID", answer: (deleted: { id: string }) => deleted.id },
});

export const webhookDeliveries = defineOperation({
  summary: "A webhook's delivery log",
  description: `The last attempts to deliver to a webhook (the last ${DELIVERY_LOG_KEPT} are kept), newest first: each event's id and type, the receiver's status, the latency, the error and when it is tried again.`,
  caller: "seat",
  input: z.strictObject({ id: WebhookId, limit: z.nullish(z.intBetween(1, DELIVERY_LOG_KEPT).check(z.describe(`At most this many (1 to ${DELIVERY_LOG_KEPT}, default ${DELIVERY_LOG_KEPT}).`))) }),
  errors: ON_WEBHOOK,
  answers: "value",
  run: (deps, input, bearer) => deliveries(deps, input, bearer),
  rest: { method: "GET", path: "/api/webhooks/{id}/deliveries", tag: "webhooks", params: { id: "id" }, query: { limit: "int" }, body: "none", responds: { description: "The delivery log.", schema: ref("WebhookDeliveries") } },
  graphql: { field: "Query.webhookDeliveries", returns: "[WebhookDelivery!]!", answer: (log: { deliveries: unknown[] }) => log.deliveries },
});

export const testWebhook = defineOperation({
  summary: "Send a test delivery",
  description: "Sends `webhook.test` to the webhook now, signed as every delivery, and answers the attempt (it is in the delivery log too). Not retried.",
  caller: "seat",
  input: OnWebhook,
  errors: ON_WEBHOOK,
  rateLimit: "command",
  answers: "value",
  run: (deps, input, bearer) => test(deps, input, bearer),
  rest: { method: "POST", path: "/api/webhooks/{id}/test", tag: "webhooks", params: { id: "id" }, body: "optional", responds: { description: "The attempt.", schema: ref("WebhookDelivery") } },
  graphql: { field: "Mutation.testWebhook", returns: "WebhookDelivery" },
});
