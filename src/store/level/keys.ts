/**
 * The key layout of the Level store: one LevelDB, keys compared as bytes (UTF-8), values JSON.
 *
 * - `commit!<match>!<first version, 10 digits>` → the commit (events, idempotency record,
 *   snapshot, index entries), as the service handed it over. Zero-padded, so a match's commits
 *   sort by version: its log is one range, and its newest snapshot the first commit holding one
 *   when that range is read backwards.
 * - `player!<player>` → the player (its name, the hash of its token).
 * - `inbox!<player>!<inbox sort key>` → the player's inbox row of one match, so an inbox is one
 *   range in inbox order (`inboxSortKey`: its turn first, soonest deadline first).
 * - `inbox-key!<player>!<match>` → `{ version, sortKey }`: where that row is now and the version
 *   that wrote it. A row moves when its sort key changes (the turn passes, the deadline moves,
 *   the match ends), so an update reads this pointer and deletes the old key in the same batch.
 * - `due!<time>#<match>` → `{ matchId, at }`: a match that ends by itself at `time`, for the
 *   sweep (one range up to now, soonest first).
 * - `due-key!<match>` → `{ version, at }`: the match's current due time (null once nothing is
 *   due), the pointer to its `due!` key.
 * - `webhook!<id>` → a webhook (owner, url, events, secrets, status).
 * - `webhook-by!<p|m>:<player or match>!<id>` → `{}`: the webhooks of one player or match, one range.
 * - `webhook-cursor!<id>!<match>` → where the webhook's delivery stands in that match.
 * - `webhook-log!<id>!<sequence, 10 digits>` → one attempt of its delivery log, oldest first.
 * - `meta!<name>` → the store's own records (the one-time import of an older data directory).
 *
 * Ids are escaped so that none can hold the separator: `%` and `!` become `%25` and `%21`, so
 * one match's or player's range never reaches into another's, whatever a request names.
 */
const SEPARATOR = "!";

const escapeId = (id: string): string => id.replace(/%/g, "%25").replace(/!/g, "%21");

/** Every key that starts with `prefix` (which ends with the separator): `gte` to `lt`. */
const rangeOf = (prefix: string): { gte: string; lt: string } => ({ gte: prefix, lt: `${prefix.slice(0, -1)}${String.fromCharCode(SEPARATOR.charCodeAt(0) + 1)}` });

const VERSION_DIGITS = 10;
const commitPrefix = (matchId: string): string => `commit!${escapeId(matchId)}!`;
export const commitKey = (matchId: string, firstVersion: number): string => `${commitPrefix(matchId)}${String(firstVersion).padStart(VERSION_DIGITS, "0")}`;
/** The whole log of a match. */
export const commitRange = (matchId: string) => rangeOf(commitPrefix(matchId));

export const playerKey = (playerId: string): string => `player!${escapeId(playerId)}`;

const inboxPrefix = (playerId: string): string => `inbox!${escapeId(playerId)}!`;
export const inboxKey = (playerId: string, sortKey: string): string => `${inboxPrefix(playerId)}${sortKey}`;
export const inboxPointerKey = (playerId: string, matchId: string): string => `inbox-key!${escapeId(playerId)}!${escapeId(matchId)}`;
/** The inbox keys from `from` to `to`, both included, and how to read the sort key back from one. */
export const inboxRange = (playerId: string, from: string, to: string) => {
  const prefix = inboxPrefix(playerId);
  return { gte: `${prefix}${from}`, lte: `${prefix}${to}`, sortKeyOf: (key: string) => key.slice(prefix.length) };
};

const DUE_PREFIX = "due!";
/** `dueSort` is the port's `dueSortKey(at, matchId)`. */
export const dueKey = (dueSort: string): string => `${DUE_PREFIX}${dueSort}`;
export const duePointerKey = (matchId: string): string => `due-key!${escapeId(matchId)}`;
/** The due keys below `upTo` (the port's `dueUpTo(at)`). */
export const dueRange = (upTo: string) => ({ gte: DUE_PREFIX, lt: `${DUE_PREFIX}${upTo}` });

/** The turns of the writers' queue (keyed-queue.ts), not database keys: one per match, one per player id. */
export const matchTurn = (matchId: string): string => `match!${escapeId(matchId)}`;
export const playerTurn = (playerId: string): string => `player!${escapeId(playerId)}`;

export const webhookKey = (webhookId: string): string => `webhook!${escapeId(webhookId)}`;
export const webhookRange = () => rangeOf("webhook!");
const webhookOwnerPrefix = (owner: string): string => `webhook-by!${escapeId(owner)}!`;
/** `owner` is `p:<player>` or `m:<match>`. */
export const webhookOwnerKey = (owner: string, webhookId: string): string => `${webhookOwnerPrefix(owner)}${escapeId(webhookId)}`;
export const webhookOwnerRange = (owner: string) => rangeOf(webhookOwnerPrefix(owner));
const webhookCursorPrefix = (webhookId: string): string => `webhook-cursor!${escapeId(webhookId)}!`;
export const webhookCursorKey = (webhookId: string, matchId: string): string => `${webhookCursorPrefix(webhookId)}${escapeId(matchId)}`;
export const webhookCursorRange = (webhookId: string) => ({ ...rangeOf(webhookCursorPrefix(webhookId)), prefix: webhookCursorPrefix(webhookId) });
const webhookWarningPrefix = (webhookId: string): string => `webhook-warn!${escapeId(webhookId)}!`;
export const webhookWarningKey = (webhookId: string, matchId: string): string => `${webhookWarningPrefix(webhookId)}${escapeId(matchId)}`;
export const webhookWarningRange = (webhookId: string) => ({ ...rangeOf(webhookWarningPrefix(webhookId)), prefix: webhookWarningPrefix(webhookId) });
const webhookLogPrefix = (webhookId: string): string => `webhook-log!${escapeId(webhookId)}!`;
export const webhookLogKey = (webhookId: string, sequence: number): string => `${webhookLogPrefix(webhookId)}${String(sequence).padStart(VERSION_DIGITS, "0")}`;
export const webhookLogRange = (webhookId: string) => rangeOf(webhookLogPrefix(webhookId));
export const webhookTurn = (webhookId: string): string => `webhook!${escapeId(webhookId)}`;

/** The id a key holds after its prefix, unescaped. */
export const unescapeId = (escaped: string): string => escaped.replace(/%21/g, "!").replace(/%25/g, "%");

export const metaKey = (name: string): string => `meta!${name}`;

/** What the pointers hold. */
export interface InboxPointer {
  readonly version: number;
  readonly sortKey: string;
}
export interface DuePointer {
  readonly version: number;
  readonly at: string | null;
}
