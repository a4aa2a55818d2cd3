import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import type { MatchEvent } from "../match/events.js";
import { evolve } from "../match/evolve.js";
import type { MatchState } from "../match/state.js";
import type { TimelineEntry } from "../service/timeline.js";
import type { SubscriptionRecord } from "../store/connection-store.js";
import { matchIdOfCommit } from "../store/table.js";
import { forEachBounded } from "./bounded.js";
import { deliver, type DeliveryDeps } from "./deliver.js";
import type { RecentStates } from "./recent-states.js";
import { render, sendUpdates } from "./send-updates.js";
import { sharedPayloads } from "./shared-payloads.js";
import { TimelineCache } from "./timeline-cache.js";

/** The parts of a DynamoDB Streams record the fan-out reads (aws-lambda's DynamoDBRecord). */
export interface StreamRecord {
  readonly eventID?: string;
  readonly eventName?: "INSERT" | "MODIFY" | "REMOVE" | string;
  readonly dynamodb?: {
    readonly NewImage?: Record<string, AttributeValue> | Record<string, unknown>;
    readonly Keys?: Record<string, AttributeValue> | Record<string, unknown>;
    readonly SequenceNumber?: string;
  };
}
export interface StreamBatch {
  readonly Records: readonly StreamRecord[];
}
/** Lambda's partial batch response: the stream resumes from the first failed record. */
export interface BatchResponse {
  batchItemFailures: { itemIdentifier: string }[];
}

/** Pushes in flight at once for one match; the management API is the bottleneck. */
const PARALLEL_POSTS = 64;

export interface FanOutDeps extends DeliveryDeps {
  /** Kept across batches while the function is warm; without it every batch reads the match. */
  readonly states?: RecentStates;
}

/** The commits of one match in a batch: where its first record is, and their events in order. */
interface MatchCommits {
  readonly firstRecord: number;
  readonly events: MatchEvent[];
  /** False when a record came without its new image: the events must be read from the table. */
  readable: boolean;
}

/**
 * Handles a batch of DynamoDB Streams records: for every match with a new commit, every one of
 * its subscribers is brought up to date. Pushes are driven by what the store committed, not by
 * the request that committed it, so an event is delivered even if that request died right after
 * its write. A match whose delivery fails is reported (with every later record) so that the
 * stream retries it; a retry sends nobody anything twice (see `FanOutView`).
 */
export async function handleStreamBatch(deps: FanOutDeps, batch: StreamBatch): Promise<BatchResponse> {
  const byMatch = new Map<string, MatchCommits>();
  batch.Records.forEach((record, index) => {
    if (record.eventName !== "INSERT") return;
    const matchId = matchIdOfCommit((record.dynamodb?.Keys ?? record.dynamodb?.NewImage ?? {}) as Record<string, { S?: string }>);
    if (!matchId) return;
    let commits = byMatch.get(matchId);
    if (!commits) byMatch.set(matchId, (commits = { firstRecord: index, events: [], readable: true }));
    const events = (record.dynamodb?.NewImage?.events as { S?: string } | undefined)?.S;
    if (events) commits.events.push(...(JSON.parse(events) as MatchEvent[]));
    else commits.readable = false;
  });

  const timelines = new TimelineCache(deps.store);
  const failed: number[] = [];
  await Promise.all(
    [...byMatch].map(async ([matchId, commits]) => {
      try {
        if (!(await fanOut(deps, matchId, commits, timelines))) failed.push(commits.firstRecord);
      } catch (error) {
        console.error(`fan-out for match ${matchId} failed`, error);
        failed.push(commits.firstRecord);
      }
    }),
  );
  if (failed.length === 0) return { batchItemFailures: [] };
  const first = Math.min(...failed);
  const id = batch.Records[first]?.dynamodb?.SequenceNumber ?? batch.Records[first]?.eventID ?? "";
  return { batchItemFailures: [{ itemIdentifier: id }] };
}

/**
 * One match's commits to its subscribers: one query finds them and how far the fan-out got,
 * the followed ones that lack something get it (their pushes in parallel, each one's in order)
 * and one write records how far that is; the others are brought up one by one (`deliver`).
 * True when every subscriber has everything.
 */
async function fanOut(deps: FanOutDeps, matchId: string, commits: MatchCommits, timelines: TimelineCache): Promise<boolean> {
  const view = await deps.connections.fanOutView(matchId);
  const has = (s: SubscriptionRecord): number => Math.max(s.lastSent, view.deliveredThrough);
  const payloadOf = sharedPayloads(render(deps));
  let ok = true;
  const others = Promise.all(
    view.subscribers
      .filter((s) => !s.following)
      .map((s) =>
        deliver(deps, s, timelines, { payloadOf }).catch((error) => {
          console.error(`delivery to subscription ${s.subscriptionId} of match ${matchId} failed`, error);
          ok = false;
        }),
      ),
  );
  const followed = view.subscribers.filter((s) => s.following);
  const known = commits.readable ? (commits.events.at(-1)?.version ?? 0) : Number.POSITIVE_INFINITY;
  const lagging = followed.filter((s) => has(s) < known);
  if (lagging.length === 0) {
    keepWarm(deps, matchId, commits);
    await others;
    return ok;
  }
  const updates = await updatesAfter(deps, matchId, Math.min(...lagging.map(has)), commits, timelines);
  let recorded = true;
  await forEachBounded(
    followed.filter((s) => has(s) < updates.version),
    PARALLEL_POSTS,
    async (s) => {
      const progress = { sent: has(s) };
      try {
        await sendUpdates(deps, payloadOf, s, updates.entries, progress);
      } catch (error) {
        console.error(`push to subscription ${s.subscriptionId} of match ${matchId} failed`, error);
        ok = false;
        // Without this record a retry could not tell it from those that got everything.
        await deps.connections.fallBehind(s, progress.sent).catch(() => (recorded = false));
      }
    },
  );
  // Were a push's failure not recorded, the mark would hide what that subscriber lacks: the
  // retry then pushes again to all (a repeat rather than a loss).
  if (recorded) await deps.connections.delivered(matchId, updates.version);
  await others;
  return ok && recorded;
}

/**
 * The entries after `after` through the newest commit: evolved from the state kept warm when it
 * is the one right before this batch's commits, else read from the table.
 */
async function updatesAfter(
  deps: FanOutDeps,
  matchId: string,
  after: number,
  commits: MatchCommits,
  timelines: TimelineCache,
): Promise<{ entries: readonly TimelineEntry[]; version: number }> {
  const kept = deps.states?.get(matchId);
  if (kept && commits.readable && kept.version === (commits.events[0]?.version ?? 0) - 1 && after >= kept.version) {
    const entries = evolved(kept, commits.events);
    deps.states!.set(matchId, entries.at(-1)?.state ?? kept);
    return { entries, version: entries.at(-1)?.state.version ?? kept.version };
  }
  const timeline = await timelines.get(matchId, after);
  deps.states?.set(matchId, timeline.latest);
  return { entries: timeline.entries, version: timeline.version };
}

/** Nobody needed this batch: the kept state still follows it, when it can without a read. */
function keepWarm(deps: FanOutDeps, matchId: string, commits: MatchCommits): void {
  const kept = deps.states?.get(matchId);
  if (!kept || !commits.readable || kept.version !== (commits.events[0]?.version ?? 0) - 1) return;
  deps.states!.set(matchId, evolved(kept, commits.events).at(-1)?.state ?? kept);
}

function evolved(state: MatchState, events: readonly MatchEvent[]): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const event of events) entries.push({ event, state: (state = evolve(state, event)) });
  return entries;
}
