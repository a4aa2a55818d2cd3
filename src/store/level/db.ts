import { mkdirSync } from "node:fs";
import { ClassicLevel } from "classic-level";
import { MemoryLevel } from "memory-level";
import { LevelJournal, removeJournalFiles } from "./journal.js";
import { type Level, toLevel, WriteBehind } from "./write-behind.js";

export type LevelOp = { readonly type: "put"; readonly key: string; readonly value: unknown } | { readonly type: "del"; readonly key: string };

export interface LevelRange {
  readonly gte?: string;
  readonly gt?: string;
  readonly lte?: string;
  readonly lt?: string;
  readonly reverse?: boolean;
  readonly limit?: number;
}

/**
 * What the Level store uses of a database: string keys, JSON values. Every read sees every
 * batch acknowledged before it started.
 */
export interface LevelDb {
  get(key: string): Promise<unknown>;
  getMany(keys: string[]): Promise<unknown[]>;
  has(key: string): Promise<boolean>;
  /**
   * Applies every operation or none. On disk it resolves once the batch is in the journal
   * (journal.ts), i.e. handed to the operating system, as LevelDB's own log without `sync`
   * would have it: a process killed right after (kill -9, a crash) loses nothing, a power cut
   * can lose the last writes. dynalite, on the same LevelDB, promised no more.
   */
  batch(operations: LevelOp[]): Promise<void>;
  iterator(range: LevelRange): { nextv(size: number): Promise<[string, unknown][]>; close(): Promise<void> };
  close(): Promise<void>;
}

/**
 * A LevelDB in `path` (created when missing), its journal in `<path>-journal`; or one in memory
 * without a path (and without a journal). Batches left in the journal by a crash are applied
 * before it answers.
 */
export async function openLevelDb(path: string | undefined): Promise<LevelDb> {
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
  if (!path) return new WriteBehind(level, null);
  let toClose: LevelJournal | undefined;
  try {
    const { journal, recovered, files } = LevelJournal.open(`${path}-journal`);
    toClose = journal;
    // One write: LevelDB applies a batch's operations in order, so the last write of a key wins, as it did.
    if (recovered.length > 0) await level.batch(recovered.flat().map(toLevel));
    removeJournalFiles(files);
    return new WriteBehind(level, journal);
  } catch (error) {
    toClose?.close();
    await level.close();
    throw error;
  }
}

/** Every entry of `range`, in order, read a page at a time; stop early by returning false from `visit`. */
export async function scan(db: LevelDb, range: LevelRange, visit: (key: string, value: unknown) => boolean | void, pageSize = 64): Promise<void> {
  const iterator = db.iterator(range);
  try {
    for (;;) {
      const page = await iterator.nextv(pageSize);
      if (page.length === 0) return;
      for (const [key, value] of page) if (visit(key, value) === false) return;
    }
  } finally {
    await iterator.close();
  }
}
