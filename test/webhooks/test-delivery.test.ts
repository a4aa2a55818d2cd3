import { describe, expect, it } from "vitest";
import { WEBHOOK_PAYLOAD_SCHEMAS } from "../../src/webhooks/event-types.js";
import { webhookTestEvent } from "../../src/webhooks/test-delivery.js";
import * as z from "../../src/zod.js";

describe("the test event", () => {
  it("names its webhook, has the request's time, and is what its schema says", () => {
    const event = webhookTestEvent("wh-1", "req-1", new Date("2026-01-01T00:00:00Z"));
    expect(event.payload).toEqual({ type: "webhook.test", timestamp: "2026-01-01T00:00:00.000Z", data: { webhookId: "wh-1" } });
    expect(() => z.parse(WEBHOOK_PAYLOAD_SCHEMAS["webhook.test"], event.payload)).not.toThrow();
  });

  it("has one id per webhook and request", () => {
    const at = new Date();
    expect(webhookTestEvent("wh-1", "req-1", at).id).toBe(webhookTestEvent("wh-1", "req-1", new Date(0)).id);
    expect(webhookTestEvent("wh-1", "req-2", at).id).not.toBe(webhookTestEvent("wh-1", "req-1", at).id);
    expect(webhookTestEvent("wh-2", "req-1", at).id).not.toBe(webhookTestEvent("wh-1", "req-1", at).id);
  });
});
