import { type CreateTableCommandInput, DescribeTableCommand, type DynamoDBClient, ResourceNotFoundException, UpdateTableCommand } from "@aws-sdk/client-dynamodb";
import { createTable } from "./create-table.js";
import { rebuildWithIndex } from "./table-migration.js";

/**
 * One table holds everything (single-table design):
 * - `PK=MATCH#<id>`, `SK=EV#<first version, 10 digits>`: one commit (the events of one command).
 * - `PK=PLAYER#<id>`, `SK=PROFILE`: a player (its name, the hash of its token).
 * - `PK=PLAYER#<id>`, `SK=MATCH#<match>`: the player's inbox row of one match, indexed by
 *   `GSI1PK=PLAYER#<id>`, `GSI1SK=<bucket>#<time>#<match>` (its turn first, soonest deadline first).
 * - `PK=DUE#<match>`, `SK=DUE`: when the match ends by itself, indexed (only while it is due) by
 *   `GSI1PK=DUE#<shard>`, `GSI1SK=<time>#<match>`, for the sweep that finishes overdue matches.
 * - `PK=WEBHOOK#<id>`: a webhook (`SK=WEBHOOK`, indexed by `GSI1PK=WEBHOOKS#<p:player | m:match>`,
 *   `GSI1SK=<created>#<id>`), its cursor in each match (`SK=CURSOR#<match>`) and its delivery log
 *   (`SK=LOG#<sequence, 10 digits>`). Work due later is indexed by `GSI1PK=WEBHOOK_DUE`,
 *   `GSI1SK=<time>#<webhook>#<match | *>`: a cursor while its retry waits, a webhook's clock
 *   warnings in a match (`SK=WARN#<match>`) while one is to be looked at, and a webhook's
 *   catch-up asked for (`SK=CATCHUP`), for the scheduled sweep on AWS (functions/webhook-deliver.ts).
 * Key names are shared with the CDK stack so the local table and the deployed one agree.
 */
export const TABLE_KEYS = { partition: "PK", sort: "SK" } as const;
export const TTL_ATTRIBUTE = "expiresAt";
/** The one global secondary index: inboxes by player, and deadlines. One, because CloudFormation adds a single GSI per update. */
export const INDEX = { name: "GSI1", partition: "GSI1PK", sort: "GSI1SK" } as const;

export const matchKey = (matchId: string): string => `MATCH#${matchId}`;
export const commitKey = (firstVersion: number): string => `EV#${String(firstVersion).padStart(10, "0")}`;
export const playerKey = (playerId: string): string => `PLAYER#${playerId}`;
export const PROFILE_SORT = "PROFILE";
export const dueKey = (matchId: string): string => `DUE#${matchId}`;
export const DUE_SORT = "DUE";
export const webhookKey = (webhookId: string): string => `WEBHOOK#${webhookId}`;
export const WEBHOOK_SORT = "WEBHOOK";
/** `owner` is `p:<player>` or `m:<match>`. */
export const webhookOwnerKey = (owner: string): string => `WEBHOOKS#${owner}`;
export const webhookCursorSort = (matchId: string): string => `CURSOR#${matchId}`;
export const webhookWarningSort = (matchId: string): string => `WARN#${matchId}`;
export const WEBHOOK_CATCH_UP_SORT = "CATCHUP";
/** The index partition of webhook work due later (retries, catch-ups); one, as the due work is little. */
export const WEBHOOK_DUE_KEY = "WEBHOOK_DUE";
export const webhookDueSort = (at: string, webhookId: string, matchId: string | null): string => `${at}#${webhookId}#${matchId ?? "*"}`;
export const webhookLogSort = (sequence: number): string => `LOG#${String(sequence).padStart(10, "0")}`;

/** The match of a stored commit item (DynamoDB wire format, as a stream record carries it), else null. */
export function matchIdOfCommit(item: Record<string, { S?: string } | undefined>): string | null {
  const pk = item[TABLE_KEYS.partition]?.S;
  const sk = item[TABLE_KEYS.sort]?.S;
  return pk?.startsWith("MATCH#") && sk?.startsWith("EV#") ? pk.slice("MATCH#".length) : null;
}

/** The version of the first event of a stored commit item (its key says it, as `commitKey` wrote it). */
export const firstVersionOfCommit = (item: Record<string, { S?: string } | undefined>): number => Number(item[TABLE_KEYS.sort]?.S?.slice("EV#".length));

/** Sorts after every commit key of a partition. */
export const COMMIT_KEY_END = "EV#~";

const INDEX_DEFINITION = {
  IndexName: INDEX.name,
  KeySchema: [
    { AttributeName: INDEX.partition, KeyType: "HASH" as const },
    { AttributeName: INDEX.sort, KeyType: "RANGE" as const },
  ],
  Projection: { ProjectionType: "ALL" as const },
};
const ATTRIBUTES = [TABLE_KEYS.partition, TABLE_KEYS.sort, INDEX.partition, INDEX.sort].map((AttributeName) => ({ AttributeName, AttributeType: "S" as const }));

const tableDefinition = (tableName: string): CreateTableCommandInput => ({
  TableName: tableName,
  BillingMode: "PAY_PER_REQUEST",
  AttributeDefinitions: ATTRIBUTES,
  KeySchema: [
    { AttributeName: TABLE_KEYS.partition, KeyType: "HASH" },
    { AttributeName: TABLE_KEYS.sort, KeyType: "RANGE" },
  ],
  GlobalSecondaryIndexes: [INDEX_DEFINITION],
});

const hasIndex = async (client: DynamoDBClient, tableName: string): Promise<boolean> =>
  (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table?.GlobalSecondaryIndexes?.some((i) => i.IndexName === INDEX.name) ?? false;

/**
 * Creates the table when missing (local store, tests), and adds the index to a table made
 * before it existed (a `.data` directory of an older version): DynamoDB (and DynamoDB Local) add
 * it in place. The embedded store cannot (it accepts the update and ignores it), so its table is
 * rebuilt once with the index (table-migration.ts) — only ever the embedded store's, never a
 * table behind DYNAMODB_ENDPOINT. On AWS the stack owns both.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string, options: { embedded?: boolean } = {}): Promise<void> {
  let found = true;
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    found = false;
  }
  if (options.embedded) {
    // A copy set aside by an interrupted rebuild is finished first, whatever state the table is in.
    const aside = await client.send(new DescribeTableCommand({ TableName: `${tableName}.pre-index` })).then(
      () => true,
      (error: unknown) => {
        if (error instanceof ResourceNotFoundException) return false;
        throw error;
      },
    );
    if (aside || (found && !(await hasIndex(client, tableName)))) return rebuildWithIndex(client, tableDefinition(tableName));
  }
  if (!found) {
    await createTable(client, tableDefinition(tableName));
    return;
  }
  if (await hasIndex(client, tableName)) return;
  await client.send(new UpdateTableCommand({ TableName: tableName, AttributeDefinitions: ATTRIBUTES, GlobalSecondaryIndexUpdates: [{ Create: INDEX_DEFINITION }] }));
}
