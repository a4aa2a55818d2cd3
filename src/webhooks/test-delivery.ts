import type { WebhookEvent } from "./event-types.js";
import { webhookEventId } from "./event-id.js";

/**
 * The `webhook.test` event a registration's "send a test" sends: nothing happened in any match,
 * so its id comes from the request (`requestId`, e.g. the API request's id) rather than the log:
 * the same request retried gives the same id, two requests two ids.
 */
export const webhookTestEvent = (webhookId: string, requestId: string, at: Date): WebhookEvent<"webhook.test"> => ({
  id: webhookEventId(webhookId, "webhook.test", requestId),
  payload: { type: "webhook.test", timestamp: at.toISOString(), data: { webhookId } },
});
