import { spawnSync } from "node:child_process";
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ClassicLevel } from "classic-level";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.js";
import { type LevelDb, scan } from "../../src/store/level/db.js";
import { openLevelDb } from "../../src/store/level/open-db.js";
import { LevelJournal } from "../../src/store/level/journal.js";
import { type Level, WriteBehind } from "../../src/store/level/write-behind.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const OPEN_DB = fileURLToPath(new URL("../../src/store/level/open-db.ts", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "tabula-journal-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let n = 0;
const freshDir = () => join(scratch, `db-${++n}`);

async function entries(db: LevelDb): Promise<[string, unknown][]> {
  const found: [string, unknown][] = [];
  await scan(db, {}, (key, value) => void found.push([key, value]));
  return found;
}

/** What a start on `dir` finds: the database opened (the journal applied), read and closed again. */
async function storedIn(dir: string): Promise<[string, unknown][]> {
  const db = await openLevelDb(dir);
  try {
    return await entries(db);
  } finally {
    await db.close();
  }
}

/**
 * A process that opens the database, writes `count` batches one after another (each awaited,
 * i.e. acknowledged), says so, and is killed by SIGKILL at once: before any batch can have
 * reached LevelDB, which waits a few milliseconds to write them together.
 */
const WRITER = join(scratch, "writer.mts");
writeFileSync(
  WRITER,
  `import { openLevelDb } from ${JSON.stringify(OPEN_DB)};
const db = await openLevelDb(process.argv[2]);
const count = Number(process.argv[3]);
for (let i = 0; i < count; i++) {
  await db.batch([{ type: "put", key: "k" + String(i).padStart(4, "0"), value: { i, text: "é\\u2028\\"" } }, { type: "del", key: "k" + String(i - 1).padStart(4, "0") + "-gone" }, { type: "put", key: "k" + String(i).padStart(4, "0") + "-gone", value: i }]);
}
process.stdout.write("acknowledged " + count + "\\n");
process.kill(process.pid, "SIGKILL");
`,
);

/** A process that writes one batch and closes the database with nothing else keeping it alive: it must print "closed" and exit 0. */
const CLOSER = join(scratch, "closer.mts");
writeFileSync(
  CLOSER,
  `import { openLevelDb } from ${JSON.stringify(OPEN_DB)};
const db = await openLevelDb(process.argv[2]);
await db.batch([{ type: "put", key: "k", value: 1 }]);
await db.close();
process.stdout.write("closed\\n");
`,
);

describe("the Level store's journal", () => {
  it("keeps every acknowledged batch through kill -9: the next start applies them to LevelDB, in order, and empties the journal", async () => {
    const dir = freshDir();
    const ran = spawnSync(process.execPath, ["--import", "tsx", WRITER, dir, "300"], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
    expect(ran.signal).toBe("SIGKILL");
    expect(ran.stdout).toBe("acknowledged 300\n");
    // Some of them only in the journal (the rest reached LevelDB in a write of 512 operations or more).
    const journaled = readdirSync(`${dir}-journal`).reduce((bytes, name) => bytes + statSync(join(`${dir}-journal`, name)).size, 0);
    expect(journaled).toBeGreaterThan(0);

    const db = await openLevelDb(dir);
    try {
      const found = await entries(db);
      // Each batch put its key and a "-gone" key, and deleted the one before: the last "-gone" is left.
      expect(found.map(([key]) => key)).toEqual([...Array.from({ length: 300 }, (_, i) => `k${String(i).padStart(4, "0")}`), "k0299-gone"]);
      expect(found[7]).toEqual(["k0007", { i: 7, text: 'é\u2028"' }]);
      expect(readdirSync(`${dir}-journal`)).toHaveLength(1);
    } finally {
      await db.close();
    }
    expect(readdirSync(`${dir}-journal`)).toEqual([]);
  });

  it("applies a file's whole frames and nothing from one cut short or failing its checksum onwards", async () => {
    const dir = freshDir();
    const { journal } = LevelJournal.open(`${dir}-journal`);
    journal.append([{ type: "put", key: "a", json: '"one"' }]);
    journal.append([{ type: "put", key: "b", json: '"two"' }]);
    const file = journal.close();
    // A third frame whose last bytes never reached the disk.
    const payload = Buffer.from('[["p","c","three"]]');
    const header = Buffer.alloc(8);
    header.writeUInt32LE(payload.length, 0);
    appendFileSync(file, Buffer.concat([header, payload.subarray(0, 5)]));

    expect(await storedIn(dir)).toEqual([
      ["a", "one"],
      ["b", "two"],
    ]);
  });

  it("stops at a frame whose checksum fails, though later frames are whole", async () => {
    const dir = freshDir();
    const { journal } = LevelJournal.open(`${dir}-journal`);
    journal.append([{ type: "put", key: "a", json: "1" }]);
    journal.append([{ type: "put", key: "b", json: "2" }]);
    journal.append([{ type: "put", key: "c", json: "3" }]);
    const file = journal.close();
    const bytes = readFileSync(file);
    // The second frame's payload, `[["p","b",2]]`, with its value changed under its checksum.
    const at = bytes.indexOf(Buffer.from('"b",2'));
    bytes[at + 4] = "9".charCodeAt(0);
    writeFileSync(file, bytes);

    expect(await storedIn(dir)).toEqual([["a", 1]]);
  });

  it("answers every read with the batches acknowledged before it, before they reach LevelDB", async () => {
    const db = await openLevelDb(freshDir());
    try {
      await db.batch([
        { type: "put", key: "x", value: { v: 1 } },
        { type: "put", key: "y", value: { v: 2 } },
      ]);
      await db.batch([{ type: "del", key: "y" }]);
      // Nothing has reached LevelDB yet (it waits a few milliseconds); the reads must still see both batches.
      expect(await db.get("x")).toEqual({ v: 1 });
      expect(await db.get("y")).toBeUndefined();
      expect(await db.has("x")).toBe(true);
      expect(await db.has("y")).toBe(false);
      expect(await db.getMany(["y", "x", "z"])).toEqual([undefined, { v: 1 }, undefined]);
      expect(await entries(db)).toEqual([["x", { v: 1 }]]);
      // A value read back is the database's copy, not the writer's object.
      const read = (await db.get("x")) as { v: number };
      read.v = 99;
      expect(await db.get("x")).toEqual({ v: 1 });
    } finally {
      await db.close();
    }
  });

  it("starts a new file past a megabyte and deletes a full one once its batches are in LevelDB", async () => {
    const dir = freshDir();
    const db = await openLevelDb(dir);
    try {
      const text = "x".repeat(1000);
      for (let i = 0; i < 1500; i++) await db.batch([{ type: "put", key: `k${String(i).padStart(4, "0")}`, value: text }]);
      // A range read waits for LevelDB to have every acknowledged batch.
      expect(await entries(db)).toHaveLength(1500);
      expect(readdirSync(`${dir}-journal`)).toEqual(["000000000002.journal"]);
    } finally {
      await db.close();
    }
  });

  it("refuses to start when a frame other than the newest file's last is damaged: batches after it cannot be replayed in order", async () => {
    const dir = freshDir();
    const first = LevelJournal.open(`${dir}-journal`).journal;
    first.append([{ type: "put", key: "a", json: "1" }]);
    const older = first.close();
    const second = LevelJournal.open(`${dir}-journal`);
    second.journal.append([{ type: "put", key: "b", json: "2" }]);
    second.journal.close();
    appendFileSync(older, Buffer.from([1, 0, 0, 0, 0, 0, 0, 0]));
    await expect(openLevelDb(dir)).rejects.toThrow(/damaged frame at byte \d+, and later files follow it/);
  });

  it("refuses a batch once closing has begun, and keeps every batch acknowledged before", async () => {
    const dir = freshDir();
    const db = await openLevelDb(dir);
    await db.batch([{ type: "put", key: "a", value: 1 }]);
    const closed = db.close();
    await expect(db.batch([{ type: "put", key: "b", value: 2 }])).rejects.toThrow(/closing/);
    await closed;
    expect(await storedIn(dir)).toEqual([["a", 1]]);
  });

  it("refuses a value with no JSON form without journaling it, and goes on", async () => {
    const dir = freshDir();
    const db = await openLevelDb(dir);
    await expect(db.batch([{ type: "put", key: "u", value: undefined }])).rejects.toThrow(/no JSON form/);
    await db.batch([]);
    await db.batch([{ type: "put", key: "v", value: 1 }]);
    expect(await entries(db)).toEqual([["v", 1]]);
    await db.close();
    expect(await storedIn(dir)).toEqual([["v", 1]]);
  });

  it("closes with writes still waiting for LevelDB though nothing else keeps the process alive", () => {
    const dir = freshDir();
    const ran = spawnSync(process.execPath, ["--import", "tsx", CLOSER, dir], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
    expect({ status: ran.status, stdout: ran.stdout }).toEqual({ status: 0, stdout: "closed\n" });
    expect(readdirSync(`${dir}-journal`)).toEqual([]);
  });

  it("survives a clean close and reopen with everything in LevelDB and the journal empty", async () => {
    const dir = freshDir();
    const first = await openLevelDb(dir);
    for (let i = 0; i < 50; i++) await first.batch([{ type: "put", key: `k${String(i).padStart(2, "0")}`, value: i }]);
    await first.close();
    expect(readdirSync(`${dir}-journal`)).toEqual([]);
    expect((await storedIn(dir)).map(([, value]) => value)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  describe("when LevelDB refuses writes (a full disk)", () => {
    /** LevelDB on `dir` whose writes fail while `refusing` is set: what a full disk does. */
    async function refusingLevel(dir: string) {
      const level = new ClassicLevel<string, unknown>(dir, { keyEncoding: "utf8", valueEncoding: "json" });
      await level.open();
      const state = { refusing: true, refused: 0 };
      const failing: Level = {
        get: (key) => level.get(key),
        getMany: (keys) => level.getMany(keys),
        has: (key) => level.has(key),
        iterator: (range) => level.iterator(range),
        close: () => level.close(),
        batch: (operations) => (state.refusing ? (state.refused++, Promise.reject(new Error("No space left on device"))) : level.batch(operations)),
      };
      return { level, failing, state };
    }

    it("keeps acknowledging and answering batches, refuses the range reads that need them, and writes them all once LevelDB takes writes again", async () => {
      const dir = freshDir();
      const reported: Record<string, any>[] = [];
      const { level, failing, state } = await refusingLevel(dir);
      const { journal } = LevelJournal.open(`${dir}-journal`);
      const db = new WriteBehind(failing, journal, createLogger("error", (line) => reported.push(JSON.parse(line))));
      await db.batch([{ type: "put", key: "a", value: 1 }]);
      await db.batch([{ type: "put", key: "b", value: { two: 2 } }, { type: "del", key: "a" }]);
      expect(await db.get("b")).toEqual({ two: 2 });
      expect(await db.get("a")).toBeUndefined();
      await expect(entries(db)).rejects.toThrow("No space left on device");
      expect(state.refused).toBeGreaterThan(0);
      expect(reported).toContainEqual(expect.objectContaining({ level: "error", msg: expect.stringContaining("LevelDB refused a write"), err: expect.objectContaining({ message: "No space left on device" }) }));
      // Refused or not, the batches stay acknowledged, answered and in order.
      await db.batch([{ type: "put", key: "c", value: 3 }]);
      expect(await db.getMany(["a", "b", "c"])).toEqual([undefined, { two: 2 }, 3]);

      state.refusing = false;
      expect(await entries(db)).toEqual([["b", { two: 2 }], ["c", 3]]);
      expect(await level.get("b")).toEqual({ two: 2 });
      await db.close();
      expect(readdirSync(`${dir}-journal`)).toEqual([]);
      expect(await storedIn(dir)).toEqual([["b", { two: 2 }], ["c", 3]]);
    });

    it("makes close() fail while LevelDB still refuses, and the next start writes the journaled batches", async () => {
      const dir = freshDir();
      const { level, failing } = await refusingLevel(dir);
      const { journal } = LevelJournal.open(`${dir}-journal`);
      // It reports each refusal, as the test above checks.
      const db = new WriteBehind(failing, journal, createLogger("silent"));
      try {
        for (let i = 0; i < 5; i++) await db.batch([{ type: "put", key: `k${i}`, value: i }]);
        await expect(db.close()).rejects.toThrow("No space left on device");
        await expect(db.batch([{ type: "put", key: "late", value: 0 }])).rejects.toThrow("closing");
      } finally {
        // What the process leaves behind when it exits after the failed close.
        journal.close();
        await level.close();
      }
      expect(await storedIn(dir)).toEqual(Array.from({ length: 5 }, (_, i) => [`k${i}`, i]));
      expect(readdirSync(`${dir}-journal`)).toEqual([]);
    });
  });
});
