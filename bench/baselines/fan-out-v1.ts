import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from "@aws-sdk/client-apigatewaymanagementapi";
import type { Post } from "../../src/realtime/aws/delivery-deps.js";
import { deliver } from "../../src/realtime/aws/deliver.js";
import type { BatchResponse, FanOutDeps, StreamBatch } from "../../src/realtime/aws/fan-out.js";
import { TimelineCache } from "../../src/realtime/timeline-cache.js";
import { matchIdOfCommit } from "../../src/store/dynamo/table.js";

/**
 * The Lambda-mode live path before the current one, for `bench/suites/live.ts` to run next to
 * it: every subscriber of every commit delivered on its own, under a lease (a claim, its own
 * document run, its pushes, a release), 64 at a time in waves; pushes through the SDK client.
 */
export async function handleStreamBatchV1(deps: FanOutDeps, batch: StreamBatch): Promise<BatchResponse> {
  const matches = new Set<string>();
  for (const record of batch.Records) {
    const matchId = record.eventName === "INSERT" ? matchIdOfCommit((record.dynamodb?.Keys ?? {}) as Record<string, { S?: string }>) : null;
    if (matchId) matches.add(matchId);
  }
  const timelines = new TimelineCache(deps.store);
  await Promise.all(
    [...matches].map(async (matchId) => {
      const { subscribers } = await deps.connections.fanOutView(matchId);
      for (let i = 0; i < subscribers.length; i += 64) await Promise.all(subscribers.slice(i, i + 64).map((s) => deliver(deps, s, timelines)));
    }),
  );
  return { batchItemFailures: [] };
}

export function sdkPosterV1(endpoint: string, region?: string): { post: Post; destroy(): void } {
  const client = new ApiGatewayManagementApiClient({ endpoint, region: region ?? "us-east-1", credentials: { accessKeyId: "local", secretAccessKey: "local" } });
  const post: Post = async (connectionId, message) => {
    try {
      await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(JSON.stringify(message)) }));
      return "sent";
    } catch (error) {
      if (error instanceof GoneException) return "gone";
      throw error;
    }
  };
  return { post, destroy: () => client.destroy() };
}
