import { mkdirSync } from "node:fs";
import { ClassicLevel } from "classic-level";
import { MemoryLevel } from "memory-level";
import { defaultLogger, type Logger } from "../../logger.js";
import type { LevelDb } from "./db.js";
import { LevelJournal, removeJournalFiles } from "./journal.js";
import { type Level, toLevel, WriteBehind } from "./write-behind.js";

/**
 * A LevelDB in `path` (created when missing), its journal in `<path>-journal`; or one in memory
 * without a path (and without a journal). Batches left in the journal by a crash are applied
 * before it answers.
 */
export async function openLevelDb(path: string | undefined, logger: Logger = defaultLogger): Promise<LevelDb> {
  const options = { keyEncoding: "utf8", valueEncoding: "json" } as const;
  let opened: ClassicLevel<string, unknown> | MemoryLevel<string, unknown>;
  if (path) {
    mkdirSync(path, { recursive: true });
    opened = new ClassicLevel<string, unknown>(path, options);
  } else {
    // Bytes, like LevelDB, so that both order keys the same way.
    opened = new MemoryLevel<string, unknown>({ ...options, storeEncoding: "buffer" });
  }
  await opened.open();
  const level: Level = opened;
  if (!path) return new WriteBehind(level, null, logger);
  let toClose: LevelJournal | undefined;
  try {
    const { journal, recovered, files } = LevelJournal.open(`${path}-journal`, logger);
    toClose = journal;
    // One write: LevelDB applies a batch's operations in order, so the last write of a key wins, as it did.
    if (recovered.length > 0) await level.batch(recovered.flat().map(toLevel));
    removeJournalFiles(files, logger);
    return new WriteBehind(level, journal, logger);
  } catch (error) {
    toClose?.close();
    await level.close();
    throw error;
  }
}
