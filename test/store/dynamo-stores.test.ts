import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DynamoEventStore } from "../../src/store/dynamo/event-store.js";
import { startTestStore, type TestStore } from "../support/dynamo.js";
import { describeStoreContract } from "./contract/index.js";
import { appendCommits, at, created, row, snapshotAt } from "./contract/fixtures.js";

describe("the DynamoDB adapters, on dynalite", () => {
  describeStoreContract(startTestStore);
});

/** What only the DynamoDB adapters promise: the calls each operation costs, the index written after the commit. */
describe("the DynamoDB adapters' own", () => {
  let t: TestStore;
  beforeAll(async () => void (t = await startTestStore()));
  afterAll(() => t.close());

  it("loads a match in one Query", async () => {
    await appendCommits(t.store, "snap", [1, 2, 1, 3, 1, 1], [0, 3]);
    t.resetCalls();
    const loaded = await t.store.load("snap");
    expect(t.calls).toEqual(["Query"]);
    expect(loaded?.commits.flatMap((c) => c.events.map((e) => e.version))).toEqual([8, 9]);
  });

  it("pages a long log over several queries (DynamoDB answers at most 1 MB a page)", async () => {
    const big = "x".repeat(4000);
    for (let v = 1; v <= 300; v++) {
      await t.store.append("long", { events: [{ version: v, type: "MovePlayed", at, data: { seat: 0, move: big } }], snapshot: v === 1 ? snapshotAt(1) : undefined });
    }
    t.resetCalls();
    expect(await t.store.readEvents("long", 0, 1000)).toHaveLength(300);
    expect(t.calls.length).toBeGreaterThan(1);
  });

  it("does not fail a commit whose index entries cannot be written: they stay in the commit item", async () => {
    const failures: string[] = [];
    const broken = new DynamoEventStore(t.store["doc" as never], t.tableName, (matchId) => failures.push(matchId));
    (broken as unknown as { index: { apply: () => Promise<void> } }).index = { apply: () => Promise.reject(new Error("throttled")) };
    await broken.append("kept", { ...created("kept"), index: { version: 1, rows: [row("kept")] } });
    expect(failures).toEqual(["kept"]);
    expect((await t.store.readEvents("kept", 0, 10)).map((e) => e.type)).toEqual(["MatchCreated"]);
  });

  it("indexes the webhook work due later by when, of each kind, and drops it once it is not due", async () => {
    const hooks = t.webhookStore;
    const record = { id: "due1", owner: { scope: "player" as const, playerId: "p-due" }, url: "https://example.com/h", events: ["clock.warning"], secrets: { current: "whsec_a", previous: null }, status: "active" as const, reason: null, createdAt: at, updatedAt: at };
    await hooks.create(record);
    const mine = async (until: string) => (await hooks.due(new Date(until))).filter((d) => d.webhookId === "due1");
    await hooks.setCursor("due1", "m1", { version: 1, sent: [], attempt: 1, nextAttemptAt: "2026-03-01T00:00:10.000Z" });
    await hooks.setWarnings("due1", "m1", { sent: [], attempt: 0, retryAt: null, wakeAt: "2026-03-01T00:00:20.000Z" });
    await hooks.markCatchUp("due1", new Date("2026-03-01T00:00:30.000Z"));
    expect(await mine("2026-03-01T00:00:05.000Z")).toEqual([]);
    expect(await mine("2026-03-01T00:00:20.000Z")).toEqual([
      { kind: "events", webhookId: "due1", matchId: "m1", at: "2026-03-01T00:00:10.000Z" },
      { kind: "warnings", webhookId: "due1", matchId: "m1", at: "2026-03-01T00:00:20.000Z" },
    ]);
    expect((await mine("2026-03-01T00:01:00.000Z")).map((d) => d.kind)).toEqual(["events", "warnings", "catchUp"]);
    // Delivered, nothing more to wake for, the catch-up done: none of it is due any more.
    await hooks.setCursor("due1", "m1", { version: 2, sent: [], attempt: 0, nextAttemptAt: null });
    await hooks.setWarnings("due1", "m1", { sent: ["msg_x"], attempt: 0, retryAt: null, wakeAt: null });
    await hooks.clearCatchUp("due1", "2026-03-01T00:00:30.000Z");
    expect(await mine("2026-03-01T00:01:00.000Z")).toEqual([]);
  });
});
