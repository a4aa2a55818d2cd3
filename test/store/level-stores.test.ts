import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VersionConflictError } from "../../src/store/event-store.js";
import { createLogger } from "../../src/logger.js";
import { type LevelDb, scan } from "../../src/store/level/db.js";
import { LevelEventStore, type StoredCommit } from "../../src/store/level/event-store.js";
import { KeyedQueue } from "../../src/store/level/keyed-queue.js";
import { type LevelStores, openLevelStores } from "../../src/store/level/stores.js";
import { describeStoreContract } from "./contract/index.js";
import { appendCommits, created, moves, row } from "./contract/fixtures.js";

/** Level stores on disk, each in its own directory, removed on close. */
const onDisk = async (): Promise<LevelStores> => {
  const dir = await mkdtemp(join(tmpdir(), "tabula-level-"));
  const stores = await openLevelStores({ path: dir });
  return { ...stores, close: async () => (await stores.close(), await rm(dir, { recursive: true, force: true })) };
};

describe("the Level store in memory", () => describeStoreContract(() => openLevelStores()));
describe("the Level store on disk", () => describeStoreContract(onDisk));

/** Every key of the database under `prefix`, in order. */
async function keys(db: LevelDb, prefix: string): Promise<string[]> {
  const found: string[] = [];
  await scan(db, { gte: prefix, lt: `${prefix}\uffff` }, (key) => void found.push(key));
  return found;
}

/** What only the Level store promises: its key layout, one batch per commit, its commit feed, its files. */
describe("the Level store's own", () => {
  let level: LevelStores;
  beforeAll(async () => void (level = await openLevelStores()));
  afterAll(() => level.close());

  it("keeps one inbox key and one due key per entry, however often they move", async () => {
    const p = "layout";
    await level.index.apply("m", { version: 1, rows: [row("m", { playerId: p, toMove: true })], due: { at: "2026-01-05T00:00:00.000Z" } });
    await level.index.apply("m", { version: 2, rows: [row("m", { playerId: p, toMove: false, deadline: "2026-01-07T00:00:00.000Z" })], due: { at: "2026-01-07T00:00:00.000Z" } });
    await level.index.apply("m", { version: 3, rows: [row("m", { playerId: p, status: "FINISHED", deadline: null, finishedAt: "2026-01-06T00:00:00.000Z" })], due: { at: null } });
    expect(await keys(level.db, `inbox!${p}!`)).toEqual([expect.stringMatching(/^inbox!layout!3#\d{16}#m$/)]);
    expect(await keys(level.db, "inbox-key!layout!")).toEqual(["inbox-key!layout!m"]);
    expect(await keys(level.db, "due!")).toEqual([]);
    expect(await level.db.get("due-key!m")).toEqual({ version: 3, at: null });
  });

  it("writes a commit and its index entries in one batch, and nothing of a refused one", async () => {
    const batches: unknown[][] = [];
    const batch = level.db.batch.bind(level.db);
    level.db.batch = (ops) => (batches.push(ops), batch(ops));
    try {
      await level.store.append("one", { ...created("one"), index: { version: 1, rows: [row("one", { playerId: "b1" }), row("one", { playerId: "b2" })], due: { at: "2026-01-05T00:00:00.000Z" } } });
      expect(batches).toHaveLength(1);
      expect((batches[0] as { key: string }[]).map((op) => op.key)).toEqual([
        "commit!one!0000000001",
        expect.stringMatching(/^inbox!b1!2#/),
        "inbox-key!b1!one",
        expect.stringMatching(/^inbox!b2!2#/),
        "inbox-key!b2!one",
        "due!2026-01-05T00:00:00.000Z#one",
        "due-key!one",
      ]);
      await expect(level.store.append("one", created("one"))).rejects.toBeInstanceOf(VersionConflictError);
      expect(batches).toHaveLength(1);
    } finally {
      level.db.batch = batch;
    }
  });

  it("keeps a commit's escaped id in its keys: no match's range reaches into another's", async () => {
    await level.store.append("x!y", created("x!y"));
    await level.store.append("x", created("x"));
    expect(await keys(level.db, "commit!x")).toEqual(["commit!x!0000000001", "commit!x%21y!0000000001"]);
  });

  it("tells its listeners of every commit it wrote, in order, once durable, and of no refused one", async () => {
    const seen: StoredCommit[] = [];
    const readBack: Promise<number>[] = [];
    const stop = level.store.onCommit((stored) => {
      seen.push(stored);
      // Written before the listener hears of it: a read started now finds it (and may find later ones).
      const last = stored.commit.events.at(-1)!.version;
      readBack.push(level.store.readEvents(stored.matchId, 0, 100).then((events) => (events.some((e) => e.version === last) ? last : -1)));
    });
    await appendCommits(level.store, "fed", [1, 2, 1]);
    await expect(level.store.append("fed", { events: moves(2, 1) })).rejects.toBeInstanceOf(VersionConflictError);
    stop();
    await level.store.append("fed", { events: moves(5, 1) });
    expect(seen.map((s) => [s.matchId, s.commit.events.map((e) => e.version)])).toEqual([
      ["fed", [1]],
      ["fed", [2, 3]],
      ["fed", [4]],
    ]);
    expect(await Promise.all(readBack)).toEqual([1, 3, 4]);
  });

  it("looks up no key for an append at the end it knows of a match, and still refuses every stale one", async () => {
    const lookups: string[] = [];
    const has = level.db.has.bind(level.db);
    level.db.has = (key) => (lookups.push(key), has(key));
    try {
      await appendCommits(level.store, "ends", [1, 2]); // the first append knows nothing yet: one lookup
      expect(lookups).toEqual(["commit!ends!0000000001"]);
      await expect(level.store.append("ends", { events: moves(2, 1) })).rejects.toBeInstanceOf(VersionConflictError);
      await level.store.append("ends", { events: moves(4, 1) });
      expect(lookups).toEqual(["commit!ends!0000000001", "commit!ends!0000000002"]); // the stale one only
    } finally {
      level.db.has = has;
    }
    // Another store on the same database learns the end from a load.
    const reopened = new LevelEventStore(level.db, new KeyedQueue(), level.index);
    expect((await reopened.load("ends"))?.commits.at(-1)?.events.at(-1)?.version).toBe(4);
    await expect(reopened.append("ends", { events: moves(4, 1) })).rejects.toBeInstanceOf(VersionConflictError);
    await reopened.append("ends", { events: moves(5, 1) });
    expect((await level.store.readEvents("ends", 0, 10)).map((e) => e.version)).toEqual([1, 2, 3, 4, 5]);
  });

  it("fails no append when a listener throws, and logs it", async () => {
    const logged: Record<string, any>[] = [];
    const own = await openLevelStores({ logger: createLogger("error", (line) => logged.push(JSON.parse(line))) });
    const stop = own.store.onCommit(() => {
      throw new Error("a broken listener");
    });
    try {
      await expect(own.store.append("throws", created("throws"))).resolves.toBeUndefined();
      expect(await own.store.readEvents("throws", 0, 10)).toHaveLength(1);
      expect(logged).toEqual([expect.objectContaining({ level: "error", matchId: "throws", err: expect.objectContaining({ message: "a broken listener" }) })]);
    } finally {
      stop();
      await own.close();
    }
  });

  it("answers its health check while open, and not once closed", async () => {
    const other = await openLevelStores();
    await expect(other.check()).resolves.toBeUndefined();
    await other.close();
    await expect(other.check()).rejects.toThrow();
  });
});

describe("the Level store on disk, reopened", () => {
  let dir: string;
  beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), "tabula-level-"))));
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("keeps everything across a close and an open, and refuses a second opener of its directory", async () => {
    const first = await openLevelStores({ path: dir });
    await first.store.append("kept", { ...created("kept"), index: { version: 1, rows: [row("kept", { playerId: "k" })], due: { at: "2026-01-05T00:00:00.000Z" } } });
    await first.players.create({ id: "k", name: "Kim", tokenHash: "h", createdAt: "2026-01-01T00:00:00.000Z" });
    await expect(openLevelStores({ path: dir })).rejects.toThrow();
    await first.close();

    const second = await openLevelStores({ path: dir });
    try {
      expect((await second.store.load("kept"))?.commits).toEqual([]);
      expect((await second.players.get("k"))?.name).toBe("Kim");
      expect((await second.index.inbox("k", { limit: 5 })).rows.map((r) => r.matchId)).toEqual(["kept"]);
      expect(await second.index.due("2026-01-05T00:00:00.000Z", 5)).toEqual([{ matchId: "kept", at: "2026-01-05T00:00:00.000Z" }]);
      await expect(second.store.append("kept", created("kept"))).rejects.toBeInstanceOf(VersionConflictError);
    } finally {
      await second.close();
    }
  });
});
