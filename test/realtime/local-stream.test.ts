import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.js";
import type { BatchResponse } from "../../src/realtime/aws/fan-out.js";
import type { StoredItem } from "../../src/store/dynamo/embedded-store.js";
import { type LambdaStreamRecord, type LocalStream, type LocalStreamOptions, startLocalStream } from "../../src/local-aws/stream.js";
import { eventually } from "./support.js";

/**
 * The stream feeder on its own, fed by hand: record shape, filtering, batching, one batch at a
 * time, and Lambda's partial-batch retry semantics. (Fed by the real embedded store, it is
 * exercised by every lambda-mode test.)
 */

const listeners = new Set<(written: StoredItem) => void>();
const embedded = {
  onPut(listener: (written: StoredItem) => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
const put = (item: Record<string, AttributeValue>, tableName = "tabula") => {
  for (const listener of listeners) listener({ tableName, item });
};
const commit = (match: string, version: number) =>
  put({ PK: { S: `MATCH#${match}` }, SK: { S: `EV#${String(version).padStart(10, "0")}` }, events: { S: `[{"version":${version}}]` }, first: { N: String(version) } });

const logged: string[] = [];
let stream: LocalStream | null = null;
afterEach(async () => {
  await stream?.close(100);
  stream = null;
  listeners.clear();
  logged.length = 0;
});

type Handler = LocalStreamOptions["handler"];
function start(handler: Handler, options: Partial<LocalStreamOptions> = {}): LocalStream {
  stream = startLocalStream({ embedded, tableName: "tabula", handler, logger: createLogger("debug", (l) => logged.push(l)), retryBaseMs: 5, ...options });
  return stream;
}

const versionOf = (r: LambdaStreamRecord) => Number(r.dynamodb.NewImage.first?.N);

describe("the local stream feeder", () => {
  it("turns each acknowledged commit put into a DynamoDB Streams record as Lambda receives it; other items and tables are filtered out", async () => {
    const batches: LambdaStreamRecord[][] = [];
    const feeder = start(async (batch) => void batches.push([...batch.Records]), { region: "eu-west-1" });
    commit("m1", 1);
    put({ PK: { S: "CONN#abc=" }, SK: { S: "CONN" } });
    put({ PK: { S: "MATCH#m1" }, SK: { S: "SUB#abc=#1" } });
    commit("m1", 2);
    put({ PK: { S: "MATCH#m9" }, SK: { S: "EV#0000000001" } }, "another-table");
    await feeder.idle();
    const records = batches.flat();
    expect(records.map(versionOf)).toEqual([1, 2]);
    const [first, second] = records as [LambdaStreamRecord, LambdaStreamRecord];
    expect(first).toEqual({
      eventID: expect.stringMatching(/^[0-9a-f]{32}$/),
      eventName: "INSERT",
      eventVersion: "1.1",
      eventSource: "aws:dynamodb",
      awsRegion: "eu-west-1",
      dynamodb: {
        ApproximateCreationDateTime: expect.any(Number),
        Keys: { PK: { S: "MATCH#m1" }, SK: { S: "EV#0000000001" } },
        NewImage: { PK: { S: "MATCH#m1" }, SK: { S: "EV#0000000001" }, events: { S: '[{"version":1}]' }, first: { N: "1" } },
        SequenceNumber: expect.stringMatching(/^\d{21,}$/),
        SizeBytes: expect.any(Number),
        StreamViewType: "NEW_IMAGE",
      },
      eventSourceARN: expect.stringMatching(/^arn:aws:dynamodb:eu-west-1:\d{12}:table\/tabula\/stream\/\d{4}-\d\d-\d\dT/),
    });
    expect(Math.abs(first.dynamodb.ApproximateCreationDateTime - Date.now() / 1000)).toBeLessThan(5);
    expect(BigInt(second.dynamodb.SequenceNumber)).toBeGreaterThan(BigInt(first.dynamodb.SequenceNumber));
    expect(feeder.delivered).toBe(2);
  });

  it("hands out batches of at most batchSize, one at a time, in order", async () => {
    const batches: number[][] = [];
    let active = 0;
    let maxActive = 0;
    const feeder = start(async (batch) => {
      active++;
      maxActive = Math.max(maxActive, active);
      batches.push(batch.Records.map(versionOf));
      await new Promise((resolve) => setTimeout(resolve, 5));
      active--;
    });
    for (let v = 1; v <= 250; v++) commit("m", v);
    await eventually(() => expect(batches.flat()).toHaveLength(250));
    for (let v = 251; v <= 260; v++) commit("m", v);
    await feeder.idle();
    expect(batches.flat()).toEqual(Array.from({ length: 260 }, (_, i) => i + 1));
    expect(batches.slice(0, 3).map((b) => b.length)).toEqual([100, 100, 50]);
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(100);
    expect(maxActive).toBe(1);
  });

  it("resumes from the first failed record (batchItemFailures), with backoff", async () => {
    const calls: number[][] = [];
    let failOnce = true;
    const feeder = start(async (batch): Promise<BatchResponse> => {
      calls.push(batch.Records.map(versionOf));
      const failing = batch.Records.find((r) => versionOf(r) === 3);
      if (failing && failOnce) {
        failOnce = false;
        return { batchItemFailures: [{ itemIdentifier: failing.dynamodb.SequenceNumber }] };
      }
      return { batchItemFailures: [] };
    });
    for (let v = 1; v <= 5; v++) commit("m", v);
    await feeder.idle();
    expect(calls).toEqual([
      [1, 2, 3, 4, 5],
      [3, 4, 5],
    ]);
    expect(feeder.delivered).toBe(5);
    expect(logged.map((l) => JSON.parse(l)).some((l) => l.level === "warn" && l.msg.includes("retrying"))).toBe(true);
  });

  it("a handler that throws fails the whole batch; after maxRetries the failing part is given up (logged) and the stream moves on", async () => {
    const calls: number[][] = [];
    const feeder = start(
      async (batch) => {
        calls.push(batch.Records.map(versionOf));
        if (batch.Records.some((r) => versionOf(r) === 1)) throw new Error("poison");
        // An identifier that is not in the batch: Lambda fails the whole batch.
        return { batchItemFailures: batch.Records.some((r) => versionOf(r) === 3) ? [{ itemIdentifier: "not-in-this-batch" }] : [] };
      },
      { maxRetries: 2, batchSize: 3 },
    );
    for (let v = 1; v <= 5; v++) commit("m", v);
    await feeder.idle();
    // [1,2,3] three times (first try + 2 retries), given up; then [4,5].
    expect(calls).toEqual([
      [1, 2, 3],
      [1, 2, 3],
      [1, 2, 3],
      [4, 5],
    ]);
    expect(feeder.discarded).toBe(3);
    expect(feeder.delivered).toBe(2);
    expect(logged.map((l) => JSON.parse(l)).some((l) => l.level === "error" && l.msg.includes("on-failure destination"))).toBe(true);

    // Given up: only that batch; what came after it is handled.
    calls.length = 0;
    for (let v = 6; v <= 8; v++) commit("m", v);
    commit("m", 3);
    commit("m", 9);
    await feeder.idle();
    expect(calls).toEqual([
      [6, 7, 8],
      [3, 9],
      [3, 9],
      [3, 9],
    ]);
    expect(feeder.discarded).toBe(5);
    expect(feeder.delivered).toBe(5);
  });

  it("with bisectOnError, a batch whose handler throws is handed over in halves, down to the record that throws, which alone counts its retries", async () => {
    const calls: number[][] = [];
    const feeder = start(
      async (batch) => {
        calls.push(batch.Records.map(versionOf));
        if (batch.Records.some((r) => versionOf(r) === 6)) throw new Error("poison");
      },
      { maxRetries: 1, batchSize: 8, bisectOnError: true, batchWindowMs: 50 },
    );
    for (let v = 1; v <= 8; v++) commit("m", v);
    await feeder.idle();
    expect(calls).toEqual([
      [1, 2, 3, 4, 5, 6, 7, 8],
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      [5, 6],
      [5],
      [6],
      [6],
      [7, 8],
    ]);
    expect(feeder.delivered).toBe(7);
    expect(feeder.discarded).toBe(1);
  });

  it("close() drains what is pending, or drops it with a log line when the handler hangs", async () => {
    const seen: number[] = [];
    const feeder = start(async (batch) => void seen.push(...batch.Records.map(versionOf)), { batchWindowMs: 200 });
    commit("m", 1);
    commit("m", 2);
    await feeder.close();
    expect(seen).toEqual([1, 2]);
    commit("m", 3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([1, 2]);

    const hung = start(() => new Promise(() => {}));
    commit("m", 4);
    commit("m", 5);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = hung.close(100);
    // The invocation in flight is abandoned, as a Lambda that is shut down.
    await expect(Promise.race([closing.then(() => "closed"), new Promise((r) => setTimeout(() => r("hung"), 2_000))])).resolves.toBe("closed");
    expect(logged.some((l) => l.includes("dropped"))).toBe(true);
  });
});
