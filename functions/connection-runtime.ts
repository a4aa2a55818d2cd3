import { ConnectionStore } from "../src/store/connection-store.js";
import { createDynamoClients, dynamoConfigFromEnv } from "../src/store/dynamo-client.js";

/**
 * For `$connect` and `$disconnect`: only the connection registry, read once per cold start.
 * TABLE_NAME names the table; DYNAMODB_ENDPOINT only points at a local store.
 */
const tableName = process.env.TABLE_NAME;
if (!tableName) throw new Error("TABLE_NAME must be set");

export const connections = new ConnectionStore(createDynamoClients(dynamoConfigFromEnv()).doc, tableName);
