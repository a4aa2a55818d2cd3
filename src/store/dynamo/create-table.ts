import { CreateTableCommand, type CreateTableCommandInput, type DynamoDBClient, waitUntilTableExists } from "@aws-sdk/client-dynamodb";

/**
 * Creates a table and waits until it is ACTIVE: until then a write is refused as if the table did
 * not exist, and even the embedded store turns a new table ACTIVE only a moment after answering.
 */
export async function createTable(client: DynamoDBClient, input: CreateTableCommandInput): Promise<void> {
  await client.send(new CreateTableCommand(input));
  // The first check comes at once; the embedded store needs milliseconds, DynamoDB seconds.
  await waitUntilTableExists({ client, maxWaitTime: 300, minDelay: 0.005, maxDelay: 5 }, { TableName: input.TableName });
}
