import { join } from "node:path";
import { DescribeTableCommand, type DynamoDBClient } from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { Logger } from "../logger.js";
import { createDynamoClients } from "../store/dynamo/client.js";
import { indexWritesOfItem } from "../store/dynamo/event-store.js";
import { type EmbeddedStore, startEmbeddedStore } from "../store/dynamo/embedded-store.js";
import type { EventStore } from "../store/event-store.js";
import { importEmbeddedTable } from "../store/level/import-embedded.js";
import { openLevelStores } from "../store/level/stores.js";
import type { MatchIndex } from "../store/match-index.js";
import type { PlayerStore } from "../store/player-store.js";
import type { WebhookStore } from "../store/webhook-store.js";
import { tableStores } from "../store/dynamo/stores.js";
import { ensureTable, matchIdOfCommit } from "../store/dynamo/table.js";
import { lockDataDir } from "./data-lock.js";
import { LEVEL_STORE_DIR, type StoreKind } from "./store-kind.js";

/** The store the local server runs on, whichever it is. */
export interface LocalStore {
  readonly kind: StoreKind;
  readonly stores: { readonly store: EventStore; readonly players: PlayerStore; readonly index: MatchIndex; readonly webhookStore: WebhookStore };
  /**
   * Whether this process is the only writer (the store is its own, embedded): then what it
   * keeps of a match stays current. False for DYNAMODB_ENDPOINT, which others may write.
   */
  readonly exclusive: boolean;
  /**
   * Tells `listener` the match of every commit the store has acknowledged, from the store's own
   * record of its writes, whatever became of the writer (as the table's stream does on AWS).
   * Null for DYNAMODB_ENDPOINT: this process knows its own commits only.
   */
  readonly onCommit: ((listener: (matchId: string) => void) => () => void) | null;
  /** The DynamoDB path's clients and table (lambda mode's connection registry and stream feeder); null on the Level store. */
  readonly dynamo: { readonly client: DynamoDBClient; readonly doc: DynamoDBDocumentClient; readonly tableName: string; readonly embedded: EmbeddedStore | null } | null;
  /** Resolves if the store answers (GET /healthz); rejects otherwise. */
  check(): Promise<void>;
  close(): Promise<void>;
}

export interface LocalStoreOptions {
  readonly kind: StoreKind;
  /** Nothing on disk: both stores have an in-memory form. */
  readonly memory: boolean;
  readonly dataDir: string;
  readonly dynamoEndpoint?: string | undefined;
  readonly region?: string | undefined;
  readonly tableName: string;
  readonly logger: Logger;
}

/**
 * Opens the store: the Level store in `<dataDir>/tabula-level` (importing, once, what an older
 * version kept in the embedded DynamoDB store of the same directory), or the DynamoDB path, on
 * dynalite in `<dataDir>` or on DYNAMODB_ENDPOINT. A data directory is locked for this process
 * first (data-lock.ts), whichever store uses it.
 */
export async function openLocalStore(options: LocalStoreOptions): Promise<LocalStore> {
  const closers: (() => Promise<void> | void)[] = [];
  const close = async () => {
    for (const fn of closers.splice(0).reverse()) await fn();
  };
  try {
    const dataDir = options.memory || options.dynamoEndpoint ? undefined : options.dataDir;
    if (dataDir) closers.push(await lockDataDir(dataDir));
    const opened = options.kind === "level" ? await openLevel(dataDir, options, closers) : await openDynamo(dataDir, options, closers);
    return { ...opened, close };
  } catch (error) {
    await close();
    throw error;
  }
}

type Opened = Omit<LocalStore, "close">;

async function openLevel(dataDir: string | undefined, options: LocalStoreOptions, closers: (() => Promise<void> | void)[]): Promise<Opened> {
  const level = await openLevelStores({ path: dataDir && join(dataDir, LEVEL_STORE_DIR), logger: options.logger });
  closers.push(() => level.close());
  if (dataDir) {
    const report = await importEmbeddedTable(level, { dataDir, tableName: options.tableName });
    if (report) {
      options.logger.warn(
        `imported ${report.matches} matches (${report.commits} commits), ${report.players} players and ${report.indexEntries} inbox and deadline entries ` +
          `from the embedded DynamoDB store in ${dataDir} into the Level store in ${join(dataDir, LEVEL_STORE_DIR)}, once; ` +
          "the old files are left as they were (--store dynamodb opens them)",
      );
    }
  }
  const { store, players, index, webhookStore } = level;
  return {
    kind: "level",
    stores: { store, players, index, webhookStore },
    exclusive: true,
    // The store itself reports each commit, once the batch is durable.
    onCommit: (listener) => store.onCommit(({ matchId }) => listener(matchId)),
    dynamo: null,
    check: () => level.check(),
  };
}

async function openDynamo(dataDir: string | undefined, options: LocalStoreOptions, closers: (() => Promise<void> | void)[]): Promise<Opened> {
  const { logger, tableName } = options;
  let embedded: EmbeddedStore | null = null;
  if (!options.dynamoEndpoint) {
    const started = await startEmbeddedStore({ path: dataDir });
    closers.push(() => started.close());
    embedded = started;
  }
  const { client, doc } = createDynamoClients({ endpoint: options.dynamoEndpoint ?? embedded!.endpoint, region: options.region });
  closers.push(() => client.destroy());
  await ensureTable(client, tableName, { embedded: embedded !== null });
  const stores = tableStores(doc, tableName, logger);
  const onCommit = (listener: (matchId: string) => void) =>
    embedded!.onPut(({ tableName: table, item }) => {
      if (table !== tableName) return;
      const matchId = matchIdOfCommit(item);
      if (matchId) listener(matchId);
    });
  if (embedded) {
    // As the table's stream does on AWS: the index entries a commit carries are applied again
    // from the store's own record of it (idempotent), whatever became of its writer.
    closers.push(
      embedded.onPut(({ tableName: table, item }) => {
        const found = table === tableName ? indexWritesOfItem(item) : null;
        if (found) stores.index.apply(found.matchId, found.writes).catch((error: unknown) => logger.error(`index entries of match ${found.matchId} not applied`, error, { matchId: found.matchId }));
      }),
    );
  }
  return {
    kind: "dynamodb",
    stores,
    exclusive: embedded !== null,
    onCommit: embedded ? onCommit : null,
    dynamo: { client, doc, tableName, embedded },
    check: async () => void (await client.send(new DescribeTableCommand({ TableName: tableName }))),
  };
}
