import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDynamoClients } from "../../src/store/dynamo/client.js";
import { startEmbeddedStore } from "../../src/store/dynamo/embedded-store.js";
import { holdsEmbeddedTable, importEmbeddedTable } from "../../src/store/level/import-embedded.js";
import { metaKey } from "../../src/store/level/keys.js";
import { openLevelStores } from "../../src/store/level/stores.js";
import type { Stores } from "./contract/fixtures.js";
import { appendCommits, created, moves, row } from "./contract/fixtures.js";
import { tableStores } from "../../src/store/dynamo/stores.js";
import { ensureTable } from "../../src/store/dynamo/table.js";

const TABLE = "tabula";
const DUE = "2026-01-05T00:00:00.000Z";
let dataDir: string;

/** What the stores answer, for comparing an import with its source. */
async function contents(stores: Stores) {
  const loads = await Promise.all(["a", "b", "c"].map((id) => stores.store.load(id)));
  const logs = await Promise.all(["a", "b", "c"].map((id) => stores.store.readEvents(id, 0, 1000)));
  return {
    loads,
    logs,
    players: await Promise.all(["p1", "p2"].map((id) => stores.players.get(id))),
    inboxes: await Promise.all(["p1", "p2"].map((id) => stores.index.inbox(id, { limit: 50 }))),
    due: (await stores.index.due("2030-01-01T00:00:00.000Z", 50)).sort((x, y) => x.matchId.localeCompare(y.matchId)),
  };
}

let source: Awaited<ReturnType<typeof contents>>;
/** The source, with the entries of the commit whose index write was lost. */
let expected: typeof source;
const lostRow = row("c", { playerId: "p1", status: "FINISHED", deadline: null, finishedAt: DUE });

/** A data directory as `npm start` left it before the Level store: dynalite's files, with matches, players and index entries. */
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "tabula-import-"));
  const embedded = await startEmbeddedStore({ path: dataDir });
  const { client, doc } = createDynamoClients({ endpoint: embedded.endpoint });
  await ensureTable(client, TABLE, { embedded: true });
  const stores = tableStores(doc, TABLE);
  await appendCommits(stores.store, "a", [1, 2, 1, 3, 1, 16, 1], [0, 5]);
  await stores.store.append("a", { events: moves(26, 1), idempotency: { key: "k", seat: 0, fingerprint: "f", version: 26 } });
  await stores.store.append("b", { ...created("b"), index: { version: 1, rows: [row("b", { playerId: "p1", toMove: true }), row("b", { playerId: "p2" })], due: { at: DUE } } });
  await stores.store.append("b", { events: moves(2, 1), index: { version: 2, rows: [row("b", { playerId: "p1" }), row("b", { playerId: "p2", toMove: true })] } });
  // A commit whose index write was lost (the process died between the two writes): the import applies the entries it carries.
  await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: "MATCH#c", SK: "EV#0000000001", first: 1, last: 1, events: JSON.stringify(created("c").events), snap: JSON.stringify(created("c").snapshot), idx: JSON.stringify({ version: 1, rows: [lostRow], due: { at: null } }) } }));
  await stores.players.create({ id: "p1", name: "Ada", tokenHash: "h1", createdAt: DUE });
  await stores.players.create({ id: "p2", name: "Bob", tokenHash: "h2", createdAt: DUE });
  // lambda mode's: a WebSocket connection, which ends with its socket.
  await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: "CONN#x", SK: "CONN", connectedAt: 1 } }));
  source = await contents(stores);
  const [p1, p2] = source.inboxes;
  expected = { ...source, inboxes: [{ ...p1!, rows: [...p1!.rows, lostRow] }, p2!] };
  client.destroy();
  await embedded.close();
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe("the import of an embedded DynamoDB data directory into the Level store", () => {
  it("copies every match, player, inbox row and deadline once, and leaves the old files as they were", async () => {
    expect(holdsEmbeddedTable(dataDir)).toBe(true);
    const level = await openLevelStores({ path: join(dataDir, "tabula-level") });
    try {
      const report = await importEmbeddedTable(level, { dataDir, tableName: TABLE });
      expect(report).toEqual({ from: dataDir, matches: 3, commits: 11, players: 2, indexEntries: 3, skipped: 1 });
      const imported = await contents(level);
      expect(imported).toEqual(expected);
      expect(imported.inboxes[0]?.rows.map((r) => [r.matchId, r.toMove, r.status])).toEqual([
        ["b", false, "ACTIVE"],
        ["c", false, "FINISHED"],
      ]);
      expect(imported.due).toEqual([{ matchId: "b", at: DUE }]);
      expect(await level.db.get(metaKey("embedded-table-import"))).toMatchObject({ state: "done", matches: 3 });
      // Once: a second start finds it done.
      expect(await importEmbeddedTable(level, { dataDir, tableName: TABLE })).toBeNull();
    } finally {
      await level.close();
    }
    // dynalite still opens its own files, with everything in them.
    const embedded = await startEmbeddedStore({ path: dataDir });
    const { client, doc } = createDynamoClients({ endpoint: embedded.endpoint });
    try {
      expect(await contents(tableStores(doc, TABLE))).toEqual(source);
    } finally {
      client.destroy();
      await embedded.close();
    }
  });

  it("runs again over an import cut short, and never into a Level store already in use", async () => {
    const cut = await openLevelStores();
    try {
      await cut.db.batch([{ type: "put", key: metaKey("embedded-table-import"), value: { state: "started", from: dataDir } }]);
      await cut.store.append("a", created("a"));
      expect(await importEmbeddedTable(cut, { dataDir, tableName: TABLE })).toMatchObject({ matches: 3 });
      expect(await contents(cut)).toEqual(expected);
    } finally {
      await cut.close();
    }

    const inUse = await openLevelStores();
    try {
      await inUse.store.append("z", created("z"));
      expect(await importEmbeddedTable(inUse, { dataDir, tableName: TABLE })).toBeNull();
      expect(await inUse.store.load("a")).toBeNull();
    } finally {
      await inUse.close();
    }
  });

  it("has nothing to do in a directory without dynalite's files", async () => {
    const empty = await mkdtemp(join(tmpdir(), "tabula-import-"));
    const level = await openLevelStores({ path: join(empty, "tabula-level") });
    try {
      expect(holdsEmbeddedTable(empty)).toBe(false);
      expect(await importEmbeddedTable(level, { dataDir: empty, tableName: TABLE })).toBeNull();
    } finally {
      await level.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});
