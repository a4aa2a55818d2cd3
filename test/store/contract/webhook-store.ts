import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELIVERY_LOG_KEPT, type DeliveryEntry, type WebhookRecord, type WebhookStore } from "../../../src/store/webhook-store.js";
import type { OpenStores } from "./fixtures.js";

const hook = (id: string, owner: WebhookRecord["owner"], createdAt = "2026-01-01T00:00:00.000Z"): WebhookRecord => ({
  id,
  owner,
  url: `http://127.0.0.1:9/${id}`,
  events: ["match.updated"],
  secrets: { current: "whsec_a", previous: null },
  status: "active",
  reason: null,
  createdAt,
  updatedAt: createdAt,
});

const entry = (n: number): DeliveryEntry => ({
  at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
  attempt: 1,
  eventId: `msg_${n}`,
  type: "match.updated",
  matchId: "m",
  status: 200,
  ok: true,
  latencyMs: 3,
  error: null,
  nextAttemptAt: null,
});

/** What every WebhookStore adapter does. */
export function describeWebhookStore(open: OpenStores): void {
  describe("WebhookStore", () => {
    let stores: Awaited<ReturnType<OpenStores>>;
    let webhooks: WebhookStore;
    beforeAll(async () => {
      stores = await open();
      webhooks = stores.webhookStore;
    });
    afterAll(() => stores.close());

    it("stores a webhook once and reads it back as stored", async () => {
      const w = hook("w1", { scope: "player", playerId: "p1" });
      expect(await webhooks.create(w)).toBe(true);
      expect(await webhooks.create({ ...w, url: "http://127.0.0.1:9/other" })).toBe(false);
      expect(await webhooks.get("w1")).toEqual(w);
      expect(await webhooks.get("nothing")).toBeNull();
    });

    it("lists a player's webhooks and a match's, oldest first, and every one", async () => {
      await webhooks.create(hook("l2", { scope: "player", playerId: "lister" }, "2026-01-02T00:00:00.000Z"));
      await webhooks.create(hook("l1", { scope: "player", playerId: "lister" }, "2026-01-01T00:00:00.000Z"));
      await webhooks.create(hook("lm0", { scope: "match", matchId: "lm", seat: 0 }));
      await webhooks.create(hook("lm1", { scope: "match", matchId: "lm", seat: 1 }, "2026-01-03T00:00:00.000Z"));
      // An id with the separators of a key layout stays its own.
      await webhooks.create(hook("l!%x", { scope: "player", playerId: "lister!x" }));
      expect((await webhooks.listByPlayer("lister")).map((w) => w.id)).toEqual(["l1", "l2"]);
      expect((await webhooks.listByPlayer("lister!x")).map((w) => w.id)).toEqual(["l!%x"]);
      expect((await webhooks.listByMatch("lm")).map((w) => [w.id, w.owner])).toEqual([
        ["lm0", { scope: "match", matchId: "lm", seat: 0 }],
        ["lm1", { scope: "match", matchId: "lm", seat: 1 }],
      ]);
      expect(await webhooks.listByPlayer("nobody")).toEqual([]);
      expect((await webhooks.listAll()).map((w) => w.id)).toEqual(expect.arrayContaining(["l1", "l2", "lm0", "lm1", "l!%x"]));
    });

    it("updates a webhook but never its owner, and refuses one that does not exist", async () => {
      const w = hook("u1", { scope: "player", playerId: "updater" });
      await webhooks.create(w);
      const changed: WebhookRecord = { ...w, owner: { scope: "player", playerId: "thief" }, status: "disabled", reason: "gone", secrets: { current: "whsec_b", previous: { secret: "whsec_a", until: "2026-01-02T00:00:00.000Z" } } };
      expect(await webhooks.update(changed)).toBe(true);
      expect(await webhooks.get("u1")).toEqual({ ...changed, owner: w.owner });
      expect((await webhooks.listByPlayer("thief")).map((x) => x.id)).toEqual([]);
      expect(await webhooks.update(hook("never", { scope: "player", playerId: "updater" }))).toBe(false);
      expect(await webhooks.get("never")).toBeNull();
    });

    it("keeps a cursor per match", async () => {
      await webhooks.create(hook("c1", { scope: "player", playerId: "cursors" }));
      expect(await webhooks.cursor("c1", "m1")).toBeNull();
      await webhooks.setCursor("c1", "m1", { version: 3, sent: [], attempt: 0, nextAttemptAt: null });
      await webhooks.setCursor("c1", "m!2", { version: 1, sent: ["msg_a"], attempt: 2, nextAttemptAt: "2026-01-01T00:00:05.000Z" });
      await webhooks.setCursor("c1", "m1", { version: 4, sent: [], attempt: 0, nextAttemptAt: null });
      expect(await webhooks.cursor("c1", "m1")).toEqual({ version: 4, sent: [], attempt: 0, nextAttemptAt: null });
      expect(Object.fromEntries(await webhooks.cursors("c1"))).toEqual({
        m1: { version: 4, sent: [], attempt: 0, nextAttemptAt: null },
        "m!2": { version: 1, sent: ["msg_a"], attempt: 2, nextAttemptAt: "2026-01-01T00:00:05.000Z" },
      });
    });

    it("keeps the clock warnings' record per match, apart from the cursors", async () => {
      await webhooks.create(hook("w1", { scope: "player", playerId: "warnings" }));
      expect(await webhooks.warnings("w1", "m1")).toBeNull();
      expect(await webhooks.warningMatches("w1")).toEqual([]);
      const waiting = { sent: ["msg_w"], attempt: 2, retryAt: "2026-01-01T00:00:05.000Z", wakeAt: "2026-01-01T00:00:05.000Z" };
      await webhooks.setWarnings("w1", "m!1", waiting);
      await webhooks.setWarnings("w1", "m2", { sent: [], attempt: 0, retryAt: null, wakeAt: null });
      expect(await webhooks.warnings("w1", "m!1")).toEqual(waiting);
      expect((await webhooks.warningMatches("w1")).sort()).toEqual(["m!1", "m2"]);
      expect(await webhooks.cursors("w1")).toEqual(new Map());
      expect(await webhooks.cursor("w1", "m!1")).toBeNull();
    });

    it(`keeps the last ${DELIVERY_LOG_KEPT} attempts of the delivery log, newest first`, async () => {
      await webhooks.create(hook("d1", { scope: "player", playerId: "log" }));
      for (let n = 1; n <= DELIVERY_LOG_KEPT + 5; n++) await webhooks.logDelivery("d1", entry(n));
      const all = await webhooks.deliveries("d1", DELIVERY_LOG_KEPT + 50);
      expect(all).toHaveLength(DELIVERY_LOG_KEPT);
      expect(all[0]).toEqual(entry(DELIVERY_LOG_KEPT + 5));
      expect(all.at(-1)).toEqual(entry(6));
      expect((await webhooks.deliveries("d1", 2)).map((e) => e.eventId)).toEqual([`msg_${DELIVERY_LOG_KEPT + 5}`, `msg_${DELIVERY_LOG_KEPT + 4}`]);
    });

    it("deletes a webhook with its cursors and log; writes for it afterwards keep nothing", async () => {
      await webhooks.create(hook("x1", { scope: "match", matchId: "xm", seat: 0 }));
      await webhooks.setCursor("x1", "xm", { version: 2, sent: [], attempt: 0, nextAttemptAt: null });
      await webhooks.setWarnings("x1", "xm", { sent: ["msg_w"], attempt: 0, retryAt: null, wakeAt: "2026-01-01T00:00:05.000Z" });
      await webhooks.logDelivery("x1", entry(1));
      expect(await webhooks.delete("x1")).toBe(true);
      expect(await webhooks.delete("x1")).toBe(false);
      expect(await webhooks.get("x1")).toBeNull();
      expect(await webhooks.listByMatch("xm")).toEqual([]);
      expect(await webhooks.cursor("x1", "xm")).toBeNull();
      expect(await webhooks.warnings("x1", "xm")).toBeNull();
      expect(await webhooks.deliveries("x1", 10)).toEqual([]);
      await webhooks.setWarnings("x1", "xm", { sent: [], attempt: 0, retryAt: null, wakeAt: null });
      expect(await webhooks.warningMatches("x1")).toEqual([]);
      await webhooks.setCursor("x1", "xm", { version: 3, sent: [], attempt: 0, nextAttemptAt: null });
      await webhooks.logDelivery("x1", entry(2));
      expect(await webhooks.cursor("x1", "xm")).toBeNull();
      expect(await webhooks.deliveries("x1", 10)).toEqual([]);
      // The same id may be registered again, from nothing.
      expect(await webhooks.create(hook("x1", { scope: "match", matchId: "xm", seat: 1 }))).toBe(true);
      expect(await webhooks.cursors("x1")).toEqual(new Map());
    });
  });
}
