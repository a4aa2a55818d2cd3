import { GetCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONNECTION_TTL_SECONDS, ConnectionStore, type SubscriptionRecord } from "../../src/store/dynamo/connection-store.js";
import { createDynamoClients } from "../../src/store/dynamo/client.js";
import { type EmbeddedStore, startEmbeddedStore } from "../../src/store/dynamo/embedded-store.js";
import { startTestStore, type TestStore } from "../support/dynamo.js";

/** WebSocket connections and subscriptions of the API Gateway path, on the real embedded store. */

let embedded: EmbeddedStore;
let test: TestStore;
let doc: DynamoDBDocumentClient;
let destroy: () => void;
let now: number;
let connections: ConnectionStore;

beforeAll(async () => {
  embedded = await startEmbeddedStore();
  const clients = createDynamoClients({ endpoint: embedded.endpoint });
  doc = clients.doc;
  destroy = () => clients.client.destroy();
});
afterAll(async () => {
  destroy?.();
  await embedded?.close();
});
beforeEach(async () => {
  await test?.close();
  test = await startTestStore(embedded);
  now = Date.parse("2026-11-30T12:00:00Z");
  connections = new ConnectionStore(doc, test.tableName, () => now);
});

const item = async (PK: string, SK: string) => (await doc.send(new GetCommand({ TableName: test.tableName, Key: { PK, SK }, ConsistentRead: true }))).Item;
const allKeys = async () =>
  ((await doc.send(new ScanCommand({ TableName: test.tableName, ConsistentRead: true }))).Items ?? []).map((i) => `${i.PK} ${i.SK}`).sort();

/** The subscriptions the fan-out sees, without how it treats them. */
const subscribersOf = async (matchId: string): Promise<SubscriptionRecord[]> =>
  (await connections.fanOutView(matchId)).subscribers.map(({ following: _, ...record }) => record);

const sub = (overrides: Partial<SubscriptionRecord> = {}): SubscriptionRecord => ({
  connectionId: "c1=",
  subscriptionId: "s1",
  matchId: "m1",
  query: "subscription { matchUpdated(matchId: \"m1\") { version } }",
  variables: null,
  operationName: null,
  seat: 0,
  lastSent: 0,
  ...overrides,
});

describe("ConnectionStore", () => {
  it("open is an upsert that keeps the first connectedAt; initialize works once, before or after open", async () => {
    await connections.open("c1=");
    expect(await connections.get("c1=")).toEqual({ connectionId: "c1=", initialized: false, credential: null, subscriptions: [], address: null });
    const first = await item("CONN#c1=", "CONN");
    expect(first).toMatchObject({ connectedAt: "2026-11-30T12:00:00.000Z", expiresAt: now / 1000 + CONNECTION_TTL_SECONDS });

    now += 60_000;
    await connections.open("c1=");
    expect(await item("CONN#c1=", "CONN")).toMatchObject({ connectedAt: "2026-11-30T12:00:00.000Z", expiresAt: now / 1000 + CONNECTION_TTL_SECONDS });

    const credential = { hash: "ab".repeat(32), playerToken: true, playerId: "p1" };
    expect(await connections.initialize("c1=", credential)).toEqual({ connectionId: "c1=", initialized: true, credential, subscriptions: [], address: null });
    expect(await connections.initialize("c1=", null)).toBeNull();
    expect(await connections.get("c1=")).toMatchObject({ initialized: true, credential });

    // connection_init handled before $connect stored the connection: both orders end the same.
    expect(await connections.initialize("c2=", null)).toMatchObject({ initialized: true, credential: null });
    await connections.open("c2=");
    expect(await connections.get("c2=")).toEqual({ connectionId: "c2=", initialized: true, credential: null, subscriptions: [], address: null });
    expect(await item("CONN#c2=", "CONN")).toMatchObject({ connectedAt: expect.any(String), expiresAt: expect.any(Number) });
  });

  it("subscribe stores the subscription in its match's partition; a second one with the same id is refused", async () => {
    await connections.open("c1=");
    expect(await connections.subscribe(sub())).toBe("stored");
    expect(await connections.subscribe(sub({ matchId: "m2" }))).toBe("duplicate");
    expect(await connections.subscribe(sub({ subscriptionId: "s2", matchId: "m2", seat: null, lastSent: 4, variables: { a: 1 }, operationName: "Op" }))).toBe("stored");
    expect(await connections.subscribe(sub({ connectionId: "c9=" }))).toBe("stored");

    expect([...((await connections.get("c1="))?.subscriptions ?? [])].sort()).toEqual(["m1#s1", "m2#s2"]);
    expect(await subscribersOf("m1")).toEqual([sub(), sub({ connectionId: "c9=" })]);
    expect(await subscribersOf("m2")).toEqual([sub({ subscriptionId: "s2", matchId: "m2", seat: null, lastSent: 4, variables: { a: 1 }, operationName: "Op" })]);
    expect(await subscribersOf("m3")).toEqual([]);
    expect(await item("MATCH#m1", "SUB#c1=#s1")).toMatchObject({ expiresAt: now / 1000 + CONNECTION_TTL_SECONDS });
  });

  it("unsubscribe removes one subscription; close removes the connection and all of its subscriptions only", async () => {
    await connections.open("c1=");
    await connections.open("c2=");
    await connections.subscribe(sub());
    await connections.subscribe(sub({ subscriptionId: "s2", matchId: "m2" }));
    await connections.subscribe(sub({ connectionId: "c2=" }));

    await connections.unsubscribe("c1=", "s1");
    await connections.unsubscribe("c1=", "never-was");
    expect((await connections.get("c1="))?.subscriptions).toEqual(["m2#s2"]);
    expect(await subscribersOf("m1")).toEqual([sub({ connectionId: "c2=" })]);
    // The id is free again.
    expect(await connections.subscribe(sub({ matchId: "m2" }))).toBe("stored");

    // The server ending one, knowing its match; never bringing back a closed connection.
    await connections.unsubscribe("c2=", "s1", "m1");
    expect((await connections.get("c2="))?.subscriptions).toEqual([]);
    await connections.subscribe(sub({ connectionId: "c2=" }));

    await connections.close("c1=");
    expect(await connections.get("c1=")).toBeNull();
    expect(await allKeys()).toEqual(["CONN#c2= CONN", "MATCH#m1 SUB#c2=#s1"]);
    await connections.unsubscribe("c1=", "s2", "m2");
    expect(await allKeys()).toEqual(["CONN#c2= CONN", "MATCH#m1 SUB#c2=#s1"]);
    await connections.close("c1=");
    await connections.close("never-was=");
  });

  it("claims a subscription id atomically: of concurrent subscribes with one id, exactly one wins", async () => {
    await connections.open("c1=");
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => connections.subscribe(sub({ matchId: `m${i}` }))));
    expect(results.filter((r) => r === "stored")).toHaveLength(1);
    expect((await allKeys()).filter((k) => k.includes("SUB#"))).toHaveLength(1);
  });

  it("caps the subscriptions of a connection and of an address (over all its connections); ending them gives the places back", async () => {
    const limits = { connection: 2, address: 3 };
    await connections.open("c1=", "203.0.113.7");
    await connections.open("c2=", "203.0.113.7");
    await connections.open("c3=", "198.51.100.1");
    const on = (connectionId: string, subscriptionId: string) => connections.subscribe(sub({ connectionId, subscriptionId }), undefined, limits, "203.0.113.7");
    expect(await on("c1=", "a")).toBe("stored");
    expect(await on("c1=", "a")).toBe("duplicate");
    expect(await on("c1=", "b")).toBe("stored");
    expect(await on("c1=", "c")).toBe("connection");
    expect(await on("c2=", "a")).toBe("stored");
    expect(await on("c2=", "b")).toBe("address");
    expect((await item("ADDR#203.0.113.7", "ADDR"))?.subs).toBe(3);
    // Another address is counted apart.
    expect(await connections.subscribe(sub({ connectionId: "c3=" }), undefined, limits, "198.51.100.1")).toBe("stored");
    // Ended by the client, or with its connection: the places are free again.
    await connections.unsubscribe("c1=", "a");
    await connections.unsubscribe("c1=", "a"); // twice gives back one
    expect((await item("ADDR#203.0.113.7", "ADDR"))?.subs).toBe(2);
    expect(await on("c2=", "b")).toBe("stored");
    // Both full: the address's count is taken first (gateway-routes.ts asks the connection's before).
    expect(await on("c2=", "c")).toBe("address");
    await connections.close("c2=");
    expect((await item("ADDR#203.0.113.7", "ADDR"))?.subs).toBe(1);
    expect(await on("c1=", "a")).toBe("stored");
    // A count nobody touched for as long as a connection lives is of connections all gone.
    now += (CONNECTION_TTL_SECONDS + 1) * 1000;
    await connections.open("c4=", "203.0.113.7");
    for (const id of ["x", "y", "z"]) expect(await connections.subscribe(sub({ connectionId: "c4=", subscriptionId: id }), undefined, { connection: 5, address: 3 }, "203.0.113.7")).toBe("stored");
    expect(await connections.subscribe(sub({ connectionId: "c4=", subscriptionId: "w" }), undefined, { connection: 5, address: 3 }, "203.0.113.7")).toBe("address");
  });

  it("subscription ids may contain '#' (the protocol allows any string): each one is its own", async () => {
    await connections.open("c1=");
    expect(await connections.subscribe(sub({ subscriptionId: "a#1" }))).toBe("stored");
    expect(await connections.subscribe(sub({ subscriptionId: "1" }))).toBe("stored");
    expect(await connections.subscribe(sub({ subscriptionId: "#", matchId: "m2" }))).toBe("stored");
    await connections.unsubscribe("c1=", "1");
    expect((await subscribersOf("m1")).map((s) => s.subscriptionId)).toEqual(["a#1"]);
    await connections.close("c1=");
    expect(await allKeys()).toEqual([]);
  });

  it("reads skip what expired, though TTL deletion has not happened yet", async () => {
    await connections.open("c1=");
    await connections.initialize("c1=", null);
    await connections.subscribe(sub());
    now += (CONNECTION_TTL_SECONDS - 1) * 1000;
    expect(await connections.get("c1=")).not.toBeNull();
    expect(await subscribersOf("m1")).toHaveLength(1);
    now += 1000;
    expect(await connections.get("c1=")).toBeNull();
    expect(await subscribersOf("m1")).toEqual([]);
    expect(await connections.claim(sub(), "lease", 1000)).toBe("gone");
    // Still physically there: only the reads filter.
    expect(await allKeys()).toEqual(["CONN#c1= CONN", "MATCH#m1 SUB#c1=#s1"]);
    // Every write refreshes the expiry of what it touches.
    await connections.open("c1=");
    expect(await connections.get("c1=")).not.toBeNull();
  });

  it("claim takes a lease (busy for others until released or expired); release records lastSent; gone after unsubscribe", async () => {
    await connections.open("c1=");
    await connections.subscribe(sub({ lastSent: 3 }));
    expect(await connections.claim(sub(), "A", 10_000)).toBe(3);
    expect(await connections.claim(sub(), "B", 10_000)).toBe("busy");

    // A stale holder cannot release someone else's lease.
    await connections.release(sub(), "B", 99);
    expect(await connections.claim(sub(), "B", 10_000)).toBe("busy");
    await connections.release(sub(), "A", 7);
    expect(await item("MATCH#m1", "SUB#c1=#s1")).toMatchObject({ lastSent: 7 });
    expect(await item("MATCH#m1", "SUB#c1=#s1")).not.toHaveProperty("leaseId");

    // An abandoned lease (a delivery that died) can be taken once it runs out.
    expect(await connections.claim(sub(), "C", 10_000)).toBe(7);
    now += 10_000;
    expect(await connections.claim(sub(), "D", 10_000)).toBe("busy");
    now += 1;
    expect(await connections.claim(sub(), "D", 10_000)).toBe(7);
    // C's late release changes nothing.
    await connections.release(sub(), "C", 100);
    expect(await item("MATCH#m1", "SUB#c1=#s1")).toMatchObject({ lastSent: 7, leaseId: "D" });

    await connections.unsubscribe("c1=", "s1");
    expect(await connections.claim(sub(), "E", 10_000)).toBe("gone");
    // Releasing after the subscription ended does not bring it back.
    await connections.release(sub(), "D", 8);
    expect(await allKeys()).toEqual(["CONN#c1= CONN"]);
    expect(await connections.claim(sub({ matchId: "nowhere" }), "F", 10_000)).toBe("gone");
  });

  it("a subscription stored with a lease is its catch-up's until released; release hands it to the stream, a failed push takes it back", async () => {
    await connections.open("c1=");
    await connections.subscribe(sub({ lastSent: 2 }), { id: "catch-up", ms: 10_000 });
    expect(await connections.claim(sub(), "fan-out", 10_000)).toBe("busy");
    expect((await connections.fanOutView("m1")).subscribers).toEqual([{ ...sub({ lastSent: 2 }), following: false }]);

    await connections.release(sub(), "catch-up", 5, true);
    expect(await connections.fanOutView("m1")).toEqual({ subscribers: [{ ...sub({ lastSent: 5 }), following: true }], deliveredThrough: null });
    await connections.fallBehind(sub(), 6);
    expect((await connections.fanOutView("m1")).subscribers).toEqual([{ ...sub({ lastSent: 6 }), following: false }]);
    // A delivery that could not finish releases without handing over.
    expect(await connections.claim(sub(), "fan-out", 10_000)).toBe(6);
    await connections.release(sub(), "fan-out", 7);
    expect((await connections.fanOutView("m1")).subscribers).toEqual([{ ...sub({ lastSent: 7 }), following: false }]);
    // Falling behind after the subscription ended does not bring it back.
    await connections.unsubscribe("c1=", "s1");
    await connections.fallBehind(sub(), 8);
    expect(await allKeys()).toEqual(["CONN#c1= CONN"]);
  });

  it("the fan-out's claim: one invocation at a time, refused once the mark has the version, taken over when it ran out; the mark is read with the subscribers and never taken for one", async () => {
    expect(await connections.fanOutView("m1")).toEqual({ subscribers: [], deliveredThrough: null });
    // The first claim writes the mark: what every follower had already.
    expect(await connections.claimFanOut("m1", "a", 3, 5, 10_000)).toEqual({ outcome: "claimed", deliveredThrough: 3 });
    expect(await connections.claimFanOut("m1", "b", 3, 5, 10_000)).toEqual({ outcome: "busy" });
    await connections.finishFanOut("m1", "b", 9); // not b's: nothing changes
    expect((await connections.fanOutView("m1")).deliveredThrough).toBe(3);
    await connections.finishFanOut("m1", "a", 5);
    expect((await connections.fanOutView("m1")).deliveredThrough).toBe(5);
    // The same versions again (a retried batch): delivered, nothing to claim.
    expect(await connections.claimFanOut("m1", "c", 3, 5, 10_000)).toEqual({ outcome: "delivered", deliveredThrough: 5 });
    // A claim that ran out (its invocation died) is taken over; the mark stays what it was.
    expect(await connections.claimFanOut("m1", "d", 5, 7, 10_000)).toEqual({ outcome: "claimed", deliveredThrough: 5 });
    now += 10_001;
    expect(await connections.claimFanOut("m1", "e", 5, 7, 10_000)).toEqual({ outcome: "claimed", deliveredThrough: 5 });
    await connections.finishFanOut("m1", "d", 7);
    expect((await connections.fanOutView("m1")).deliveredThrough).toBe(5);
    // Finished with no followers left: the mark stays.
    await connections.finishFanOut("m1", "e", null);
    expect((await connections.fanOutView("m1")).deliveredThrough).toBe(5);
    await connections.open("c1=");
    await connections.subscribe(sub());
    now += CONNECTION_TTL_SECONDS * 1000;
    expect(await connections.fanOutView("m1")).toEqual({ subscribers: [], deliveredThrough: 5 });
    expect((await connections.fanOutView("m2")).deliveredThrough).toBeNull();
  });
});
