import { CreateTableCommand, DescribeTableCommand, type DynamoDBClient, ResourceNotFoundException } from "@aws-sdk/client-dynamodb";

/**
 * One table holds everything (single-table design):
 * - `PK=MATCH#<id>`, `SK=EV#<first version, 10 digits>`: one commit (the events of one command).
 * Key names are shared with the CDK stack so the local table and the deployed one agree.
 */
export const TABLE_KEYS = { partition: "PK", sort: "SK" } as const;
export const TTL_ATTRIBUTE = "expiresAt";

export const matchKey = (matchId: string): string => `MATCH#${matchId}`;
export const commitKey = (firstVersion: number): string => `EV#${String(firstVersion).padStart(10, "0")}`;
/** The match of a stored commit item (DynamoDB wire format, as a stream record carries it), else null. */
export function matchIdOfCommit(item: Record<string, { S?: string } | undefined>): string | null {
  const pk = item[TABLE_KEYS.partition]?.S;
  const sk = item[TABLE_KEYS.sort]?.S;
  return pk?.startsWith("MATCH#") && sk?.startsWith("EV#") ? pk.slice("MATCH#".length) : null;
}

/** Sorts after every commit key of a partition. */
export const COMMIT_KEY_END = "EV#~";

/** Creates the table when missing (local store, tests); on AWS the stack owns it. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: [
        { AttributeName: TABLE_KEYS.partition, AttributeType: "S" },
        { AttributeName: TABLE_KEYS.sort, AttributeType: "S" },
      ],
      KeySchema: [
        { AttributeName: TABLE_KEYS.partition, KeyType: "HASH" },
        { AttributeName: TABLE_KEYS.sort, KeyType: "RANGE" },
      ],
    }),
  );
}
