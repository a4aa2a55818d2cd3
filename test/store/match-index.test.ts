import { CreateTableCommand, DescribeTableCommand } from "@aws-sdk/client-dynamodb";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InboxRow } from "../../src/match/inbox-rows.js";
import type { Commit } from "../../src/match/snapshot.js";
import { createDynamoClients } from "../../src/store/dynamo-client.js";
import { DynamoEventStore } from "../../src/store/dynamo-event-store.js";
import { type EmbeddedStore, startEmbeddedStore } from "../../src/store/embedded-store.js";
import { DynamoMatchIndex } from "../../src/store/match-index.js";
import { ensureTable, INDEX } from "../../src/store/table.js";
import { startTestStore, type TestStore } from "../support/dynamo.js";

let t: TestStore;
let embedded: EmbeddedStore;
beforeAll(async () => {
  embedded = await startEmbeddedStore();
  t = await startTestStore(embedded);
});
afterAll(async () => {
  await t.close();
  await embedded.close();
});

/** A table as the versions before the index made it: the keys only. */
const tableWithoutIndex = (tableName: string) =>
  new CreateTableCommand({
    TableName: tableName,
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [
      { AttributeName: "PK", AttributeType: "S" },
      { AttributeName: "SK", AttributeType: "S" },
    ],
    KeySchema: [
      { AttributeName: "PK", KeyType: "HASH" },
      { AttributeName: "SK", KeyType: "RANGE" },
    ],
  });

/** The first commit of a match, as far as the store cares: its event and a snapshot. */
const created = (matchId: string): Commit => ({
  events: [{ version: 1, type: "MatchCreated", at: "2026-01-01T00:00:00.000Z", data: { matchId, ruleset: "gol", options: {}, seats: 2, diceCommitment: "c" } }],
  snapshot: { state: {} as never, secrets: { diceSeed: "00", seatTokenHashes: [] }, keys: [] },
});

const row = (matchId: string, over: Partial<InboxRow> = {}): InboxRow => ({
  playerId: "p1",
  matchId,
  ruleset: "gol",
  seat: 0,
  invited: false,
  status: "ACTIVE",
  toMove: false,
  deadline: "2026-01-05T00:00:00.000Z",
  finishedAt: null,
  players: [],
  ...over,
});

describe("the match index", () => {
  it("keeps each entry at its latest version: an older write (a late retry, the stream) changes nothing", async () => {
    await t.index.apply("m1", { version: 5, rows: [row("m1", { toMove: true })], due: { at: "2026-01-05T00:00:00.000Z" } });
    await t.index.apply("m1", { version: 3, rows: [row("m1", { toMove: false })], due: { at: null } });
    expect((await t.index.inbox("p1", { limit: 10 })).rows).toEqual([row("m1", { toMove: true })]);
    expect(await t.index.due("2026-01-06T00:00:00.000Z", 10)).toEqual([{ matchId: "m1", at: "2026-01-05T00:00:00.000Z" }]);
    await t.index.apply("m1", { version: 6, rows: [], due: { at: null } });
    expect(await t.index.due("2026-01-06T00:00:00.000Z", 10)).toEqual([]);
  });

  it("orders an inbox: to act (soonest deadline first, none last), then the others, then the finished (latest first)", async () => {
    const p = "order";
    const rows = [
      row("late", { playerId: p, toMove: true, deadline: "2026-02-01T00:00:00.000Z" }),
      row("soon", { playerId: p, toMove: true, deadline: "2026-01-02T00:00:00.000Z" }),
      row("never", { playerId: p, toMove: true, deadline: null }),
      row("theirs", { playerId: p }),
      row("old", { playerId: p, status: "FINISHED", deadline: null, finishedAt: "2025-01-01T00:00:00.000Z" }),
      row("new", { playerId: p, status: "FINISHED", deadline: null, finishedAt: "2025-06-01T00:00:00.000Z" }),
    ];
    for (const r of rows) await t.index.apply(r.matchId, { version: 1, rows: [r] });
    const ids = async (query = {}) => (await t.index.inbox(p, { limit: 10, ...query })).rows.map((r) => r.matchId);
    expect(await ids()).toEqual(["soon", "late", "never", "theirs", "new", "old"]);
    expect(await ids({ toMove: true })).toEqual(["soon", "late", "never"]);
    expect(await ids({ toMove: false, status: "ACTIVE" })).toEqual(["theirs"]);
    expect(await ids({ status: "FINISHED" })).toEqual(["new", "old"]);
    const first = await t.index.inbox(p, { limit: 4 });
    expect((await t.index.inbox(p, { limit: 4, after: first.next! })).rows.map((r) => r.matchId)).toEqual(["new", "old"]);
  });

  it("does not fail a commit whose index entries cannot be written: they stay in the commit item", async () => {
    const failures: string[] = [];
    const broken = new DynamoEventStore(t.store["doc" as never], t.tableName, (matchId) => failures.push(matchId));
    (broken as unknown as { index: { apply: () => Promise<void> } }).index = { apply: () => Promise.reject(new Error("throttled")) };
    await broken.append("kept", { ...created("kept"), index: { version: 1, rows: [row("kept")] } });
    expect(failures).toEqual(["kept"]);
    expect((await t.store.readEvents("kept", 0, 10)).map((e) => e.type)).toEqual(["MatchCreated"]);
  });

  it("is added to a table of the embedded store made before it existed (an older .data directory), its items kept", async () => {
    const { client } = createDynamoClients({ endpoint: embedded.endpoint });
    const tableName = `old-${randomUUID()}`;
    await client.send(tableWithoutIndex(tableName));
    const { doc } = createDynamoClients({ endpoint: embedded.endpoint });
    const old = new DynamoEventStore(doc, tableName);
    for (const id of ["a", "b", "c"]) await old.append(id, created(id));
    await ensureTable(client, tableName, { embedded: true });
    expect((await old.readEvents("b", 0, 10)).map((e) => e.type)).toEqual(["MatchCreated"]);
    const described = await client.send(new DescribeTableCommand({ TableName: tableName }));
    expect(described.Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName)).toEqual([INDEX.name]);
    const index = new DynamoMatchIndex(doc, tableName);
    await index.apply("m", { version: 1, rows: [row("m")] });
    expect((await index.inbox("p1", { limit: 5 })).rows).toHaveLength(1);
    await ensureTable(client, tableName, { embedded: true }); // once there, left alone
    expect((await old.readEvents("c", 0, 10))).toHaveLength(1);
    client.destroy();
  });

  it("finishes a rebuild interrupted after the table was dropped: the items set aside come back", async () => {
    const { client, doc } = createDynamoClients({ endpoint: embedded.endpoint });
    const tableName = `cut-${randomUUID()}`;
    await client.send(tableWithoutIndex(`${tableName}.pre-index`));
    await new DynamoEventStore(doc, `${tableName}.pre-index`).append("x", created("x"));
    await ensureTable(client, tableName, { embedded: true });
    expect(await new DynamoEventStore(doc, tableName).readEvents("x", 0, 10)).toHaveLength(1);
    await expect(client.send(new DescribeTableCommand({ TableName: `${tableName}.pre-index` }))).rejects.toThrow();
    client.destroy();
  });
});
