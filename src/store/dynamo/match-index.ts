import { type DynamoDBDocumentClient, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { IndexWrites, InboxRow } from "../../match/inbox-rows.js";
import { isConditionFailure } from "./condition-failure.js";
import { cursorOf, type DueMatch, dueSortKey, dueUpTo, type InboxPage, type InboxQuery, inboxSortKey, inboxSortRange, type MatchIndex, sortKeyOfCursor } from "../match-index.js";
import { DUE_SORT, dueKey, INDEX, matchKey, playerKey, TABLE_KEYS } from "./table.js";

/** Deadlines spread over a few index partitions, so that the moves of every clocked match do not all write one. */
export const DUE_SHARDS = 4;
const shardOf = (matchId: string): number => [...matchId].reduce((n, c) => (n * 31 + c.charCodeAt(0)) >>> 0, 7) % DUE_SHARDS;

export class DynamoMatchIndex implements MatchIndex {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /** One conditional put per entry; a put that finds a later version there lost nothing. */
  private async putIfNewer(item: Record<string, unknown>, version: number): Promise<void> {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...item, version },
          ConditionExpression: "attribute_not_exists(#v) OR #v < :v",
          ExpressionAttributeNames: { "#v": "version" },
          ExpressionAttributeValues: { ":v": version },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  async apply(matchId: string, writes: IndexWrites): Promise<void> {
    const puts = writes.rows.map((row) =>
      this.putIfNewer(
        {
          [TABLE_KEYS.partition]: playerKey(row.playerId),
          [TABLE_KEYS.sort]: matchKey(row.matchId),
          [INDEX.partition]: playerKey(row.playerId),
          [INDEX.sort]: inboxSortKey(row),
          status: row.status,
          row: JSON.stringify(row),
        },
        writes.version,
      ),
    );
    if (writes.due) {
      const { at } = writes.due;
      puts.push(
        this.putIfNewer(
          {
            [TABLE_KEYS.partition]: dueKey(matchId),
            [TABLE_KEYS.sort]: DUE_SORT,
            matchId,
            // Only a match that is due is in the index: the sweep reads nothing else.
            ...(at !== null ? { at, [INDEX.partition]: `DUE#${shardOf(matchId)}`, [INDEX.sort]: dueSortKey(at, matchId) } : {}),
          },
          writes.version,
        ),
      );
    }
    await Promise.all(puts);
  }

  async inbox(playerId: string, query: InboxQuery): Promise<InboxPage> {
    const range = inboxSortRange(query);
    if (!range) return { rows: [], next: null };
    const cursor = sortKeyOfCursor(query.after);
    const found: { row: InboxRow; sortKey: string }[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: INDEX.name,
          KeyConditionExpression: "#pk = :pk AND #sk BETWEEN :from AND :to",
          ...(query.status ? { FilterExpression: "#status = :status" } : {}),
          ExpressionAttributeNames: { "#pk": INDEX.partition, "#sk": INDEX.sort, ...(query.status ? { "#status": "status" } : {}) },
          ExpressionAttributeValues: { ":pk": playerKey(playerId), ":from": range.from, ":to": range.to, ...(query.status ? { ":status": query.status } : {}) },
          Limit: query.limit + 1,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        const sortKey = item[INDEX.sort] as string;
        if (sortKey !== cursor) found.push({ row: JSON.parse(item.row as string) as InboxRow, sortKey });
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey && found.length <= query.limit);
    const rows = found.slice(0, query.limit);
    const more = found.length > query.limit || startKey !== undefined;
    return { rows: rows.map((r) => r.row), next: more && rows.length > 0 ? cursorOf(rows.at(-1)!.sortKey) : null };
  }

  async due(at: string, limit: number): Promise<DueMatch[]> {
    const shards = await Promise.all(
      Array.from({ length: DUE_SHARDS }, (_, shard) =>
        this.doc.send(
          new QueryCommand({
            TableName: this.tableName,
            IndexName: INDEX.name,
            KeyConditionExpression: "#pk = :pk AND #sk < :to",
            ExpressionAttributeNames: { "#pk": INDEX.partition, "#sk": INDEX.sort },
            ExpressionAttributeValues: { ":pk": `DUE#${shard}`, ":to": dueUpTo(at) },
            Limit: limit,
          }),
        ),
      ),
    );
    return shards.flatMap((page) => (page.Items ?? []).map((item) => ({ matchId: item.matchId as string, at: item.at as string })));
  }
}

/**
 * The index entry a stored item holds, as the writes that would put it there (as the document
 * client reads it), or null for another item: what an import copies.
 */
export function indexWritesOfEntry(item: Record<string, unknown>): { matchId: string; writes: IndexWrites } | null {
  const pk = String(item[TABLE_KEYS.partition]);
  const sk = String(item[TABLE_KEYS.sort]);
  const version = item.version as number;
  if (pk.startsWith("PLAYER#") && sk.startsWith("MATCH#")) return { matchId: sk.slice("MATCH#".length), writes: { version, rows: [JSON.parse(item.row as string) as InboxRow] } };
  if (pk.startsWith("DUE#") && sk === DUE_SORT) return { matchId: item.matchId as string, writes: { version, rows: [], due: { at: (item.at as string | undefined) ?? null } } };
  return null;
}
