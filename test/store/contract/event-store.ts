import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EventStore, VersionConflictError } from "../../../src/store/event-store.js";
import type { MatchIndex } from "../../../src/store/match-index.js";
import { appendCommits, at, created, moves, type OpenStores, row, snapshotAt } from "./fixtures.js";

/** What every EventStore adapter does, asserted the same way for each. */
export function describeEventStore(open: OpenStores): void {
  describe("EventStore", () => {
    let stores: Awaited<ReturnType<OpenStores>>;
    let store: EventStore;
    let index: MatchIndex;
    beforeAll(async () => {
      stores = await open();
      ({ store, index } = stores);
    });
    afterAll(() => stores.close());

    it("refuses a second commit at the same version with a typed conflict, keeping the first", async () => {
      await appendCommits(store, "race", [1]);
      const refused = await store.append("race", { events: moves(1, 1) }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(VersionConflictError);
      expect(refused).toMatchObject({ matchId: "race", attemptedVersion: 1 });
      await expect(store.append("race", { events: moves(2, 1) })).resolves.toBeUndefined();
      expect((await store.readEvents("race", 0, 100)).map((e) => e.version)).toEqual([1, 2]);
    });

    it("lets exactly one of many concurrent writers of one version win", async () => {
      await appendCommits(store, "crowd", [1]);
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => store.append("crowd", { events: [{ version: 2, type: "MovePlayed", at, data: { seat: 0, move: `w${i}` } }] })),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(results.filter((r) => r.status === "rejected" && r.reason instanceof VersionConflictError)).toHaveLength(19);
      const winner = results.findIndex((r) => r.status === "fulfilled");
      expect((await store.readEvents("crowd", 1, 10)).map((e) => e.data)).toEqual([{ seat: 0, move: `w${winner}` }]);
    });

    it("refuses a commit of no events, or of more than a command can make", async () => {
      await expect(store.append("empty", { events: [] })).rejects.toThrow(/1\.\.32 events/);
      await expect(store.append("huge", { events: moves(1, 33) })).rejects.toThrow(/1\.\.32 events/);
      expect(await store.load("huge")).toBeNull();
    });

    it("loads the newest snapshot and only the commits after it, as written", async () => {
      await appendCommits(store, "snap", [1, 2, 1, 3, 1], [0, 3]);
      const idempotency = { key: "k", seat: 1, fingerprint: "f", version: 9 };
      await store.append("snap", { events: moves(9, 1), idempotency });
      const loaded = await store.load("snap");
      expect(loaded?.snapshot).toEqual(snapshotAt(7));
      expect(loaded?.commits.map((c) => c.events.map((e) => e.version))).toEqual([[8], [9]]);
      expect(loaded?.commits.map((c) => c.idempotency)).toEqual([undefined, idempotency]);
      expect(loaded?.commits[1]?.events).toEqual(moves(9, 1));
    });

    it("loads a match whose newest commit holds the snapshot with no commits after it", async () => {
      await appendCommits(store, "fresh", [1, 1], [0, 1]);
      expect(await store.load("fresh")).toEqual({ snapshot: snapshotAt(2), commits: [] });
    });

    it("returns null for a match that does not exist", async () => {
      expect(await store.load("nobody")).toBeNull();
      expect(await store.readEvents("nobody", 0, 10)).toEqual([]);
    });

    it("reads events after any version, across commits of several events, at most `limit`", async () => {
      await appendCommits(store, "read", [1, 3, 2, 1]);
      const all = await store.readEvents("read", 0, 100);
      expect(all.map((e) => e.version)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      for (let after = 0; after <= 7; after++) {
        expect((await store.readEvents("read", after, 100)).map((e) => e.version)).toEqual(all.filter((e) => e.version > after).map((e) => e.version));
      }
      expect((await store.readEvents("read", 2, 2)).map((e) => e.version)).toEqual([3, 4]);
      expect((await store.readEvents("read", 0, 1)).map((e) => e.version)).toEqual([1]);
    });

    it("reads every event of a long log, and of commits as large as a command makes", async () => {
      // Past DynamoDB's 1 MB a query page: 300 events of 4 KB.
      const big = "x".repeat(4000);
      for (let v = 1; v <= 300; v++) {
        await store.append("long", { events: [{ version: v, type: "MovePlayed", at, data: { seat: 0, move: big } }], snapshot: v === 1 ? snapshotAt(1) : undefined });
      }
      const events = await store.readEvents("long", 0, 1000);
      expect(events.map((e) => e.version)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
      await appendCommits(store, "wide", [1, 32, 32, 5]);
      expect((await store.readEvents("wide", 2, 1000)).map((e) => e.version)).toEqual(Array.from({ length: 68 }, (_, i) => i + 3));
      expect((await store.readEvents("wide", 40, 3)).map((e) => e.version)).toEqual([41, 42, 43]);
    });

    it("keeps matches apart whatever their ids hold", async () => {
      const ids = ["a", "a!b", "a%21b", "a!", "a#EV", "a b", "ä"];
      for (const id of ids) await store.append(id, created(id));
      for (const id of ids) expect((await store.readEvents(id, 0, 10)).map((e) => (e.data as { matchId: string }).matchId)).toEqual([id]);
      for (const id of ids) expect((await store.load(id))?.commits).toEqual([]);
    });

    it("writes the index entries a commit carries, and none of a refused commit's", async () => {
      await store.append("indexed", { ...created("indexed"), index: { version: 1, rows: [row("indexed", { playerId: "carrier", toMove: true })], due: { at: "2030-01-01T00:00:00.000Z" } } });
      const inbox = await index.inbox("carrier", { limit: 10 });
      expect(inbox.rows.map((r) => [r.matchId, r.toMove])).toEqual([["indexed", true]]);
      expect(await index.due("2030-01-01T00:00:00.000Z", 100)).toContainEqual({ matchId: "indexed", at: "2030-01-01T00:00:00.000Z" });

      // Entries newer than the stored ones: written, they would show.
      const refused = { ...created("indexed"), index: { version: 2, rows: [row("indexed", { playerId: "intruder" })], due: { at: null } } };
      await expect(store.append("indexed", refused)).rejects.toBeInstanceOf(VersionConflictError);
      expect((await index.inbox("intruder", { limit: 10 })).rows).toEqual([]);
      expect(await index.due("2030-01-01T00:00:00.000Z", 100)).toContainEqual({ matchId: "indexed", at: "2030-01-01T00:00:00.000Z" });
    });
  });
}
