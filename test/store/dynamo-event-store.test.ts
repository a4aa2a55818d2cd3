import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MatchEvent } from "../../src/match/events.js";
import type { Commit, Snapshot } from "../../src/match/snapshot.js";
import type { MatchState } from "../../src/match/state.js";
import { VersionConflictError } from "../../src/store/event-store.js";
import { startTestStore, type TestStore } from "../support/dynamo.js";

let t: TestStore;
beforeAll(async () => void (t = await startTestStore()));
afterAll(() => t.close());

const at = "2026-01-01T00:00:00.000Z";
const moves = (from: number, count: number): MatchEvent[] =>
  Array.from({ length: count }, (_, i) => ({ version: from + i, type: "MovePlayed", at, data: { seat: 0, move: `m${from + i}` } }));
const snapshotAt = (version: number): Snapshot => ({
  state: { version, id: "x" } as unknown as MatchState,
  secrets: { diceSeed: "00".repeat(32), seatTokenHashes: [] },
  keys: [],
});

/** Appends `sizes.length` commits, a snapshot in those whose index is in `snapAt`. */
async function appendCommits(matchId: string, sizes: number[], snapAt: number[] = [0]): Promise<void> {
  let version = 1;
  for (const [i, size] of sizes.entries()) {
    const events = moves(version, size);
    version += size;
    const commit: Commit = { events, snapshot: snapAt.includes(i) ? snapshotAt(version - 1) : undefined };
    await t.store.append(matchId, commit);
  }
}

describe("DynamoEventStore", () => {
  it("refuses a second commit at the same version with a typed conflict, keeping the first", async () => {
    await appendCommits("race", [1]);
    await expect(t.store.append("race", { events: moves(1, 1) })).rejects.toBeInstanceOf(VersionConflictError);
    await expect(t.store.append("race", { events: moves(2, 1) })).resolves.toBeUndefined();
    expect((await t.store.readEvents("race", 0, 100)).map((e) => e.version)).toEqual([1, 2]);
  });

  it("lets exactly one of many concurrent writers of one version win", async () => {
    await appendCommits("crowd", [1]);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => t.store.append("crowd", { events: [{ version: 2, type: "MovePlayed", at, data: { seat: 0, move: `w${i}` } }] })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected" && r.reason instanceof VersionConflictError)).toHaveLength(19);
  });

  it("loads the newest snapshot and only the commits after it, in one read", async () => {
    await appendCommits("snap", [1, 2, 1, 3, 1, 1], [0, 3]);
    t.resetCalls();
    const loaded = await t.store.load("snap");
    expect(t.calls).toEqual(["Query"]);
    expect(loaded?.snapshot.state.version).toBe(7);
    expect(loaded?.commits.flatMap((c) => c.events.map((e) => e.version))).toEqual([8, 9]);
  });

  it("returns null for a match that does not exist", async () => {
    expect(await t.store.load("nobody")).toBeNull();
  });

  it("reads events after any version, across commits of several events", async () => {
    await appendCommits("read", [1, 3, 2, 1]);
    const all = await t.store.readEvents("read", 0, 100);
    expect(all.map((e) => e.version)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (let after = 0; after <= 7; after++) {
      expect((await t.store.readEvents("read", after, 100)).map((e) => e.version)).toEqual(all.filter((e) => e.version > after).map((e) => e.version));
    }
    expect((await t.store.readEvents("read", 2, 2)).map((e) => e.version)).toEqual([3, 4]);
  });

  it("pages through a long log", async () => {
    // DynamoDB answers a query in pages of at most 1 MB: 300 events of 4 KB need two pages.
    const big = "x".repeat(4000);
    for (let v = 1; v <= 300; v++) {
      await t.store.append("long", {
        events: [{ version: v, type: "MovePlayed", at, data: { seat: 0, move: big } }],
        snapshot: v === 1 ? snapshotAt(1) : undefined,
      });
    }
    t.resetCalls();
    const events = await t.store.readEvents("long", 0, 1000);
    expect(events.map((e) => e.version)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(t.calls.length).toBeGreaterThan(1);
  });
});
