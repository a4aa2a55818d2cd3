import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { matchIdOfCommit } from "../store/table.js";
import { deliver, type DeliveryDeps } from "./deliver.js";
import { TimelineCache } from "./timeline-cache.js";

/** The parts of a DynamoDB Streams record the fan-out reads (aws-lambda's DynamoDBRecord). */
export interface StreamRecord {
  readonly eventID?: string;
  readonly eventName?: "INSERT" | "MODIFY" | "REMOVE" | string;
  readonly dynamodb?: {
    readonly NewImage?: Record<string, AttributeValue> | Record<string, unknown>;
    readonly Keys?: Record<string, AttributeValue> | Record<string, unknown>;
    readonly SequenceNumber?: string;
  };
}
export interface StreamBatch {
  readonly Records: readonly StreamRecord[];
}
/** Lambda's partial batch response: the stream resumes from the first failed record. */
export interface BatchResponse {
  batchItemFailures: { itemIdentifier: string }[];
}

/** Subscribers of one match served at once; the management API is the bottleneck. */
const PARALLEL_POSTS = 64;

/**
 * Handles a batch of DynamoDB Streams records: for every match with a new commit, every one of
 * its subscribers is brought up to date. Pushes are driven by what the store committed, not by
 * the request that committed it, so an event is delivered even if that request died right after
 * its write. A match whose delivery fails is reported (with every later record) so that the
 * stream retries it; deliveries are idempotent, since each subscriber only gets what it lacks.
 */
export async function handleStreamBatch(deps: DeliveryDeps, batch: StreamBatch): Promise<BatchResponse> {
  const firstRecordOf = new Map<string, number>();
  batch.Records.forEach((record, index) => {
    if (record.eventName !== "INSERT") return;
    const matchId = matchIdOfCommit((record.dynamodb?.Keys ?? record.dynamodb?.NewImage ?? {}) as Record<string, { S?: string }>);
    if (matchId && !firstRecordOf.has(matchId)) firstRecordOf.set(matchId, index);
  });

  const timelines = new TimelineCache(deps.store);
  const failed: number[] = [];
  await Promise.all(
    [...firstRecordOf].map(async ([matchId, index]) => {
      try {
        const subscribers = await deps.connections.subscribersOf(matchId);
        await inBatches(subscribers, PARALLEL_POSTS, (subscriber) => deliver(deps, subscriber, timelines));
      } catch (error) {
        console.error(`fan-out for match ${matchId} failed`, error);
        failed.push(index);
      }
    }),
  );
  if (failed.length === 0) return { batchItemFailures: [] };
  const first = Math.min(...failed);
  const id = batch.Records[first]?.dynamodb?.SequenceNumber ?? batch.Records[first]?.eventID ?? "";
  return { batchItemFailures: [{ itemIdentifier: id }] };
}

async function inBatches<T>(items: readonly T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}
