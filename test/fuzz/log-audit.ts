import { isDeepStrictEqual } from "node:util";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import type { MatchEvent } from "../../src/match/events.js";
import type { createDynamoClients } from "../../src/store/dynamo/client.js";
import type { DynamoEventStore } from "../../src/store/dynamo/event-store.js";
import type { Finding } from "./exchange.js";
import type { World } from "./world.js";

/** Every match's whole log, read back from the store, against the model; and no match the model does not know. */
export async function auditLogs(world: World, store: DynamoEventStore, tableName: string, doc: ReturnType<typeof createDynamoClients>["doc"]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const match of world.matches) {
    const log: MatchEvent[] = await store.readEvents(match.id, 0, Number.MAX_SAFE_INTEGER);
    if (log.some((e, i) => e.version !== i + 1)) findings.push({ kind: "log gap", detail: `the log of ${match.id} has versions ${log.map((e) => e.version).join(",").slice(0, 200)}` });
    if (!isDeepStrictEqual(log.slice(0, match.before.length), match.before)) findings.push({ kind: "log rewritten", detail: `the log of ${match.id} no longer starts with what it held before the fuzzing` });
    if (!isDeepStrictEqual(log, match.log)) findings.push({ kind: "log differs from the model", detail: `the log of ${match.id} has ${log.length} events; the snapshot and the accepted commands make ${match.log.length}` });
  }
  const partitions = new Set<string>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(new ScanCommand({ TableName: tableName, ProjectionExpression: "PK", ExclusiveStartKey: startKey }));
    for (const item of page.Items ?? []) partitions.add(String(item.PK));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  for (const pk of partitions) if (pk.startsWith("MATCH#") && !world.get(pk.slice("MATCH#".length))) findings.push({ kind: "unexplained write", detail: `the table holds ${pk}, which no observed commit created` });
  return findings;
}
