import { randomUUID } from "node:crypto";
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import type { MatchEvent } from "../../match/events.js";
import { evolve } from "../../match/evolve.js";
import type { MatchState } from "../../match/state.js";
import type { Logger } from "../../logger.js";
import type { TimelineEntry } from "../../service/timeline.js";
import type { SubscriptionRecord } from "../../store/dynamo/connection-store.js";
import { firstVersionOfCommit, matchIdOfCommit } from "../../store/dynamo/table.js";
import { forEachBounded } from "./bounded.js";
import { deliver } from "./deliver.js";
import type { DeliveryDeps } from "./delivery-deps.js";
import type { RecentStates } from "./recent-states.js";
import { render, sendUpdates } from "./send-updates.js";
import { sharedPayloads } from "./shared-payloads.js";
import { TimelineCache } from "../timeline-cache.js";

/** The parts of a DynamoDB Streams record the fan-out reads (aws-lambda's DynamoDBRecord). */
export interface StreamRecord {
  readonly eventID?: string;
  readonly eventName?: "INSERT" | "MODIFY" | "REMOVE" | string;
  readonly dynamodb?: {
    readonly NewImage?: Record<string, AttributeValue> | Record<string, unknown>;
    readonly Keys?: Record<string, AttributeValue> | Record<string, unknown>;
    readonly SequenceNumber?: string;
    /** When the commit was written, in seconds since the epoch. */
    readonly ApproximateCreationDateTime?: number;
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
const PARALLEL_POSTS = 128;
/**
 * How long one invocation holds a match while it pushes (`claimFanOut`): the function's own
 * timeout (infra/stack.ts), so that a claim outlives every invocation that could still be
 * pushing under it; one that died is taken over after it.
 */
export const FAN_OUT_LEASE_MS = 60_000;

export interface FanOutDeps extends DeliveryDeps {
  /** Where a match's failed delivery is reported (the stream retries it). */
  readonly logger: Logger;
  /** Kept across batches while the function is warm; without it every batch reads the match. */
  readonly states?: RecentStates;
  readonly nowMs?: () => number;
  /** How long a claim on a match lasts (default FAN_OUT_LEASE_MS). */
  readonly fanOutLeaseMs?: number;
}

/** The commits of one match in a batch: where its records are, and their events in order. */
interface MatchCommits {
  readonly firstRecord: number;
  lastRecord: number;
  /** The version of the batch's first event of this match (from the commit's key). */
  readonly firstVersion: number;
  readonly events: MatchEvent[];
  /** False when a record came without its new image: the events must be read from the table. */
  readable: boolean;
}

/** How one match's fan-out ended: false when the stream should hand its records over again. */
interface Outcome {
  readonly ok: boolean;
}

/**
 * Handles a batch of DynamoDB Streams records: for every match with a new commit, every one of
 * its subscribers is brought up to date. Pushes are driven by what the store committed, not by
 * the request that committed it, so an event is delivered even if that request died right after
 * its write. A match whose delivery fails is reported (with every later record) so that the
 * stream retries it. Each connection gets each version once, also when a batch is handed over
 * again (retried, bisected) or two invocations handle the same records at once: the pushes to a
 * match's followers are made under a claim on the match, and the mark it leaves says through
 * which version they all have it (see `fanOut`).
 */
export async function handleStreamBatch(deps: FanOutDeps, batch: StreamBatch): Promise<BatchResponse> {
  const byMatch = new Map<string, MatchCommits>();
  batch.Records.forEach((record, index) => {
    if (record.eventName !== "INSERT") return;
    const keys = (record.dynamodb?.Keys ?? record.dynamodb?.NewImage ?? {}) as Record<string, { S?: string }>;
    const matchId = matchIdOfCommit(keys);
    if (!matchId) return;
    let commits = byMatch.get(matchId);
    if (!commits) byMatch.set(matchId, (commits = { firstRecord: index, lastRecord: index, firstVersion: firstVersionOfCommit(keys), events: [], readable: true }));
    commits.lastRecord = index;
    const events = (record.dynamodb?.NewImage?.events as { S?: string } | undefined)?.S;
    if (events) commits.events.push(...(JSON.parse(events) as MatchEvent[]));
    else commits.readable = false;
  });

  const timelines = new TimelineCache(deps.store);
  const outcomes = await Promise.all(
    [...byMatch].map(async ([matchId, commits]) => {
      try {
        return { matchId, commits, outcome: await fanOut(deps, matchId, commits, timelines) };
      } catch (error) {
        deps.logger.error(`fan-out for match ${matchId} failed`, error, { matchId });
        return { matchId, commits, outcome: null };
      }
    }),
  );
  const failed = outcomes.filter((o) => !o.outcome?.ok).map((o) => o.commits.firstRecord);
  if (failed.length === 0) return { batchItemFailures: [] };
  const retryFrom = Math.min(...failed);
  const id = batch.Records[retryFrom]?.dynamodb?.SequenceNumber ?? batch.Records[retryFrom]?.eventID ?? "";
  return { batchItemFailures: [{ itemIdentifier: id }] };
}

/**
 * One match's commits to its subscribers: one query finds them and the match's mark; the
 * followed ones that lack something get it (their pushes in parallel, each one's in order); the
 * others are brought up one by one (`deliver`). A followed subscriber has every version through
 * the mark, or, before the match has one, through the version before the batch's first (the
 * stream hands a match's commits over in order).
 *
 * The pushes to the followers are made under a claim on the match (`claimFanOut`, one
 * conditional write), which is refused while another invocation holds it and once the mark has
 * reached the batch's last version; the claim ends with the mark raised to what every follower
 * now has (`finishFanOut`, one write). So a batch handed over again finds the mark at its last
 * version and sends nothing, and of two invocations on the same records at once one pushes while
 * the other reports the match (the stream retries it, and then it finds the mark). A push that
 * fails leaves its subscriber behind (`fallBehind`): not followed, it is brought up on its own by
 * the retry, so the others are not sent anything twice. An invocation that dies while it pushes
 * is taken over once its claim runs out (FAN_OUT_LEASE_MS): the followers it had reached by then
 * get those versions again, the one repeat left (docs/reliability.md).
 */
async function fanOut(deps: FanOutDeps, matchId: string, commits: MatchCommits, timelines: TimelineCache): Promise<Outcome> {
  // What this container has sent them all is known to be theirs, whatever the stream does.
  const sent = deps.states?.delivered(matchId) ?? 0;
  const last = commits.readable ? (commits.events.at(-1)?.version ?? commits.firstVersion - 1) : null;
  const claim = randomUUID();
  // The claim's first mark: by the stream's order every follower has the versions before the batch's.
  const claimThrough = (through: number) => deps.connections.claimFanOut(matchId, claim, commits.firstVersion - 1, through, deps.fanOutLeaseMs ?? FAN_OUT_LEASE_MS);
  // A match this container has pushed to followers before most likely has them still: its claim
  // is made while the query runs, rather than after it (a write's time off every push's latency).
  const early = sent > 0 && last !== null && last > sent ? claimThrough(last) : null;
  early?.catch(() => {}); // judged below, once the query is in
  const view = await deps.connections.fanOutView(matchId);
  let mark = view.deliveredThrough;
  const has = (s: SubscriptionRecord): number => Math.max(s.lastSent, mark ?? commits.firstVersion - 1, sent);
  const payloadOf = sharedPayloads(render(deps));
  let ok = true;
  const others = Promise.all(
    view.subscribers
      .filter((s) => !s.following)
      .map((s) =>
        deliver(deps, s, timelines, { payloadOf }).catch((error) => {
          deps.logger.error(`delivery to subscription ${s.subscriptionId} of match ${matchId} failed`, error, { matchId, subscriptionId: s.subscriptionId });
          ok = false;
        }),
      ),
  );
  const followed = view.subscribers.filter((s) => s.following);
  const lagging = () => followed.filter((s) => has(s) < (last ?? Number.POSITIVE_INFINITY));
  const lowest = (versions: number[]) => (versions.length > 0 ? Math.min(...versions) : null);
  // `through`: the version every subscriber the stream follows now has; null when it follows none.
  const reached = (through: number | null): Outcome => {
    if (through !== null) deps.states?.recordDelivered(matchId, through);
    else deps.states?.forgetDelivered(matchId);
    return { ok };
  };
  if (lagging().length === 0) {
    keepWarm(deps, matchId, commits);
    await others;
    // Nobody needed the early claim after all (the followers had it, or have gone): given back.
    if ((await early)?.outcome === "claimed") await deps.connections.finishFanOut(matchId, claim, lowest(followed.map(has)));
    return reached(lowest(followed.map(has)));
  }
  const updates = await updatesAfter(deps, matchId, Math.min(...lagging().map(has)), last, commits, timelines);
  const claimed = await (early ?? claimThrough(updates.version));
  if (claimed.outcome !== "claimed") {
    await others;
    if (claimed.outcome === "busy") {
      // Another invocation is pushing these versions: the stream hands them over again later.
      deps.logger.warn(`fan-out for match ${matchId} is held by another invocation; left for the retry`, { matchId });
      return { ok: false };
    }
    return reached(claimed.deliveredThrough);
  }
  // Another invocation may have raised the mark since the query.
  mark = claimed.deliveredThrough;
  const sentThrough: number[] = [];
  await forEachBounded(followed, PARALLEL_POSTS, async (s) => {
    const progress = { sent: has(s) };
    try {
      // One that ended (its connection gone, or its match finished) is no subscriber any more.
      if (progress.sent < updates.version && (await sendUpdates(deps, payloadOf, s, updates.entries, progress)) === "ended") return;
      sentThrough.push(progress.sent);
    } catch (error) {
      deps.logger.error(`push to subscription ${s.subscriptionId} of match ${matchId} failed`, error, { matchId, subscriptionId: s.subscriptionId });
      ok = false;
      // Without this record a retry could not tell it from those that got everything; unrecorded,
      // it holds the mark down to what it has, and the retry pushes again to all (a repeat rather than a loss).
      await deps.connections.fallBehind(s, progress.sent).catch(() => sentThrough.push(progress.sent));
    }
  });
  await others;
  const through = lowest(sentThrough);
  await deps.connections.finishFanOut(matchId, claim, through).catch((error) => {
    // The claim runs out by itself; the next invocation pushes from the mark as it was.
    deps.logger.error(`recording the fan-out of match ${matchId} failed`, error, { matchId });
    ok = false;
  });
  return reached(through);
}

/**
 * The entries after `after` through the batch's last version (through the newest commit when the
 * batch does not say it): evolved from the state kept warm when it is the one right before this
 * batch's commits, else read from the table.
 */
async function updatesAfter(
  deps: FanOutDeps,
  matchId: string,
  after: number,
  last: number | null,
  commits: MatchCommits,
  timelines: TimelineCache,
): Promise<{ entries: readonly TimelineEntry[]; version: number }> {
  const kept = deps.states?.get(matchId);
  if (kept && commits.readable && kept.version === commits.firstVersion - 1 && after >= kept.version) {
    const entries = evolved(kept, commits.events);
    deps.states!.set(matchId, entries.at(-1)?.state ?? kept);
    return { entries, version: entries.at(-1)?.state.version ?? kept.version };
  }
  const timeline = await timelines.get(matchId, after);
  // Later commits come with their own records, which then find no mark to write.
  const version = Math.min(last ?? timeline.version, timeline.version);
  const entries = timeline.entries.filter((e) => e.event.version <= version);
  const state = version === timeline.version ? timeline.latest : entries.at(-1)?.state;
  if (state) deps.states?.set(matchId, state);
  return { entries, version };
}

/** Nobody needed this batch: the kept state still follows it, when it can without a read. */
function keepWarm(deps: FanOutDeps, matchId: string, commits: MatchCommits): void {
  const kept = deps.states?.get(matchId);
  if (!kept || !commits.readable || kept.version !== commits.firstVersion - 1) return;
  deps.states!.set(matchId, evolved(kept, commits.events).at(-1)?.state ?? kept);
}

function evolved(state: MatchState, events: readonly MatchEvent[]): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const event of events) entries.push({ event, state: (state = evolve(state, event)) });
  return entries;
}
