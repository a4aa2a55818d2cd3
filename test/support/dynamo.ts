import { randomUUID } from "node:crypto";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { createDynamoClients } from "../../src/store/dynamo/client.js";
import type { DynamoEventStore } from "../../src/store/dynamo/event-store.js";
import type { DynamoMatchIndex } from "../../src/store/dynamo/match-index.js";
import type { DynamoPlayerStore } from "../../src/store/dynamo/player-store.js";
import type { DynamoWebhookStore } from "../../src/store/dynamo/webhook-store.js";
import { tableStores } from "../../src/store/dynamo/stores.js";
import { type EmbeddedStore, startEmbeddedStore } from "../../src/store/dynamo/embedded-store.js";
import { ensureTable } from "../../src/store/dynamo/table.js";

/** A fresh table on a real embedded DynamoDB-compatible store, with every API call counted. */
export interface TestStore {
  readonly store: DynamoEventStore;
  readonly players: DynamoPlayerStore;
  readonly index: DynamoMatchIndex;
  readonly webhookStore: DynamoWebhookStore;
  /** The counted client, for other stores on the same table. */
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly endpoint: string;
  /** Operation names (PutItem, Query, ...) sent since the last `resetCalls`. */
  readonly calls: string[];
  resetCalls(): void;
  close(): Promise<void>;
}

export async function startTestStore(embedded?: EmbeddedStore): Promise<TestStore> {
  const server = embedded ?? (await startEmbeddedStore());
  const { client, doc } = createDynamoClients({ endpoint: server.endpoint });
  const calls: string[] = [];
  client.middlewareStack.add(
    (next, context) => (args) => {
      calls.push(String(context.commandName).replace(/Command$/, ""));
      return next(args);
    },
    { step: "initialize", name: "countCalls" },
  );
  const tableName = `t-${randomUUID()}`;
  await ensureTable(client, tableName);
  calls.length = 0;
  return {
    ...tableStores(doc, tableName),
    doc,
    tableName,
    endpoint: server.endpoint,
    calls,
    resetCalls: () => void (calls.length = 0),
    close: async () => {
      client.destroy();
      if (!embedded) await server.close();
    },
  };
}
