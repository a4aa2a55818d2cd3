import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from "@aws-sdk/client-apigatewaymanagementapi";
import type { Post } from "./deliver.js";

/**
 * Posts protocol messages to WebSocket clients through API Gateway's management API
 * (`https://{api-id}.execute-api.{region}.amazonaws.com/{stage}`, or the local gateway's URL).
 * A client that is gone answers 410: reported, so the caller can forget the connection.
 */
export function managementApiPoster(endpoint: string, region?: string): { post: Post; client: ApiGatewayManagementApiClient } {
  const local = endpoint.startsWith("http://");
  const client = new ApiGatewayManagementApiClient({
    endpoint,
    region: region ?? "us-east-1",
    ...(local ? { credentials: { accessKeyId: "local", secretAccessKey: "local" } } : {}),
  });
  const post: Post = async (connectionId, message) => {
    try {
      await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(JSON.stringify(message)) }));
      return "sent";
    } catch (error) {
      if (error instanceof GoneException || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410) return "gone";
      throw error;
    }
  };
  return { post, client };
}
