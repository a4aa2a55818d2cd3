import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import type { Logger } from "../src/logger.js";
import type { BatchResponse, StreamBatch } from "../src/realtime/aws/fan-out.js";
import { matchIdOfCommit } from "../src/store/dynamo/table.js";

/**
 * Runs `work` once for each match a stream batch of commits touches, all at once. A match whose
 * work throws reports its first record, so the stream tries again from there (and, bisecting,
 * narrows it down); the others are done.
 */
export async function forEachMatch(batch: StreamBatch, logger: Logger, what: string, work: (matchId: string) => Promise<unknown>): Promise<BatchResponse> {
  const firstRecord = new Map<string, string>();
  for (const record of batch.Records) {
    const keys = (record.dynamodb?.Keys ?? record.dynamodb?.NewImage) as Record<string, AttributeValue> | undefined;
    const matchId = record.eventName === "INSERT" && keys ? matchIdOfCommit(keys) : null;
    if (matchId && !firstRecord.has(matchId)) firstRecord.set(matchId, record.dynamodb?.SequenceNumber ?? record.eventID ?? "");
  }
  const failed: string[] = [];
  await Promise.all(
    [...firstRecord].map(async ([matchId, record]) => {
      try {
        await work(matchId);
      } catch (error) {
        logger.error(`${what} of match ${matchId} failed`, error);
        failed.push(record);
      }
    }),
  );
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
}
