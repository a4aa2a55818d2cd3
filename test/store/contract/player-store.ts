import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlayerRecord, PlayerStore } from "../../../src/store/player-store.js";
import type { OpenStores } from "./fixtures.js";

const player = (id: string, name = "Ada"): PlayerRecord => ({ id, name, tokenHash: "ab".repeat(32), createdAt: "2026-01-01T00:00:00.000Z" });

/** What every PlayerStore adapter does. */
export function describePlayerStore(open: OpenStores): void {
  describe("PlayerStore", () => {
    let stores: Awaited<ReturnType<OpenStores>>;
    let players: PlayerStore;
    beforeAll(async () => {
      stores = await open();
      ({ players } = stores);
    });
    afterAll(() => stores.close());

    it("stores a player once: a taken id is refused and the first one kept", async () => {
      expect(await players.create(player("p1"))).toBe(true);
      expect(await players.create(player("p1", "Bob"))).toBe(false);
      expect(await players.get("p1")).toEqual(player("p1"));
    });

    it("lets exactly one of many concurrent creations of one id win", async () => {
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => players.create(player("crowd", `n${i}`))));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await players.get("crowd"))?.name).toBe(`n${results.indexOf(true)}`);
    });

    it("answers null for a player that does not exist", async () => {
      expect(await players.get("nobody")).toBeNull();
    });
  });
}
