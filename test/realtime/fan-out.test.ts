import { randomBytes } from "node:crypto";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliver } from "../../src/realtime/aws/deliver.js";
import { FAN_OUT_LEASE_MS, type FanOutDeps, handleStreamBatch, type StreamRecord } from "../../src/realtime/aws/fan-out.js";
import { createLogger } from "../../src/logger.js";
import type { ServerMessage } from "../../src/realtime/protocol.js";
import { RecentStates } from "../../src/realtime/aws/recent-states.js";
import { TimelineCache } from "../../src/realtime/timeline-cache.js";
import { createService, type TabulaService } from "../../src/api/service.js";
import { ConnectionStore, type SubscriptionRecord } from "../../src/store/dynamo/connection-store.js";
import { type EmbeddedStore, startEmbeddedStore } from "../../src/store/dynamo/embedded-store.js";
import { matchIdOfCommit } from "../../src/store/dynamo/table.js";
import { startTestStore, type TestStore } from "../support/dynamo.js";

/**
 * The stream fan-out on the real embedded store, with a recording management API: what each
 * subscriber is sent, and what the fan-out costs in DynamoDB calls.
 */
let embedded: EmbeddedStore;
let t: TestStore;
let service: TabulaService;
let connections: ConnectionStore;
let records: StreamRecord[];
let sent: { connectionId: string; message: ServerMessage }[];
/** Pushes to these connections wait until the gate opens; `reached` when the first one tries. */
let gate: { connections: Set<string>; open: Promise<void>; release: () => void; reached: Promise<void>; reach: () => void };
let deps: FanOutDeps & { states: RecentStates };
/** What the fan-out logged, as parsed JSON lines. */
let logged: Record<string, any>[];

beforeAll(async () => {
  embedded = await startEmbeddedStore();
  embedded.onPut(({ tableName, item }) => {
    if (tableName !== t?.tableName || !matchIdOfCommit(item)) return;
    records.push({
      eventID: `e${records.length}`,
      eventName: "INSERT",
      dynamodb: { Keys: { PK: item.PK!, SK: item.SK! }, NewImage: item, SequenceNumber: String(1000 + records.length), ApproximateCreationDateTime: Math.floor(Date.now() / 1000) },
    });
  });
});
afterAll(async () => {
  await t?.close();
  await embedded?.close();
});
beforeEach(async () => {
  await t?.close();
  t = await startTestStore(embedded);
  service = createService({ store: t.store, players: t.players, index: t.index, now: () => new Date("2026-01-01T00:00:00Z"), randomBytes });
  connections = new ConnectionStore(t.doc, t.tableName);
  records = [];
  sent = [];
  logged = [];
  let release = () => {};
  let reach = () => {};
  const open = new Promise<void>((resolve) => (release = resolve));
  const reached = new Promise<void>((resolve) => (reach = resolve));
  gate = { connections: new Set(), open, release: () => release(), reached, reach: () => reach() };
  deps = {
    store: t.store,
    connections,
    states: new RecentStates(),
    execute: async (_subscription, update) => ({ data: { version: update.version } }),
    post: async (connectionId, message) => {
      if (gate.connections.has(connectionId)) {
        gate.reach();
        await gate.open;
      }
      sent.push({ connectionId, message });
      return "sent";
    },
    leaseMs: 5_000,
    logger: createLogger("error", (line) => logged.push(JSON.parse(line))),
  };
});

async function newMatch(): Promise<{ id: string; tokens: string[] }> {
  const { state, seats } = await service.createMatch({ ruleset: "backgammon" });
  return { id: state.id, tokens: seats.map((s) => s.token) };
}

/** The seat to act moves (its first legal move) or rolls; returns the commit's stream records. */
async function play(match: { id: string; tokens: string[] }): Promise<StreamRecord[]> {
  const before = records.length;
  const toMove = (await service.matchView(match.id, undefined)).toMove ?? 0;
  const view = await service.matchView(match.id, match.tokens[toMove]);
  if (view.legalMoves.length > 0) await service.submitMove({ matchId: match.id, move: view.legalMoves[0]! }, match.tokens[toMove]);
  else await service.rollDice({ matchId: match.id }, match.tokens[toMove]);
  return records.slice(before);
}

const subscription = (matchId: string, connectionId: string, lastSent = 0): SubscriptionRecord => ({
  connectionId,
  subscriptionId: "s1",
  matchId,
  query: "subscription($m: ID!) { matchUpdated(matchId: $m) { version } }",
  variables: { m: matchId },
  operationName: null,
  seat: null,
  lastSent,
});

/** The versions each connection was sent, in order. */
const versionsTo = (connectionId: string) =>
  sent.filter((s) => s.connectionId === connectionId && s.message.type === "next").map((s) => (s.message as { payload: { data: { version: number } } }).payload.data.version);

/** Subscribes the way `$default` does: stored under the catch-up's lease, then caught up. */
async function subscribe(record: SubscriptionRecord, lease = "catch-up"): Promise<() => Promise<void>> {
  await connections.open(record.connectionId);
  await connections.subscribe(record, { id: lease, ms: 5_000 });
  return () => deliver(deps, record, new TimelineCache(t.store), { heldLease: lease });
}

describe("the stream fan-out", () => {
  it("a commit that lands during a subscriber's catch-up waits for it, then reaches it once, in order", async () => {
    const match = await newMatch();
    await play(match);
    // The catch-up has read the timeline (versions 1-2) and is slow to push it when a commit lands.
    gate.connections.add("late=");
    const catchUp = (await subscribe(subscription(match.id, "late=")))();
    await gate.reached;
    const fresh = await play(match);
    const fanOut = handleStreamBatch(deps, { Records: fresh });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(versionsTo("late=")).toEqual([]);
    gate.release();
    await catchUp;
    expect(await fanOut).toEqual({ batchItemFailures: [] });
    const log = (await service.listEvents({ matchId: match.id }, undefined)).events.map((e) => e.version);
    expect(versionsTo("late=")).toEqual(log);
    // The stream now follows it: the next commit goes straight to it, and a batch Lambda hands
    // over again (it delivers at least once) sends nothing twice.
    const next = await play(match);
    await handleStreamBatch(deps, { Records: next });
    await handleStreamBatch(deps, { Records: [...fresh, ...next] });
    expect(versionsTo("late=")).toEqual((await service.listEvents({ matchId: match.id }, undefined)).events.map((e) => e.version));
  });

  it("costs one query and two small writes per commit (the claim and the mark), whatever the number of subscribers; a push that fails is retried for that subscriber alone, on any container", async () => {
    const match = await newMatch();
    await play(match);
    const ids = Array.from({ length: 20 }, (_, i) => `c${i}=`);
    for (const id of ids) await (await subscribe(subscription(match.id, id)))();
    const warm = await play(match);
    await handleStreamBatch(deps, { Records: warm }); // the state of the match is now kept warm
    const fresh = await play(match);
    t.resetCalls();
    expect(await handleStreamBatch(deps, { Records: fresh })).toEqual({ batchItemFailures: [] });
    // A container that pushed to the match's followers before claims it while the query runs.
    const warmCalls = ["UpdateItem", "Query", "UpdateItem"];
    expect(t.calls).toEqual(warmCalls);
    const log = async () => (await service.listEvents({ matchId: match.id }, undefined)).events.map((e) => e.version);
    for (const id of ids) expect(versionsTo(id)).toEqual(await log());

    // One subscriber's push fails: the batch is reported, and its retry reaches only that one,
    // even from a container that knows nothing of the first attempt.
    const posting = deps.post;
    deps = { ...deps, post: async (connectionId, message) => (connectionId === "c7=" ? Promise.reject(new Error("throttled")) : posting(connectionId, message)) };
    const third = await play(match);
    t.resetCalls();
    const failed = await handleStreamBatch(deps, { Records: third });
    expect(failed.batchItemFailures).toEqual([{ itemIdentifier: third[0]!.dynamodb!.SequenceNumber }]);
    expect(logged).toEqual([expect.objectContaining({ level: "error", matchId: match.id, subscriptionId: expect.any(String), err: expect.objectContaining({ message: "throttled" }) })]);
    // The claim, the subscriber left behind, then the mark of how far the others got.
    expect(t.calls).toEqual(["UpdateItem", "Query", "UpdateItem", "UpdateItem"]);
    deps = { ...deps, post: posting, states: new RecentStates() };
    expect(await handleStreamBatch(deps, { Records: third })).toEqual({ batchItemFailures: [] });
    for (const id of ids) expect(versionsTo(id)).toEqual(await log());
    const fourth = await play(match);
    t.resetCalls();
    await handleStreamBatch(deps, { Records: fourth });
    // This container brought them up with the retry, so it claims early; then the subscribers,
    // the match it had not kept, and the mark.
    expect(t.calls).toEqual(["UpdateItem", "Query", "Query", "UpdateItem"]);
    const fifth = await play(match);
    t.resetCalls();
    await handleStreamBatch(deps, { Records: fifth });
    expect(t.calls).toEqual(warmCalls);
    for (const id of ids) expect(versionsTo(id)).toEqual(await log());
  });

  it("a match's records handed over again because another match's push failed send its subscribers nothing twice", async () => {
    const [first, second] = [await newMatch(), await newMatch()];
    await play(first);
    await play(second);
    await (await subscribe(subscription(first.id, "one=")))();
    await (await subscribe(subscription(second.id, "two=")))();
    const posting = deps.post;
    deps = { ...deps, post: async (connectionId, message) => (connectionId === "one=" ? Promise.reject(new Error("throttled")) : posting(connectionId, message)) };
    const batch = [...(await play(first)), ...(await play(second))];
    const failed = await handleStreamBatch(deps, { Records: batch });
    expect(failed.batchItemFailures).toEqual([{ itemIdentifier: batch[0]!.dynamodb!.SequenceNumber }]);
    // The stream resumes from the first failed record, which hands the second match over again.
    deps = { ...deps, post: posting, states: new RecentStates() };
    expect(await handleStreamBatch(deps, { Records: batch })).toEqual({ batchItemFailures: [] });
    for (const [match, id] of [[first, "one="], [second, "two="]] as const) {
      expect(versionsTo(id)).toEqual((await service.listEvents({ matchId: match.id }, undefined)).events.map((e) => e.version));
    }
  });

  it("an invocation that dies while it pushes leaves its mark, and is taken over once its claim runs out: the next commit brings every follower up", async () => {
    const match = await newMatch();
    await play(match);
    const ids = ["a=", "b=", "c="];
    for (const id of ids) await (await subscribe(subscription(match.id, id)))();
    await handleStreamBatch(deps, { Records: await play(match) });

    // The function hangs in its first pushes (a timeout), under a claim that has run out by the
    // time the next commit comes (its clock stands a lease in the past).
    const lost = await play(match);
    for (const id of ids) gate.connections.add(id);
    const dying = new ConnectionStore(t.doc, t.tableName, () => Date.now() - FAN_OUT_LEASE_MS - 1);
    void handleStreamBatch({ ...deps, connections: dying }, { Records: lost });
    await gate.reached;
    expect((await connections.fanOutView(match.id)).deliveredThrough).toBe(firstVersion(lost) - 1);

    // The stream gave that batch up; the next commit reaches a fresh container.
    const fresh = { ...deps, states: new RecentStates(), post: deps.post };
    gate.connections.clear();
    const next = await play(match);
    expect(await handleStreamBatch(fresh, { Records: next })).toEqual({ batchItemFailures: [] });
    const log = (await service.listEvents({ matchId: match.id }, undefined)).events.map((e) => e.version);
    for (const id of ids) expect(versionsTo(id)).toEqual(log);
    expect((await connections.fanOutView(match.id)).deliveredThrough).toBe(log.at(-1));
  });

  it("an early claim that nobody needed is given back, and a match without followers costs its query alone", async () => {
    const match = await newMatch();
    await play(match);
    await (await subscribe(subscription(match.id, "only=")))();
    await handleStreamBatch(deps, { Records: await play(match) });
    await connections.unsubscribe("only=", "s1", match.id);
    const next = await play(match);
    t.resetCalls();
    expect(await handleStreamBatch(deps, { Records: next })).toEqual({ batchItemFailures: [] });
    expect(t.calls).toEqual(["UpdateItem", "Query", "UpdateItem"]);
    const { Item } = await t.doc.send(new GetCommand({ TableName: t.tableName, Key: { PK: `MATCH#${match.id}`, SK: "SUB" }, ConsistentRead: true }));
    expect(Item).not.toHaveProperty("claimId");
    const after = await play(match);
    t.resetCalls();
    await handleStreamBatch(deps, { Records: after });
    expect(t.calls).toEqual(["Query"]);
  });

  it("two invocations on the same records at once: one pushes, the other leaves them to the stream's retry, which sends nothing; each connection gets each version once", async () => {
    const match = await newMatch();
    await play(match);
    const ids = Array.from({ length: 8 }, (_, i) => `o${i}=`);
    for (const id of ids) await (await subscribe(subscription(match.id, id)))();
    const batch = [...(await play(match)), ...(await play(match))];
    // Two containers: the first is held in its pushes while the second runs the same batch.
    gate.connections.add(ids[3]!);
    const first = handleStreamBatch(deps, { Records: batch });
    await gate.reached;
    const other = { ...deps, states: new RecentStates() };
    const second = await handleStreamBatch(other, { Records: batch });
    expect(second.batchItemFailures).toEqual([{ itemIdentifier: batch[0]!.dynamodb!.SequenceNumber }]);
    gate.release();
    expect(await first).toEqual({ batchItemFailures: [] });
    // The stream hands the batch to the second again: the mark has it all.
    t.resetCalls();
    expect(await handleStreamBatch(other, { Records: batch })).toEqual({ batchItemFailures: [] });
    expect(t.calls).not.toContain("PutItem");
    const log = (await service.listEvents({ matchId: match.id }, undefined)).events.map((e) => e.version);
    for (const id of ids) expect(versionsTo(id)).toEqual(log);
  });

  it("a batch retried whole or bisected after its invocation failed, on fresh containers, sends no version twice", async () => {
    const [one, two] = [await newMatch(), await newMatch()];
    await play(one);
    await play(two);
    for (const [match, id] of [[one, "b1="], [one, "b2="], [two, "b3="]] as const) await (await subscribe(subscription(match.id, id)))();
    const batch = [...(await play(one)), ...(await play(two)), ...(await play(one)), ...(await play(two))];
    const fresh = () => ({ ...deps, states: new RecentStates() });
    expect(await handleStreamBatch(fresh(), { Records: batch })).toEqual({ batchItemFailures: [] });
    // The function timed out after its pushes: Lambda hands the batch over again whole, then in halves, then in quarters.
    expect(await handleStreamBatch(fresh(), { Records: batch })).toEqual({ batchItemFailures: [] });
    for (const half of [batch.slice(0, 2), batch.slice(2)]) expect(await handleStreamBatch(fresh(), { Records: half })).toEqual({ batchItemFailures: [] });
    for (const record of batch) expect(await handleStreamBatch(fresh(), { Records: [record] })).toEqual({ batchItemFailures: [] });
    for (const [match, id] of [[one, "b1="], [one, "b2="], [two, "b3="]] as const) {
      expect(versionsTo(id)).toEqual((await service.listEvents({ matchId: match.id }, undefined)).events.map((e) => e.version));
    }
  });
});

/** The version of a commit's first event, from its stream record. */
const firstVersion = (records: StreamRecord[]): number => (JSON.parse((records[0]!.dynamodb!.NewImage!.events as { S: string }).S) as { version: number }[])[0]!.version;
