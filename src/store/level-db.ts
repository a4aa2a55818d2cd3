import { mkdirSync } from "node:fs";
import { ClassicLevel } from "classic-level";
import { MemoryLevel } from "memory-level";
import { WriteCoalescer } from "./write-coalescer.js";

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
 * What the Level store uses of an abstract-level database (classic-level and memory-level both
 * are one): string keys, JSON values.
 */
export interface LevelDb {
  get(key: string): Promise<unknown>;
  getMany(keys: string[]): Promise<unknown[]>;
  has(key: string): Promise<boolean>;
  /**
   * Applies every operation or none. Without `sync` (fsync), as here, it resolves once LevelDB
   * has appended the batch to its write-ahead log, i.e. handed it to the operating system: a
   * process killed right after (kill -9, a crash) loses nothing, a power cut can lose the last
   * writes. dynalite, on the same LevelDB, promised no more.
   */
  batch(operations: LevelOp[]): Promise<void>;
  iterator(range: LevelRange): { nextv(size: number): Promise<[string, unknown][]>; close(): Promise<void> };
  close(): Promise<void>;
}

/** A LevelDB in `path` (created when missing), or one in memory without a path. */
export async function openLevelDb(path: string | undefined): Promise<LevelDb> {
  const options = { keyEncoding: "utf8", valueEncoding: "json" } as const;
  let db: ClassicLevel<string, unknown> | MemoryLevel<string, unknown>;
  if (path) {
    mkdirSync(path, { recursive: true });
    db = new ClassicLevel<string, unknown>(path, options);
  } else {
    // Bytes, like LevelDB, so that both order keys the same way.
    db = new MemoryLevel<string, unknown>({ ...options, storeEncoding: "buffer" });
  }
  await db.open();
  const opened: LevelDb = db;
  const writes = new WriteCoalescer((ops) => opened.batch(ops));
  return {
    get: (key) => opened.get(key),
    getMany: (keys) => opened.getMany(keys),
    has: (key) => opened.has(key),
    batch: (ops) => writes.batch(ops),
    iterator: (range) => opened.iterator(range),
    close: () => opened.close(),
  };
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
