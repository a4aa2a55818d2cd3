import { type CreateTableCommandInput, DescribeTableCommand } from "@aws-sdk/client-dynamodb";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTable } from "../../src/store/dynamo/create-table.js";
import { createDynamoClients } from "../../src/store/dynamo/client.js";
import { DynamoEventStore } from "../../src/store/dynamo/event-store.js";
import { DynamoMatchIndex } from "../../src/store/dynamo/match-index.js";
import { type EmbeddedStore, startEmbeddedStore } from "../../src/store/dynamo/embedded-store.js";
import { ensureTable, INDEX } from "../../src/store/dynamo/table.js";
import { created, row } from "./contract/fixtures.js";

let embedded: EmbeddedStore;
beforeAll(async () => void (embedded = await startEmbeddedStore()));
afterAll(() => embedded.close());

/** A table as the versions before the index made it: the keys only. */
const tableWithoutIndex = (tableName: string): CreateTableCommandInput => ({
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

describe("the index of an older local table", () => {
  it("is added to a table of the embedded store made before it existed (an older .data directory), its items kept", async () => {
    const { client } = createDynamoClients({ endpoint: embedded.endpoint });
    const tableName = `old-${randomUUID()}`;
    await createTable(client, tableWithoutIndex(tableName));
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
    await createTable(client, tableWithoutIndex(`${tableName}.pre-index`));
    await new DynamoEventStore(doc, `${tableName}.pre-index`).append("x", created("x"));
    await ensureTable(client, tableName, { embedded: true });
    expect(await new DynamoEventStore(doc, tableName).readEvents("x", 0, 10)).toHaveLength(1);
    await expect(client.send(new DescribeTableCommand({ TableName: `${tableName}.pre-index` }))).rejects.toThrow();
    client.destroy();
  });
});
