import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_PAYLOAD_SCHEMAS, webhookJsonSchemas } from "../../src/webhooks/event-types.js";
import * as z from "../../src/zod.js";

describe("webhook event types", () => {
  it("each has a payload schema and a JSON Schema named for it", () => {
    const schemas = webhookJsonSchemas();
    expect(Object.keys(schemas)).toEqual([...WEBHOOK_EVENT_TYPES]);
    expect(schemas["match.yourTurn"]).toMatchObject({ $ref: "#/$defs/WebhookMatchYourTurn" });
    const defs = (schemas["match.finished"] as { $defs: Record<string, { properties: Record<string, unknown>; required: string[] }> }).$defs;
    expect(defs.WebhookMatchFinished!.required).toEqual(["type", "timestamp", "data"]);
    expect(defs.WebhookMatchFinished!.properties.type).toMatchObject({ const: "match.finished" });
    expect(Object.keys(defs.WebhookMatchFinishedData!.properties)).toEqual(["matchId", "ruleset", "version", "status", "outcome"]);
    expect(defs.Outcome).toBeDefined();
  });

  it("a note is an object with its type, and whatever data its ruleset gives it", () => {
    const defs = (webhookJsonSchemas()["match.updated"] as { $defs: Record<string, { properties: Record<string, { items?: unknown }> }> }).$defs;
    expect(defs.WebhookMatchUpdatedData!.properties.notes!.items).toMatchObject({ type: "object", required: ["type"], properties: { type: { type: "string" } } });
    const updated = { matchId: "m", ruleset: "gol", version: 2, status: "ACTIVE", toMove: 0, toAct: [0], event: "MovePlayed", seat: 1 };
    const payload = (notes: unknown) => ({ type: "match.updated", timestamp: "2026-01-01T00:00:00.000Z", data: { ...updated, notes } });
    expect(z.safeParse(WEBHOOK_PAYLOAD_SCHEMAS["match.updated"], payload([{ type: "goal", side: "home", score: [1, 0] }])).success).toBe(true);
    expect(z.safeParse(WEBHOOK_PAYLOAD_SCHEMAS["match.updated"], payload([{ side: "home" }])).success).toBe(false);
  });

  it("the JSON Schemas leave objects open, so a receiver that validates still takes a field added later", () => {
    expect(JSON.stringify(webhookJsonSchemas())).not.toContain('"additionalProperties":false');
  });

  it("a payload of the wrong type, or without its data, fails its schema", () => {
    const test = { type: "webhook.test", timestamp: "2026-01-01T00:00:00.000Z", data: { webhookId: "wh" } };
    expect(z.safeParse(WEBHOOK_PAYLOAD_SCHEMAS["webhook.test"], test).success).toBe(true);
    expect(z.safeParse(WEBHOOK_PAYLOAD_SCHEMAS["match.finished"], { ...test, type: "match.finished" }).success).toBe(false);
    expect(z.safeParse(WEBHOOK_PAYLOAD_SCHEMAS["webhook.test"], { ...test, type: "match.updated" }).success).toBe(false);
    expect(z.safeParse(WEBHOOK_PAYLOAD_SCHEMAS["webhook.test"], { ...test, timestamp: "yesterday" }).success).toBe(false);
  });
});
