import { defaultLogger, type Logger } from "../../logger.js";
import type { LevelDb, LevelOp, LevelRange } from "./db.js";
import { type JournalOp, type LevelJournal, removeJournalFiles } from "./journal.js";

/** What the journal's writer uses of an abstract-level database (classic-level and memory-level both are one). */
export type Level = Omit<LevelDb, "batch"> & { batch(operations: ReturnType<typeof toLevel>[]): Promise<void> };

/** How long acknowledged batches wait to reach LevelDB together, unless a read needs them or this many operations wait. */
const APPLY_AFTER_MS = 50;
const APPLY_AT_OPS = 512;
/** After LevelDB refused a write (a full disk), how long before it is tried again; the batches stay in the journal meanwhile. */
const RETRY_AFTER_MS = 1000;

/** A journaled operation as LevelDB takes it: the value's JSON stored as is (what the json encoding would store). */
export const toLevel = (op: JournalOp) => (op.type === "put" ? { type: "put" as const, key: op.key, value: op.json, valueEncoding: "utf8" } : op);

/**
 * Batches are acknowledged once journaled, and reach LevelDB up to APPLY_AFTER_MS later, many
 * in one write: a LevelDB write costs a trip to its thread and back (about 80 µs of CPU and 100 µs
 * of waiting on two cores, whatever its size), which every move of those 50 ms then shares (with
 * 10 ms, a command over graphql-ws cost 7-9% more server CPU in three paired runs). Until a batch
 * is in LevelDB its keys are answered from `unapplied`, and an iterator waits for it: reads see
 * every acknowledged batch, as they would if it had been written at once.
 */
export class WriteBehind implements LevelDb {
  /** Acknowledged operations not yet handed to LevelDB, in order. */
  private pending: JournalOp[] = [];
  /** The newest acknowledged value (null: deleted) of every key with an operation not yet in LevelDB, and the batch that wrote it. */
  private readonly unapplied = new Map<string, { readonly json: string | null; readonly batch: number }>();
  /** Closed journal files, each with the last batch it holds: deleted once that batch is in LevelDB. */
  private closed: { readonly file: string; readonly last: number }[] = [];
  private acknowledged = 0;
  private applied = 0;
  private applying = false;
  private timer: NodeJS.Timeout | undefined;
  private waiting: { readonly batch: number; readonly settle: (error?: unknown) => void }[] = [];
  private closing = false;

  constructor(
    private readonly level: Level,
    private readonly journal: LevelJournal | null,
    private readonly logger: Logger = defaultLogger,
  ) {}

  async batch(operations: LevelOp[]): Promise<void> {
    if (this.closing) throw new Error("the Level store is closing: nothing more is written");
    if (operations.length === 0) return;
    const ops = operations.map((op): JournalOp => {
      if (op.type === "del") return op;
      const json = JSON.stringify(op.value) as string | undefined;
      // Written as is, it could not be read back (nor could anything journaled after it).
      if (json === undefined) throw new TypeError(`the value of ${op.key} has no JSON form`);
      return { type: "put", key: op.key, json };
    });
    this.journal?.append(ops);
    const batch = ++this.acknowledged;
    const full = this.journal?.rotateIfFull();
    if (full) this.closed.push({ file: full, last: batch });
    for (const op of ops) this.unapplied.set(op.key, { json: op.type === "put" ? op.json : null, batch });
    this.pending.push(...ops);
    this.schedule(this.pending.length >= APPLY_AT_OPS ? 0 : APPLY_AFTER_MS);
  }

  async get(key: string): Promise<unknown> {
    const found = this.unapplied.get(key);
    if (found) return found.json === null ? undefined : JSON.parse(found.json);
    return this.level.get(key);
  }

  async getMany(keys: string[]): Promise<unknown[]> {
    // What the journal answers is taken before the read: a batch written meanwhile is not this read's.
    const known = keys.map((key) => this.unapplied.get(key));
    const stored = keys.filter((_, i) => !known[i]);
    const read = stored.length > 0 ? await this.level.getMany(stored) : [];
    let next = 0;
    return known.map((found) => (!found ? read[next++] : found.json === null ? undefined : JSON.parse(found.json)));
  }

  async has(key: string): Promise<boolean> {
    const found = this.unapplied.get(key);
    return found ? found.json !== null : this.level.has(key);
  }

  iterator(range: LevelRange): ReturnType<LevelDb["iterator"]> {
    const opened = this.settled().then(() => this.level.iterator(range));
    return {
      nextv: async (size) => (await opened).nextv(size),
      close: async () => (await opened.catch(() => undefined))?.close(),
    };
  }

  /** Refuses new batches, waits until every acknowledged one is in LevelDB, then closes. */
  async close(): Promise<void> {
    this.closing = true;
    while (this.applied < this.acknowledged) await this.settled();
    clearTimeout(this.timer);
    if (this.journal) removeJournalFiles([this.journal.close()], this.logger);
    await this.level.close();
  }

  /** Resolves once every batch acknowledged so far is in LevelDB (at once when none waits); rejects if LevelDB refuses them. */
  private settled(): Promise<void> {
    if (this.applied === this.acknowledged) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiting.push({ batch: this.acknowledged, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      this.schedule(0);
    });
  }

  /**
   * Applies what is pending in `ms` (sooner if asked again with less); one write at a time. The
   * delayed write alone does not keep the process alive (the journal has its batches); one that
   * a read or close() waits for does.
   */
  private schedule(ms: number): void {
    if (this.applying || (this.timer && ms > 0)) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.apply(), ms);
    if (ms > 0 && this.waiting.length === 0) this.timer.unref();
  }

  private async apply(): Promise<void> {
    this.timer = undefined;
    if (this.pending.length === 0) return;
    this.applying = true;
    const ops = this.pending.splice(0);
    const upTo = this.acknowledged;
    let failure: unknown;
    try {
      await this.level.batch(ops.map(toLevel));
    } catch (error) {
      failure = error ?? new Error("a LevelDB write failed");
    }
    this.applying = false;
    if (failure !== undefined) {
      // Not unshift(...ops): a write that failed for long holds more operations than a call takes arguments.
      this.pending = ops.concat(this.pending);
      this.release(() => true, failure);
      this.logger.error("LevelDB refused a write; the journal keeps it, and it is tried again", failure);
      this.schedule(RETRY_AFTER_MS);
      return;
    }
    this.applied = upTo;
    for (const op of ops) if ((this.unapplied.get(op.key)?.batch ?? Infinity) <= upTo) this.unapplied.delete(op.key);
    this.release((w) => w.batch <= upTo);
    const done = this.closed.filter((c) => c.last <= upTo);
    this.closed = this.closed.filter((c) => c.last > upTo);
    removeJournalFiles(done.map((c) => c.file), this.logger);
    if (this.pending.length > 0) this.schedule(this.waiting.length > 0 || this.pending.length >= APPLY_AT_OPS ? 0 : APPLY_AFTER_MS);
  }

  private release(which: (w: (typeof this.waiting)[number]) => boolean, error?: unknown): void {
    const released = this.waiting.filter(which);
    this.waiting = this.waiting.filter((w) => !which(w));
    for (const w of released) w.settle(error);
  }
}

