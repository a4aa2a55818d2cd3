import { defaultLogger, type Logger } from "../../logger.js";
import { KeyedQueue } from "./keyed-queue.js";
import type { LevelDb } from "./db.js";
import { openLevelDb } from "./open-db.js";
import { LevelEventStore } from "./event-store.js";
import { metaKey } from "./keys.js";
import { LevelMatchIndex } from "./match-index.js";
import { LevelPlayerStore } from "./player-store.js";
import { LevelWebhookStore } from "./webhook-store.js";

/** Everything the service keeps, in one LevelDB: match logs, players, inboxes and deadlines. */
export interface LevelStores {
  readonly store: LevelEventStore;
  readonly players: LevelPlayerStore;
  readonly index: LevelMatchIndex;
  readonly webhookStore: LevelWebhookStore;
  /** The database itself, for the one-time import of an older data directory (import-embedded.ts). */
  readonly db: LevelDb;
  /** Resolves if the database answers a read (health checks); rejects otherwise. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The embedded store of the local server: a LevelDB in `path` (classic-level), or in memory
 * without one (memory-level), written to directly, in this process. One process may open a
 * directory (LevelDB's own lock; the server's data-dir lock says who holds it), which is what
 * lets each match's writes be checked and applied in turn (keyed-queue.ts).
 */
export async function openLevelStores(options: { path?: string | undefined; logger?: Logger } = {}): Promise<LevelStores> {
  const logger = options.logger ?? defaultLogger;
  const db = await openLevelDb(options.path, logger);
  const queue = new KeyedQueue();
  const index = new LevelMatchIndex(db, queue);
  return {
    store: new LevelEventStore(db, queue, index, logger),
    players: new LevelPlayerStore(db, queue),
    index,
    webhookStore: new LevelWebhookStore(db, queue),
    db,
    check: async () => void (await db.get(metaKey("health"))),
    close: () => db.close(),
  };
}
