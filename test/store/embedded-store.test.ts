import { PutItemCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createDynamoClients } from "../../src/store/dynamo/client.js";
import { type EmbeddedStore, type StoredItem, startEmbeddedStore } from "../../src/store/dynamo/embedded-store.js";
import { ensureTable } from "../../src/store/dynamo/table.js";

let embedded: EmbeddedStore;
beforeAll(async () => void (embedded = await startEmbeddedStore()));
afterAll(() => embedded.close());

it("reports each acknowledged put, and not the ones the store refused", async () => {
  const { client } = createDynamoClients({ endpoint: embedded.endpoint });
  await ensureTable(client, "feed");
  const seen: StoredItem[] = [];
  const stop = embedded.onPut((w) => seen.push(w));
  const put = (sk: string) =>
    client.send(
      new PutItemCommand({
        TableName: "feed",
        Item: { PK: { S: "MATCH#a" }, SK: { S: sk } },
        ConditionExpression: "attribute_not_exists(SK)",
      }),
    );
  await put("EV#1");
  await expect(put("EV#1")).rejects.toThrow();
  await put("EV#2");
  await new Promise((r) => setTimeout(r, 20));
  expect(seen.map((w) => [w.tableName, w.item.SK?.S])).toEqual([
    ["feed", "EV#1"],
    ["feed", "EV#2"],
  ]);
  stop();
  await put("EV#3");
  expect(seen).toHaveLength(2);
  client.destroy();
});

it("takes a write at once on a table ensureTable has just made (it waits for the table to be ACTIVE)", async () => {
  const { client } = createDynamoClients({ endpoint: embedded.endpoint });
  // Without the wait about one write in six right after CreateTable is refused as if the table did not exist.
  for (let i = 0; i < 40; i++) {
    await ensureTable(client, `fresh-${i}`);
    await client.send(new PutItemCommand({ TableName: `fresh-${i}`, Item: { PK: { S: "MATCH#a" }, SK: { S: "EV#1" } } }));
  }
  client.destroy();
});
