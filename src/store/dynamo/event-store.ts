import { type DynamoDBDocumentClient, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { defaultLogger, type Logger } from "../../logger.js";
import type { MatchEvent } from "../../match/events.js";
import type { IndexWrites } from "../../match/inbox-rows.js";
import type { Commit } from "../../match/snapshot.js";
import { isConditionFailure } from "./condition-failure.js";
import { commitSpan, type EventStore, firstCommitHolding, type LoadedMatch, VersionConflictError } from "../event-store.js";
import { DynamoMatchIndex } from "./match-index.js";
import { COMMIT_KEY_END, commitKey, matchKey, TABLE_KEYS } from "./table.js";

/**
 * Each commit is one item keyed by the version of its first event, written only if that key is
 * free: two writers that decided on the same version can never both succeed. Events and
 * snapshots are stored as JSON strings so that DynamoDB never reshapes them (empty strings,
 * number precision, nested lists) and the stream handler reads exactly what was written.
 */
interface CommitItem {
  PK: string;
  SK: string;
  first: number;
  last: number;
  events: string;
  idem?: string;
  snap?: string;
  /** The index entries the commit changes (IndexWrites as JSON): see `Commit.index`. */
  idx?: string;
}

/**
 * The index entries a stored commit item carries (DynamoDB wire format, as a stream record or
 * the embedded store's write observer hands it over), or null: what the repair path applies.
 */
export function indexWritesOfItem(item: Record<string, { S?: string } | undefined>): { matchId: string; writes: IndexWrites } | null {
  const pk = item.PK?.S;
  const idx = item.idx?.S;
  if (!pk?.startsWith("MATCH#") || !item.SK?.S?.startsWith("EV#") || !idx) return null;
  return { matchId: pk.slice("MATCH#".length), writes: JSON.parse(idx) as IndexWrites };
}

const toCommit = (item: Record<string, unknown>): Commit => {
  const raw = item as unknown as CommitItem;
  return {
    events: JSON.parse(raw.events) as MatchEvent[],
    idempotency: raw.idem ? JSON.parse(raw.idem) : undefined,
    snapshot: raw.snap ? JSON.parse(raw.snap) : undefined,
  };
};

/** The commit a stored item holds, index entries included (as the document client reads it), or null for another item: what an import copies. */
export function commitOfItem(item: Record<string, unknown>): { matchId: string; commit: Commit } | null {
  const { PK, SK, idx } = item as Partial<CommitItem>;
  if (!PK?.startsWith("MATCH#") || !SK?.startsWith("EV#")) return null;
  return { matchId: PK.slice("MATCH#".length), commit: { ...toCommit(item), index: idx ? (JSON.parse(idx) as IndexWrites) : undefined } };
}

/** Reports a commit stored without its index entries to `logger`. */
export const indexFailureLogged =
  (logger: Logger) =>
  (matchId: string, error: unknown): void =>
    logger.error(`index entries of match ${matchId} not written`, error, { matchId });

export class DynamoEventStore implements EventStore {
  private readonly index: DynamoMatchIndex;

  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    /** Told when a commit is stored but its index entries are not (they stay in the commit for the stream to apply). */
    private readonly onIndexFailure: (matchId: string, error: unknown) => void = indexFailureLogged(defaultLogger),
    /**
     * Where the index entries a commit carries are written. `append` (the local server, the
     * tests' services): right after the commit, so the writer's next inbox read has them.
     * `stream` (the Lambda functions): only by the table's stream (`stream-index`), so a command's
     * request path is its read and one conditional write, whatever entries it changes; an inbox
     * then shows a commit once the stream has applied it, a fraction of a second later.
     */
    private readonly indexWrites: "append" | "stream" = "append",
  ) {
    this.index = new DynamoMatchIndex(doc, tableName);
  }

  async append(matchId: string, commit: Commit): Promise<void> {
    const { first, last } = commitSpan(commit);
    const item: CommitItem = {
      PK: matchKey(matchId),
      SK: commitKey(first),
      first,
      last,
      events: JSON.stringify(commit.events),
      ...(commit.idempotency ? { idem: JSON.stringify(commit.idempotency) } : {}),
      ...(commit.snapshot ? { snap: JSON.stringify(commit.snapshot) } : {}),
      ...(commit.index ? { idx: JSON.stringify(commit.index) } : {}),
    };
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: item,
          ConditionExpression: "attribute_not_exists(#sk)",
          ExpressionAttributeNames: { "#sk": TABLE_KEYS.sort },
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) {
        throw new VersionConflictError(matchId, first);
      }
      throw error;
    }
    // The commit is what counts: a failure from here on loses nothing (the entries are in the
    // commit item, and the table's stream applies them again), so it does not fail the command.
    if (commit.index && this.indexWrites === "append") {
      try {
        await this.index.apply(matchId, commit.index);
      } catch (error) {
        this.onIndexFailure(matchId, error);
      }
    }
  }

  async load(matchId: string): Promise<LoadedMatch | null> {
    // Newest first: a snapshot is at most SNAPSHOT_EVERY commits back, so the first page
    // normally ends the loop; keep paging anyway so a larger gap is slow, not wrong.
    const newestFirst: Commit[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: "#pk = :pk AND #sk < :end",
          ExpressionAttributeNames: { "#pk": TABLE_KEYS.partition, "#sk": TABLE_KEYS.sort },
          ExpressionAttributeValues: { ":pk": matchKey(matchId), ":end": COMMIT_KEY_END },
          ScanIndexForward: false,
          ConsistentRead: true,
          Limit: 17,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        const commit = toCommit(item);
        if (commit.snapshot) return { snapshot: commit.snapshot, commits: newestFirst.reverse() };
        newestFirst.push(commit);
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    if (newestFirst.length > 0) throw new Error(`match ${matchId} has commits but no snapshot`);
    return null;
  }

  async readEvents(matchId: string, after: number, limit: number): Promise<MatchEvent[]> {
    const from = commitKey(firstCommitHolding(after));
    const events: MatchEvent[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: "#pk = :pk AND #sk BETWEEN :from AND :end",
          ExpressionAttributeNames: { "#pk": TABLE_KEYS.partition, "#sk": TABLE_KEYS.sort, "#events": "events" },
          ExpressionAttributeValues: { ":pk": matchKey(matchId), ":from": from, ":end": COMMIT_KEY_END },
          ProjectionExpression: "#events",
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        for (const event of JSON.parse(item.events as string) as MatchEvent[]) {
          if (event.version > after) events.push(event);
          if (events.length >= limit) return events;
        }
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return events;
  }
}
