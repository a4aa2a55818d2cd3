import type { IndexWrites, InboxRow } from "../match/inbox-rows.js";
import type { MatchStatus } from "../match/state.js";

export interface InboxQuery {
  readonly status?: MatchStatus | undefined;
  /** true: only where the player is to act; false: only where it is not. */
  readonly toMove?: boolean | undefined;
  /** The cursor of the previous page (`next`). */
  readonly after?: string | undefined;
  readonly limit: number;
}
export interface InboxPage {
  readonly rows: readonly InboxRow[];
  /** Pass as `after` for the next page; null on the last one. */
  readonly next: string | null;
}
export interface DueMatch {
  readonly matchId: string;
  readonly at: string;
}

/** The inboxes of players and the deadlines of matches, kept from the commits' `index` entries. */
export interface MatchIndex {
  /** Brings the entries up to date; an entry already at a later version is left as it is. */
  apply(matchId: string, writes: IndexWrites): Promise<void>;
  inbox(playerId: string, query: InboxQuery): Promise<InboxPage>;
  /** Matches due at or before `at`, soonest first within each shard (a few more than `limit` at most). */
  due(at: string, limit: number): Promise<DueMatch[]>;
}

/**
 * An inbox sorts in three buckets: 1 the player is to act (soonest deadline first, matches
 * without a deadline last), 2 the others still going or waiting for players (the same order),
 * 3 finished (the latest first). `<bucket>$` sorts after every key of its bucket. Every adapter
 * orders an inbox by this key (compared as bytes) and pages with a cursor made of it.
 */
const NO_DEADLINE = "~";
const FAR_FUTURE = 9_000_000_000_000_000;
export function inboxSortKey(row: InboxRow): string {
  if (row.status === "FINISHED") return `3#${String(FAR_FUTURE - Date.parse(row.finishedAt ?? "")).padStart(16, "0")}#${row.matchId}`;
  return `${row.toMove ? 1 : 2}#${row.deadline ?? NO_DEADLINE}#${row.matchId}`;
}

/** The sort key a cursor stands for (undefined: the first page). */
export const sortKeyOfCursor = (after: string | undefined): string | undefined => (after === undefined ? undefined : Buffer.from(after, "base64url").toString("utf8"));
export const cursorOf = (sortKey: string): string => Buffer.from(sortKey, "utf8").toString("base64url");

/**
 * The sort keys a query reads, both ends included: its buckets, from the cursor on (the row at
 * the cursor itself, the previous page's last, is skipped by the reader). Null: nothing can match.
 */
export function inboxSortRange(query: InboxQuery): { from: string; to: string } | null {
  let first = query.toMove === false ? 2 : 1;
  let last = query.toMove === true ? 1 : 3;
  if (query.status === "FINISHED") first = Math.max(first, 3);
  else if (query.status) last = Math.min(last, 2);
  if (first > last) return null;
  const cursor = sortKeyOfCursor(query.after);
  const from = cursor !== undefined && cursor > `${first}#` ? cursor : `${first}#`;
  const to = `${last}$`;
  return from < to ? { from, to } : null;
}

/** The sort key of a due entry: by time, then match; every entry due at or before `at` sorts below `dueUpTo(at)`. */
export const dueSortKey = (at: string, matchId: string): string => `${at}#${matchId}`;
export const dueUpTo = (at: string): string => `${at}$`;
