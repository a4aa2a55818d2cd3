import { closeSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readdirSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { defaultLogger, type Logger } from "../../logger.js";

/** One operation as the journal keeps it: a put's value already serialised as JSON. */
export type JournalOp = { readonly type: "put"; readonly key: string; readonly json: string } | { readonly type: "del"; readonly key: string };

/** A frame: payload length and CRC-32 (4 bytes each, little-endian), then the payload, UTF-8 JSON. */
const HEADER = 8;
/** A start after a crash reads back at most about this much that is already in LevelDB, per file. */
const ROTATE_AT_BYTES = 1 << 20;
const FILE = /^(\d{12})\.journal$/;
const fileName = (generation: number) => `${String(generation).padStart(12, "0")}.journal`;

/** A batch's frame payload: `[["p", key, value], ["d", key], ...]`, each value spliced in as the JSON it already is. */
const payloadOf = (ops: readonly JournalOp[]): string =>
  `[${ops.map((op) => (op.type === "put" ? `["p",${JSON.stringify(op.key)},${op.json}]` : `["d",${JSON.stringify(op.key)}]`)).join(",")}]`;

/**
 * The Level store's write-ahead journal: each batch is appended to a file with one synchronous
 * write before it is acknowledged, and reaches LevelDB later, grouped with others (write-behind.ts).
 * A synchronous write hands the batch to the operating system, as LevelDB's own log does
 * without `sync`, for a few microseconds instead of a trip to LevelDB's thread and back. Files
 * are numbered; past ROTATE_AT_BYTES the next batch starts the next one (the full one synced to
 * disk first, so that a power cut cannot keep a later file and lose an earlier one's end), and
 * a file is deleted once every batch in it is in LevelDB. What is left at start-up was
 * acknowledged and may not be in LevelDB yet: `open` reads it back, in order, to be applied again
 * (puts and deletes of whole values: applying one twice changes nothing).
 */
export class LevelJournal {
  private fd: number;
  private generation: number;
  /** Bytes in the current file, every one of them part of a whole frame. */
  private size = 0;
  /** Set when a failed write could not be taken back: nothing more may be appended after it. */
  private broken: Error | null = null;

  private constructor(
    private readonly dir: string,
    generation: number,
    private readonly logger: Logger,
  ) {
    this.generation = generation;
    this.fd = openSync(this.path(generation), "a");
  }

  /**
   * Opens the journal in `dir` (created when missing) and answers the batches its files hold,
   * oldest first, and the files (to delete once those batches are in LevelDB). Only the newest
   * file may end in a frame cut short (a power cut in the middle of a write, never
   * acknowledged); a bad frame anywhere else means acknowledged batches are unreadable, and
   * the store refuses to start rather than go on without them.
   */
  static open(dir: string, logger: Logger = defaultLogger): { journal: LevelJournal; recovered: JournalOp[][]; files: string[] } {
    mkdirSync(dir, { recursive: true });
    const names = readdirSync(dir)
      .filter((name) => FILE.test(name))
      .sort();
    const recovered = names.flatMap((name, i) => {
      const { batches, badAt } = readFrames(readFileSync(join(dir, name)));
      if (badAt !== null && i < names.length - 1) throw new Error(`journal file ${join(dir, name)} has a damaged frame at byte ${badAt}, and later files follow it: its batches cannot be replayed in order`);
      return batches;
    });
    const last = names.length > 0 ? Number(FILE.exec(names.at(-1)!)![1]) : 0;
    return { journal: new LevelJournal(dir, last + 1, logger), recovered, files: names.map((name) => join(dir, name)) };
  }

  /**
   * Appends one batch; when this returns, the batch survives the process. If it throws, nothing
   * of the batch is left in the file (a part written before a full disk refused the rest is cut
   * off again), so later batches still follow whole frames.
   */
  append(ops: readonly JournalOp[]): void {
    if (this.broken) throw this.broken;
    const payload = payloadOf(ops);
    const length = Buffer.byteLength(payload);
    const frame = Buffer.allocUnsafe(HEADER + length);
    frame.write(payload, HEADER);
    frame.writeUInt32LE(length, 0);
    frame.writeUInt32LE(crc32(frame.subarray(HEADER)), 4);
    try {
      for (let written = 0; written < frame.length; ) written += writeSync(this.fd, frame, written);
    } catch (error) {
      try {
        ftruncateSync(this.fd, this.size);
      } catch (cause) {
        this.broken = new Error("the journal could not take back a failed write: no more writes are accepted", { cause });
      }
      throw error;
    }
    this.size += frame.length;
  }

  /**
   * When the current file has grown past ROTATE_AT_BYTES, starts the next one for the batches
   * that follow and answers the path of the one it closed (to delete once its batches are in
   * LevelDB); else null, also when the next file cannot be opened now (the current one goes on,
   * and the next batch tries again). A file per thousand moves or so: opening, closing and
   * deleting one per write to LevelDB cost more than the write to the journal.
   */
  rotateIfFull(): string | null {
    if (this.size < ROTATE_AT_BYTES) return null;
    let next: number;
    try {
      fsyncSync(this.fd);
      next = openSync(this.path(this.generation + 1), "a");
    } catch (error) {
      this.logger.error("the journal could not start its next file; it goes on in the current one", error);
      return null;
    }
    const full = this.path(this.generation);
    closeSync(this.fd);
    this.fd = next;
    this.generation++;
    this.size = 0;
    return full;
  }

  /** Closes the current file; answers its path. */
  close(): string {
    closeSync(this.fd);
    return this.path(this.generation);
  }

  private path(generation: number): string {
    return join(this.dir, fileName(generation));
  }
}

/** The batches of one file up to its first frame cut short or failing its checksum, and where that one starts (null: none). */
function readFrames(file: Buffer): { batches: JournalOp[][]; badAt: number | null } {
  const batches: JournalOp[][] = [];
  let at = 0;
  while (at + HEADER <= file.length) {
    const length = file.readUInt32LE(at);
    const end = at + HEADER + length;
    if (end > file.length || crc32(file.subarray(at + HEADER, end)) !== file.readUInt32LE(at + 4)) break;
    const ops = JSON.parse(file.toString("utf8", at + HEADER, end)) as ([string, string, unknown] | [string, string])[];
    batches.push(ops.map(([type, key, value]) => (type === "p" ? { type: "put", key, json: JSON.stringify(value) } : { type: "del", key })));
    at = end;
  }
  return { batches, badAt: at < file.length ? at : null };
}

/** Deletes journal files whose batches are all in LevelDB; one that cannot be deleted is reported (replaying it again later is harmless). */
export function removeJournalFiles(files: readonly string[], logger: Logger = defaultLogger): void {
  for (const file of files) {
    try {
      unlinkSync(file);
    } catch (error) {
      logger.error(`could not delete the applied journal file ${file}`, error);
    }
  }
}
