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
 * batch acknowledged before it started. open-db.ts opens one (a WriteBehind over LevelDB and
 * its journal); this file holds only the shape and what is built on it, so that the writer
 * (write-behind.ts) and its users depend on it and not on each other.
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
