import { randomBytes } from "node:crypto";
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import type { Logger } from "../logger.js";
import type { BatchResponse, StreamBatch } from "../realtime/aws/fan-out.js";
import type { EmbeddedStore } from "../store/dynamo/embedded-store.js";
import { TABLE_KEYS } from "../store/dynamo/table.js";

/**
 * A local stand-in for DynamoDB Streams + Lambda's event-source mapping: every put the embedded
 * store acknowledged (observed at the store's own HTTP boundary, so a writer that dies right
 * after its write still produces the record) becomes a stream record, shaped as Lambda hands
 * them to the function, and is handed to `handler` in batches:
 * - one shard: one batch at a time, records in the order the store acknowledged them;
 * - up to `batchSize` records, after waiting at most `batchWindowMs` for more to come;
 * - the partial batch response is honoured: the stream resumes from the first failed record,
 *   with backoff, up to `maxRetries` times; then that part is logged as sent to the on-failure
 *   destination and the stream moves on. A handler that throws fails the whole batch.
 * Only inserted commit items are fed (`SK` begins with `EV#`; they all live under `MATCH#`): the
 * filter of the deployed event-source mapping (infra/stack.ts, whose batch size and retry count
 * are the defaults here). With `bisectOnError` (the deployed mapping's BisectBatchOnFunctionError),
 * a batch whose handler throws is split in two and each half handed over on its own, down to
 * single records, before a record counts a retry. Not modelled: the maximum record age.
 */

/** A DynamoDB Streams record as a Lambda function receives it (aws-lambda's DynamoDBRecord). */
export interface LambdaStreamRecord {
  readonly eventID: string;
  readonly eventName: "INSERT" | "MODIFY" | "REMOVE";
  readonly eventVersion: string;
  readonly eventSource: "aws:dynamodb";
  readonly awsRegion: string;
  readonly dynamodb: {
    readonly ApproximateCreationDateTime: number;
    readonly Keys: Record<string, AttributeValue>;
    readonly NewImage: Record<string, AttributeValue>;
    readonly SequenceNumber: string;
    readonly SizeBytes: number;
    readonly StreamViewType: "NEW_IMAGE";
  };
  readonly eventSourceARN: string;
}

/** What a stream-triggered Lambda receives; assignable to the fan-out's StreamBatch. */
export interface LambdaStreamBatch extends StreamBatch {
  readonly Records: readonly LambdaStreamRecord[];
}

export interface LocalStreamOptions {
  readonly embedded: Pick<EmbeddedStore, "onPut">;
  readonly tableName: string;
  /** The function the mapping invokes (`handleStreamBatch` through `createLiveHandlers`). */
  readonly handler: (batch: LambdaStreamBatch) => Promise<BatchResponse | void>;
  readonly logger: Logger;
  readonly region?: string;
  /** Default 100, as the CDK mapping. */
  readonly batchSize?: number;
  /** How long a batch waits for more records after the first; default 10 ms. */
  readonly batchWindowMs?: number;
  /** Retries of a failing record before it is given up; default 5. */
  readonly maxRetries?: number;
  /** First retry delay, doubled each time up to 5 s; default 100 ms. */
  readonly retryBaseMs?: number;
  /** Split a batch whose handler throws, as the deployed mapping does; default false. */
  readonly bisectOnError?: boolean;
}

export interface LocalStream {
  /** Records handed to the handler and acknowledged so far (tests, logs). */
  readonly delivered: number;
  /** Records given up after `maxRetries`. */
  readonly discarded: number;
  /** Resolves once every record seen so far has been handled (or given up). */
  idle(): Promise<void>;
  /** Stops feeding; pending records are handled first for up to `drainMs` (default 2 s), the rest dropped with a log line. */
  close(drainMs?: number): Promise<void>;
}

const MAX_RETRY_DELAY_MS = 5_000;

export function startLocalStream(options: LocalStreamOptions): LocalStream {
  const { logger, tableName } = options;
  const region = options.region ?? "us-east-1";
  const batchSize = options.batchSize ?? 100;
  const batchWindowMs = options.batchWindowMs ?? 10;
  const maxRetries = options.maxRetries ?? 5;
  const retryBaseMs = options.retryBaseMs ?? 100;
  const streamLabel = new Date().toISOString().replace(/Z$/, "");
  const eventSourceARN = `arn:aws:dynamodb:${region}:000000000000:table/${tableName}/stream/${streamLabel}`;
  // Sequence numbers grow with every record, 21 digits like the shard's.
  let sequence = 100_000_000_000_000_000_000n + BigInt(Date.now()) * 1_000_000n;

  const pending: LambdaStreamRecord[] = [];
  let delivered = 0;
  let discarded = 0;
  let stopped = false;
  let dropRest = false;
  let pump: Promise<void> | null = null;
  let wakeSleeper: (() => void) | null = null;
  const idleWaiters: (() => void)[] = [];

  const stopListening = options.embedded.onPut(({ tableName: table, item }) => {
    if (stopped || table !== tableName) return;
    const pk = item[TABLE_KEYS.partition]?.S;
    const sk = item[TABLE_KEYS.sort]?.S;
    if (!pk?.startsWith("MATCH#") || !sk?.startsWith("EV#")) return;
    sequence += 1n;
    const Keys = { [TABLE_KEYS.partition]: { S: pk }, [TABLE_KEYS.sort]: { S: sk } } as Record<string, AttributeValue>;
    pending.push({
      eventID: randomBytes(16).toString("hex"),
      eventName: "INSERT",
      eventVersion: "1.1",
      eventSource: "aws:dynamodb",
      awsRegion: region,
      dynamodb: {
        ApproximateCreationDateTime: Math.floor(Date.now() / 1000),
        Keys,
        NewImage: item,
        SequenceNumber: sequence.toString(),
        SizeBytes: Buffer.byteLength(JSON.stringify(Keys)) + Buffer.byteLength(JSON.stringify(item)),
        StreamViewType: "NEW_IMAGE",
      },
      eventSourceARN,
    });
    kick();
  });

  function kick(): void {
    if (pump || dropRest) return;
    pump = run().finally(() => {
      pump = null;
      if (pending.length > 0 && !dropRest) kick();
      else for (const resolve of idleWaiters.splice(0)) resolve();
    });
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeSleeper = null;
        resolve();
      }
      wakeSleeper = done;
    });

  /** Hands out batches until nothing is pending. */
  async function run(): Promise<void> {
    let attempts = 0;
    // While a batch that threw is handed over in halves: the sizes of the next batches, in order.
    const halves: number[] = [];
    // `done` records at the head are handled (or given up): the halves they filled are used up.
    const consume = (done: number) => {
      for (let left = done; left > 0 && halves.length > 0; ) {
        const used = Math.min(left, halves[0]!);
        left -= used;
        halves[0] = halves[0]! - used;
        if (halves[0] === 0) halves.shift();
      }
    };
    while (pending.length > 0 && !dropRest) {
      if (batchWindowMs > 0 && pending.length < batchSize && attempts === 0 && halves.length === 0 && !stopped) await sleep(batchWindowMs);
      if (dropRest) break;
      const batch = pending.slice(0, halves[0] ?? batchSize);
      let failedAt: number;
      let threw = false;
      try {
        const response = await options.handler({ Records: batch });
        failedAt = firstFailure(batch, response);
      } catch (error) {
        logger.error(`local stream: the handler failed on a batch of ${batch.length}`, error);
        failedAt = 0;
        threw = true;
      }
      if (dropRest) break;
      if (threw && options.bisectOnError && batch.length > 1) {
        if (halves.length > 0) halves.shift();
        halves.unshift(Math.ceil(batch.length / 2), Math.floor(batch.length / 2));
        logger.warn(`local stream: bisecting a batch of ${batch.length} that failed`);
        continue;
      }
      const done = failedAt < 0 ? batch.length : failedAt;
      pending.splice(0, done);
      delivered += done;
      consume(done);
      if (failedAt < 0) {
        attempts = 0;
        continue;
      }
      attempts += 1;
      if (attempts > maxRetries) {
        const lost = pending.splice(0, batch.length - done);
        discarded += lost.length;
        attempts = 0;
        consume(lost.length);
        logger.error(
          `local stream: gave up ${lost.length} record(s) after ${maxRetries} retries, sent to the on-failure destination ` +
            `(sequence numbers ${lost[0]?.dynamodb.SequenceNumber}..${lost.at(-1)?.dynamodb.SequenceNumber})`,
        );
        continue;
      }
      const delay = Math.min(retryBaseMs * 2 ** (attempts - 1), MAX_RETRY_DELAY_MS);
      logger.warn(`local stream: retrying from sequence number ${pending[0]?.dynamodb.SequenceNumber} in ${delay} ms (attempt ${attempts} of ${maxRetries})`);
      await sleep(stopped ? Math.min(delay, 50) : delay);
    }
  }

  return {
    get delivered() {
      return delivered;
    },
    get discarded() {
      return discarded;
    },
    idle: () => (pump || pending.length > 0 ? new Promise<void>((resolve) => idleWaiters.push(resolve)) : Promise.resolve()),
    async close(drainMs = 2_000) {
      if (stopped) return;
      stopped = true;
      stopListening();
      wakeSleeper?.();
      const deadline = Date.now() + drainMs;
      while (pump && !dropRest) {
        let timer: NodeJS.Timeout | undefined;
        const drained = await Promise.race([
          pump.then(() => true),
          new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now())))),
        ]);
        clearTimeout(timer);
        if (!drained) {
          dropRest = true;
          wakeSleeper?.();
        }
      }
      if (dropRest) {
        // A batch still in the handler is abandoned, as a Lambda invocation cut short.
        logger.warn(`local stream: closing with ${pending.length} record(s) not handled; dropped`);
        pending.length = 0;
      }
      for (const resolve of idleWaiters.splice(0)) resolve();
    },
  };
}

/** Index of the first record reported failed; -1 if none. An unknown identifier fails the whole batch, as Lambda does. */
function firstFailure(batch: readonly LambdaStreamRecord[], response: BatchResponse | void): number {
  const failures = response?.batchItemFailures ?? [];
  if (failures.length === 0) return -1;
  let first = batch.length;
  for (const { itemIdentifier } of failures) {
    const index = batch.findIndex((r) => r.dynamodb.SequenceNumber === itemIdentifier);
    if (index < 0) return 0;
    first = Math.min(first, index);
  }
  return first;
}
