import { existsSync } from "node:fs";
import { join } from "node:path";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { createDynamoClients } from "../dynamo/client.js";
import { commitOfItem } from "../dynamo/event-store.js";
import { indexWritesOfEntry } from "../dynamo/match-index.js";
import { playerOfItem } from "../dynamo/player-store.js";
import { startEmbeddedStore } from "../dynamo/embedded-store.js";
import { commitSpan } from "../event-store.js";
import { scan } from "./db.js";
import { commitKey, metaKey, playerKey } from "./keys.js";
import type { LevelStores } from "./stores.js";
import { ensureTable } from "../dynamo/table.js";

/** What was copied. */
export interface ImportReport {
  readonly from: string;
  readonly matches: number;
  readonly commits: number;
  readonly players: number;
  /** Inbox rows and deadlines. */
  readonly indexEntries: number;
  /** Items of no store the Level store keeps (lambda mode's WebSocket connections and subscriptions, which end with their sockets). */
  readonly skipped: number;
}

type ImportMarker = { readonly state: "started"; readonly from: string } | ({ readonly state: "done"; readonly at: string } & ImportReport);
const MARKER = metaKey("embedded-table-import");

/** dynalite keeps its LevelDB in the data directory itself: LevelDB's CURRENT file says one is there. */
export const holdsEmbeddedTable = (dataDir: string): boolean => existsSync(join(dataDir, "CURRENT"));

/**
 * Brings the matches of a data directory written by the embedded DynamoDB store (dynalite, the
 * local store before the Level store) into the Level store, once: every commit with its
 * snapshot and index entries, every player, inbox row and deadline, as stored. It runs only
 * into an empty Level store (a Level store already in use is never mixed with older data), and
 * a marker records it: `started` before the first write, `done` after the last. An import cut
 * short (a crash, a kill) is run again from the start at the next start-up, over what it
 * copied: every write is a put of the same item, or an index entry written only over an older
 * version, so copying twice changes nothing. dynalite's files are left as they were (`--store
 * dynamodb` still opens them). Null when there was nothing to do.
 */
export async function importEmbeddedTable(level: LevelStores, options: { dataDir: string; tableName: string }): Promise<ImportReport | null> {
  const { dataDir, tableName } = options;
  if (!holdsEmbeddedTable(dataDir)) return null;
  const marker = (await level.db.get(MARKER)) as ImportMarker | undefined;
  if (marker?.state === "done") return null;
  if (!marker && !(await isEmpty(level))) return null;
  await level.db.batch([{ type: "put", key: MARKER, value: { state: "started", from: dataDir } satisfies ImportMarker }]);

  const embedded = await startEmbeddedStore({ path: dataDir });
  const { client, doc } = createDynamoClients({ endpoint: embedded.endpoint });
  const matches = new Set<string>();
  let commits = 0;
  let players = 0;
  let indexEntries = 0;
  let skipped = 0;
  try {
    // Finishes what a start of an older version left half done (the table rebuilt with its index).
    await ensureTable(client, tableName, { embedded: true });
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await doc.send(new ScanCommand({ TableName: tableName, ConsistentRead: true, ExclusiveStartKey: startKey, Limit: 250 }));
      for (const item of page.Items ?? []) {
        const stored = commitOfItem(item);
        const player = stored ? null : playerOfItem(item);
        const entry = stored || player ? null : indexWritesOfEntry(item);
        if (stored) {
          const { matchId, commit } = stored;
          await level.db.batch([{ type: "put", key: commitKey(matchId, commitSpan(commit).first), value: commit }]);
          // As the stream applies them on AWS: whatever became of the writer's own index writes.
          if (commit.index) await level.index.apply(matchId, commit.index);
          matches.add(matchId);
          commits++;
        } else if (player) {
          await level.db.batch([{ type: "put", key: playerKey(player.id), value: player }]);
          players++;
        } else if (entry) {
          await level.index.apply(entry.matchId, entry.writes);
          indexEntries++;
        } else {
          skipped++;
        }
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  } finally {
    client.destroy();
    await embedded.close();
  }
  const report: ImportReport = { from: dataDir, matches: matches.size, commits, players, indexEntries, skipped };
  await level.db.batch([{ type: "put", key: MARKER, value: { state: "done", at: new Date().toISOString(), ...report } satisfies ImportMarker }]);
  return report;
}

async function isEmpty(level: LevelStores): Promise<boolean> {
  let empty = true;
  await scan(level.db, { limit: 1 }, () => void (empty = false));
  return empty;
}
