import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

export interface DynamoConfig {
  /** A DynamoDB-compatible endpoint (the embedded store); unset = real DynamoDB of the region. */
  readonly endpoint?: string | undefined;
  readonly region?: string | undefined;
}

/** Reads DYNAMODB_ENDPOINT and AWS_REGION; the embedded store accepts any credentials. */
export const dynamoConfigFromEnv = (env: NodeJS.ProcessEnv = process.env): DynamoConfig => ({
  endpoint: env.DYNAMODB_ENDPOINT || undefined,
  region: env.AWS_REGION || env.AWS_DEFAULT_REGION || undefined,
});

export function createDynamoClients(config: DynamoConfig): { client: DynamoDBClient; doc: DynamoDBDocumentClient } {
  const local = Boolean(config.endpoint);
  const client = new DynamoDBClient({
    region: config.region ?? "us-east-1",
    ...(local
      ? { endpoint: config.endpoint, credentials: { accessKeyId: "local", secretAccessKey: "local" }, maxAttempts: 3 }
      : {}),
  });
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  return { client, doc };
}
