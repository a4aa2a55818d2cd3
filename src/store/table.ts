import { CreateTableCommand, DescribeTableCommand, type DynamoDBClient, ResourceNotFoundException, UpdateTableCommand } from "@aws-sdk/client-dynamodb";

/**
 * One table holds everything (single-table design):
 * - `PK=MATCH#<id>`, `SK=EV#<first version, 10 digits>`: one commit (the events of one command).
 * - `PK=PLAYER#<id>`, `SK=PROFILE`: a player (its name, the hash of its token).
 * - `PK=PLAYER#<id>`, `SK=MATCH#<match>`: the player's inbox row of one match, indexed by
 *   `GSI1PK=PLAYER#<id>`, `GSI1SK=<bucket>#<time>#<match>` (its turn first, soonest deadline first).
 * - `PK=DUE#<match>`, `SK=DUE`: when the match ends by itself, indexed (only while it is due) by
 *   `GSI1PK=DUE#<shard>`, `GSI1SK=<time>#<match>`, for the sweep that finishes overdue matches.
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

/** The match of a stored commit item (DynamoDB wire format, as a stream record carries it), else null. */
export function matchIdOfCommit(item: Record<string, { S?: string } | undefined>): string | null {
  const pk = item[TABLE_KEYS.partition]?.S;
  const sk = item[TABLE_KEYS.sort]?.S;
  return pk?.startsWith("MATCH#") && sk?.startsWith("EV#") ? pk.slice("MATCH#".length) : null;
}

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

/**
 * Creates the table when missing (local store, tests), and adds the index to a table made
 * before it existed (a `.data` directory of an older version); on AWS the stack owns both.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  let existing;
  try {
    existing = await client.send(new DescribeTableCommand({ TableName: tableName }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  if (existing) {
    if (existing.Table?.GlobalSecondaryIndexes?.some((i) => i.IndexName === INDEX.name)) return;
    await client.send(
      new UpdateTableCommand({ TableName: tableName, AttributeDefinitions: ATTRIBUTES, GlobalSecondaryIndexUpdates: [{ Create: INDEX_DEFINITION }] }),
    );
    return;
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: ATTRIBUTES,
      KeySchema: [
        { AttributeName: TABLE_KEYS.partition, KeyType: "HASH" },
        { AttributeName: TABLE_KEYS.sort, KeyType: "RANGE" },
      ],
      GlobalSecondaryIndexes: [INDEX_DEFINITION],
    }),
  );
}
