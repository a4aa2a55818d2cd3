import type { IndexWrites, InboxRow } from "../../match/inbox-rows.js";
import type { KeyedQueue } from "./keyed-queue.js";
import { type LevelDb, type LevelOp, scan } from "./db.js";
import { type DuePointer, dueKey, duePointerKey, dueRange, type InboxPointer, inboxKey, inboxPointerKey, inboxRange, matchTurn } from "./keys.js";
import { cursorOf, type DueMatch, dueSortKey, dueUpTo, type InboxPage, type InboxQuery, inboxSortKey, inboxSortRange, type MatchIndex, sortKeyOfCursor } from "../match-index.js";

/**
 * Inboxes and deadlines in the Level store (key layout: keys.ts). Each entry is written
 * only over an older version, as the DynamoDB index's conditional puts do, and moved (the old
 * key deleted) when its sort key changes.
 */
export class LevelMatchIndex implements MatchIndex {
  constructor(
    private readonly db: LevelDb,
    /** The event store's: every write of a match's entries waits for its other writes. */
    private readonly queue: KeyedQueue,
  ) {}

  /**
   * The batch operations that bring a match's entries up to `writes` (none for an entry already
   * at that version or a later one). The caller holds the match's place in the queue and
   * writes them, with its commit, in one batch.
   */
  async operations(matchId: string, writes: IndexWrites): Promise<LevelOp[]> {
    const { version } = writes;
    const pointerKeys = writes.rows.map((row) => inboxPointerKey(row.playerId, row.matchId));
    if (writes.due) pointerKeys.push(duePointerKey(matchId));
    const pointers = pointerKeys.length > 0 ? await this.db.getMany(pointerKeys) : [];
    const ops: LevelOp[] = [];
    writes.rows.forEach((row, i) => {
      const was = pointers[i] as InboxPointer | undefined;
      if (was && was.version >= version) return;
      const sortKey = inboxSortKey(row);
      if (was && was.sortKey !== sortKey) ops.push({ type: "del", key: inboxKey(row.playerId, was.sortKey) });
      ops.push({ type: "put", key: inboxKey(row.playerId, sortKey), value: row });
      ops.push({ type: "put", key: pointerKeys[i]!, value: { version, sortKey } satisfies InboxPointer });
    });
    if (writes.due) {
      const { at } = writes.due;
      const was = pointers[writes.rows.length] as DuePointer | undefined;
      if (!was || was.version < version) {
        if (was?.at != null && was.at !== at) ops.push({ type: "del", key: dueKey(dueSortKey(was.at, matchId)) });
        // Only a match that is due has a `due!` entry: the sweep reads nothing else.
        if (at !== null) ops.push({ type: "put", key: dueKey(dueSortKey(at, matchId)), value: { matchId, at } satisfies DueMatch });
        ops.push({ type: "put", key: duePointerKey(matchId), value: { version, at } satisfies DuePointer });
      }
    }
    return ops;
  }

  apply(matchId: string, writes: IndexWrites): Promise<void> {
    return this.queue.run(matchTurn(matchId), async () => {
      const ops = await this.operations(matchId, writes);
      if (ops.length > 0) await this.db.batch(ops);
    });
  }

  async inbox(playerId: string, query: InboxQuery): Promise<InboxPage> {
    const range = inboxSortRange(query);
    if (!range) return { rows: [], next: null };
    const cursor = sortKeyOfCursor(query.after);
    const { sortKeyOf, ...keys } = inboxRange(playerId, range.from, range.to);
    // One more than asked for tells whether there is a next page.
    const found: { row: InboxRow; sortKey: string }[] = [];
    await scan(this.db, keys, (key, value) => {
      const sortKey = sortKeyOf(key);
      const row = value as InboxRow;
      if (sortKey !== cursor && (!query.status || row.status === query.status)) found.push({ row, sortKey });
      return found.length <= query.limit;
    });
    const rows = found.slice(0, query.limit);
    return { rows: rows.map((r) => r.row), next: found.length > query.limit && rows.length > 0 ? cursorOf(rows.at(-1)!.sortKey) : null };
  }

  async due(at: string, limit: number): Promise<DueMatch[]> {
    const due: DueMatch[] = [];
    await scan(this.db, { ...dueRange(dueUpTo(at)), limit }, (_, value) => void due.push(value as DueMatch));
    return due;
  }
}
