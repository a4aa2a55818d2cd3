import {
  BatchWriteItemCommand,
  type CreateTableCommandInput,
  DeleteTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  ScanCommand,
  type WriteRequest,
} from "@aws-sdk/client-dynamodb";
import { createTable } from "./create-table.js";

/**
 * The embedded store (dynalite) cannot add an index to a table (it accepts the update and ignores
 * it), so a local table made before the index existed is rebuilt once, at start: every item is
 * copied aside into `<table>.pre-index`, the table is made again with its index, and the items
 * are copied back. Each step can be run again: a start interrupted half way resumes from the copy
 * aside, which is dropped only once everything is back. A local data directory holds a few
 * thousand matches at most, so a scan here is a one-time cost, never a query path.
 */
export async function rebuildWithIndex(client: DynamoDBClient, create: CreateTableCommandInput): Promise<void> {
  const tableName = create.TableName!;
  const aside = `${tableName}.pre-index`;
  const { KeySchema, AttributeDefinitions, BillingMode } = create;
  const keyNames = new Set(KeySchema!.map((k) => k.AttributeName));
  if (!(await exists(client, aside))) {
    await createTable(client, { TableName: aside, KeySchema, BillingMode, AttributeDefinitions: AttributeDefinitions!.filter((a) => keyNames.has(a.AttributeName)) });
    await copy(client, tableName, aside);
  }
  if (await exists(client, tableName)) {
    const described = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (!described.Table?.GlobalSecondaryIndexes?.length) {
      await client.send(new DeleteTableCommand({ TableName: tableName }));
      await until(async () => !(await exists(client, tableName)));
    }
  }
  if (!(await exists(client, tableName))) await createTable(client, create);
  await copy(client, aside, tableName);
  await client.send(new DeleteTableCommand({ TableName: aside }));
}

async function exists(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return true;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return false;
    throw error;
  }
}

async function until(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await done()); i++) await new Promise((resolve) => setTimeout(resolve, 25));
}

/** Every item of `from` into `to`, as stored (puts: copying twice changes nothing). */
async function copy(client: DynamoDBClient, from: string, to: string): Promise<void> {
  let startKey: Record<string, never> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: from, ExclusiveStartKey: startKey, Limit: 250 }));
    const items = page.Items ?? [];
    for (let i = 0; i < items.length; i += 25) {
      let requests: WriteRequest[] = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
      while (requests.length > 0) {
        const written = await client.send(new BatchWriteItemCommand({ RequestItems: { [to]: requests } }));
        requests = written.UnprocessedItems?.[to] ?? [];
      }
    }
    startKey = page.LastEvaluatedKey as Record<string, never> | undefined;
  } while (startKey);
}
