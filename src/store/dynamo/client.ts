import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

export interface DynamoConfig {
  /** A DynamoDB-compatible endpoint (the embedded store); unset = real DynamoDB of the region. */
  readonly endpoint?: string | undefined;
  readonly region?: string | undefined;
}

export function createDynamoClients(config: DynamoConfig): { client: DynamoDBClient; doc: DynamoDBDocumentClient } {
  const local = Boolean(config.endpoint);
  const client = new DynamoDBClient({
    region: config.region ?? "us-east-1",
    // The embedded store accepts any credentials.
    ...(local
      ? { endpoint: config.endpoint, credentials: { accessKeyId: "local", secretAccessKey: "local" }, maxAttempts: 3 }
      : {}),
  });
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  return { client, doc };
}
