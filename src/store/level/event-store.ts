import { defaultLogger, type Logger } from "../../logger.js";
import type { MatchEvent } from "../../match/events.js";
import type { Commit } from "../../match/snapshot.js";
import { commitSpan, type EventStore, firstCommitHolding, type LoadedMatch, VersionConflictError } from "../event-store.js";
import type { KeyedQueue } from "./keyed-queue.js";
import { type LevelDb, type LevelOp, scan } from "./db.js";
import { commitKey, commitRange, matchTurn } from "./keys.js";
import type { LevelMatchIndex } from "./match-index.js";

/** How many matches' ends the store keeps (a few hundred KB at most). */
const MAX_KNOWN_ENDS = 10_000;

/** A commit the Level store has written, durably, in the order it wrote them. */
export interface StoredCommit {
  readonly matchId: string;
  readonly commit: Commit;
}

/** What a stored commit is read back as: the commit without its index entries, as the DynamoDB adapter reads it. */
const asRead = (value: unknown): Commit => {
  const { events, idempotency, snapshot } = value as Commit;
  return { events, idempotency, snapshot };
};

/**
 * Match logs in the Level store (key layout: keys.ts). A commit is refused when one is
 * already keyed at its first version, as the DynamoDB adapter's conditional put refuses it; the
 * check and the write are one step of the match's queue, so two appends of one version in this
 * process cannot both pass the check (and no other process opens the database). The commit and
 * the index entries it changes are written in one batch: both or neither, so nothing is left
 * to repair after a crash (DynamoDB needed a second write, and the stream to make it certain).
 */
export class LevelEventStore implements EventStore {
  private readonly listeners = new Set<(stored: StoredCommit) => void>();
  /**
   * The version after the newest commit of recently used matches, as loaded or appended here:
   * an append at exactly that version needs no lookup (no other process writes this database,
   * and commits are appended at the end of their log), which is most of a move's store time.
   * Any other version is checked against the database. Bounded; the oldest entries go first.
   */
  private readonly ends = new Map<string, number>();

  constructor(
    private readonly db: LevelDb,
    private readonly queue: KeyedQueue,
    private readonly index: LevelMatchIndex,
    private readonly logger: Logger = defaultLogger,
  ) {}

  async append(matchId: string, commit: Commit): Promise<void> {
    const { first, last } = commitSpan(commit);
    const key = commitKey(matchId, first);
    return this.queue.run(matchTurn(matchId), async () => {
      if (this.ends.get(matchId) !== first && (await this.db.has(key))) throw new VersionConflictError(matchId, first);
      const ops: LevelOp[] = [{ type: "put", key, value: commit }];
      if (commit.index) ops.push(...(await this.index.operations(matchId, commit.index)));
      await this.db.batch(ops);
      this.remember(matchId, last + 1);
      // Still in the match's turn of the queue: listeners see one match's commits in order.
      this.notify({ matchId, commit });
    });
  }

  /**
   * Calls `listener` after every append, once the write is durable (see LevelDb.batch), before
   * the writer hears of it: what the local server's live updates follow, as they follow the
   * table's stream on AWS. A listener that throws is reported and does not fail the append.
   */
  onCommit(listener: (stored: StoredCommit) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Never lowers an end: a load that read before a concurrent append finished must not undo it. */
  private remember(matchId: string, end: number): void {
    const known = this.ends.get(matchId) ?? 0;
    this.ends.delete(matchId);
    this.ends.set(matchId, Math.max(known, end));
    if (this.ends.size > MAX_KNOWN_ENDS) this.ends.delete(this.ends.keys().next().value!);
  }

  private notify(stored: StoredCommit): void {
    for (const listener of this.listeners) {
      try {
        listener(stored);
      } catch (error) {
        this.logger.error(`a commit listener failed on match ${stored.matchId}`, error, { matchId: stored.matchId });
      }
    }
  }

  async load(matchId: string): Promise<LoadedMatch | null> {
    // Newest first, up to the first commit with a snapshot (at most SNAPSHOT_EVERY back).
    const newestFirst: Commit[] = [];
    const found: { snapshot?: LoadedMatch["snapshot"] } = {};
    await scan(
      this.db,
      { ...commitRange(matchId), reverse: true },
      (_, value) => {
        const commit = asRead(value);
        if (newestFirst.length === 0 && !found.snapshot) this.remember(matchId, commitSpan(commit).last + 1);
        if (!commit.snapshot) return void newestFirst.push(commit);
        found.snapshot = commit.snapshot;
        return false;
      },
      17,
    );
    if (found.snapshot) return { snapshot: found.snapshot, commits: newestFirst.reverse() };
    if (newestFirst.length > 0) throw new Error(`match ${matchId} has commits but no snapshot`);
    return null;
  }

  async readEvents(matchId: string, after: number, limit: number): Promise<MatchEvent[]> {
    const events: MatchEvent[] = [];
    const { lt } = commitRange(matchId);
    await scan(this.db, { gte: commitKey(matchId, firstCommitHolding(after)), lt }, (_, value) => {
      for (const event of (value as Commit).events) {
        if (event.version > after) events.push(event);
        if (events.length >= limit) return false;
      }
    });
    return events;
  }
}
