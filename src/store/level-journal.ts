import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";
import { crc32 } from "node:zlib";

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
 * write before it is acknowledged, and reaches LevelDB later, grouped with others (level-db.ts).
 * A synchronous write hands the batch to the operating system, as LevelDB's own log does
 * without `sync`, for a few microseconds instead of a trip to LevelDB's thread and back. Files
 * are numbered; past ROTATE_AT_BYTES the next batch starts the next one, and a file is deleted
 * once every batch in it is in LevelDB. What is left at start-up was acknowledged and may not be in LevelDB yet: `recover`
 * reads it back, in order, to be applied again (puts and deletes of whole values: applying one
 * twice changes nothing).
 */
export class LevelJournal {
  private fd: number;
  private generation: number;
  /** Bytes in the current file. */
  private size = 0;

  private constructor(
    private readonly dir: string,
    generation: number,
  ) {
    this.generation = generation;
    this.fd = openSync(join(dir, fileName(generation)), "a");
  }

  /** Opens the journal in `dir` (created when missing) and answers the batches its files hold, oldest first. */
  static open(dir: string): { journal: LevelJournal; recovered: JournalOp[][]; files: string[] } {
    mkdirSync(dir, { recursive: true });
    const names = readdirSync(dir)
      .filter((name) => FILE.test(name))
      .sort();
    const recovered = names.flatMap((name) => readFrames(readFileSync(join(dir, name))));
    const last = names.length > 0 ? Number(FILE.exec(names.at(-1)!)![1]) : 0;
    return { journal: new LevelJournal(dir, last + 1), recovered, files: names.map((name) => join(dir, name)) };
  }

  /** Appends one batch; when this returns, the batch survives the process. Throws (writing nothing that will be read back) if it cannot. */
  append(ops: readonly JournalOp[]): void {
    const payload = payloadOf(ops);
    const length = Buffer.byteLength(payload);
    const frame = Buffer.allocUnsafe(HEADER + length);
    frame.write(payload, HEADER);
    frame.writeUInt32LE(length, 0);
    frame.writeUInt32LE(crc32(frame.subarray(HEADER)), 4);
    let written = 0;
    while (written < frame.length) written += writeSync(this.fd, frame, written);
    this.size += frame.length;
  }

  /**
   * When the current file has grown past ROTATE_AT_BYTES, starts the next one for the batches
   * that follow and answers the path of the one it closed (to delete once its batches are in
   * LevelDB); else null. A file per thousand moves or so: opening, closing and deleting one per
   * write to LevelDB cost more than the write to the journal.
   */
  rotateIfFull(): string | null {
    if (this.size < ROTATE_AT_BYTES) return null;
    const closed = join(this.dir, fileName(this.generation));
    closeSync(this.fd);
    this.generation++;
    this.fd = openSync(join(this.dir, fileName(this.generation)), "a");
    this.size = 0;
    return closed;
  }

  close(): string {
    closeSync(this.fd);
    return join(this.dir, fileName(this.generation));
  }
}

/**
 * The batches of one file, up to the first frame that is cut short or fails its checksum: a
 * write the machine lost power in the middle of, never acknowledged, and what follows it is not
 * applied without it.
 */
function readFrames(file: Buffer): JournalOp[][] {
  const batches: JournalOp[][] = [];
  for (let at = 0; at + HEADER <= file.length; ) {
    const length = file.readUInt32LE(at);
    const end = at + HEADER + length;
    if (end > file.length || crc32(file.subarray(at + HEADER, end)) !== file.readUInt32LE(at + 4)) break;
    const ops = JSON.parse(file.toString("utf8", at + HEADER, end)) as ([string, string, unknown] | [string, string])[];
    batches.push(ops.map(([type, key, value]) => (type === "p" ? { type: "put", key, json: JSON.stringify(value) } : { type: "del", key })));
    at = end;
  }
  return batches;
}

/** Deletes journal files whose batches are all in LevelDB. */
export const removeJournalFiles = (files: readonly string[]): void => files.forEach((file) => unlinkSync(file));
