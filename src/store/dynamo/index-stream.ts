import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { defaultLogger, type Logger } from "../../logger.js";
import { indexWritesOfItem } from "./event-store.js";
import type { MatchIndex } from "../match-index.js";

/** The parts of a DynamoDB Streams record the index needs (aws-lambda's DynamoDBRecord). */
export interface IndexStreamRecord {
  readonly eventID?: string;
  readonly eventName?: string;
  readonly dynamodb?: { readonly NewImage?: Record<string, AttributeValue> | Record<string, unknown>; readonly SequenceNumber?: string };
}

/**
 * Applies the inbox and deadline entries of every new commit in a stream batch, in order: the
 * writer applied them right after its commit, unless it failed or died first, so this is what
 * makes them certain. Each entry is written only over an older version, so applying one twice,
 * or late, changes nothing. A failure reports the record (the stream retries from it).
 */
export async function applyIndexStream(
  index: MatchIndex,
  batch: { readonly Records: readonly IndexStreamRecord[] },
  logger: Logger = defaultLogger,
): Promise<{ batchItemFailures: { itemIdentifier: string }[] }> {
  for (const record of batch.Records) {
    if (record.eventName !== "INSERT") continue;
    const found = indexWritesOfItem((record.dynamodb?.NewImage ?? {}) as Record<string, { S?: string }>);
    if (!found) continue;
    try {
      await index.apply(found.matchId, found.writes);
    } catch (error) {
      logger.error(`index entries of match ${found.matchId} not applied`, error, { matchId: found.matchId });
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? record.eventID ?? "" }] };
    }
  }
  return { batchItemFailures: [] };
}
