import type { Logger } from "../logger.js";
import type { MatchEvent } from "../match/events.js";
import { evolve } from "../match/evolve.js";
import type { MatchState } from "../match/state.js";
import type { EventStore } from "../store/event-store.js";
import type { MatchIndex } from "../store/match-index.js";
import type { DeliveryCursor, DeliveryEntry, DueWebhookWork, WarningCursor, WebhookDueQueue, WebhookRecord, WebhookStore } from "../store/webhook-store.js";
import type { WebhookEvent, WebhookEventType } from "./event-types.js";
import { clockWarningEvents, clockWarningIds, nextWarningAt } from "./clock-warning.js";
import { eventsFromLog } from "./from-log.js";
import { nextAttempt } from "./retry-schedule.js";
import { type Delivery, type SendOptions, type SendResult, sendWebhook } from "./send.js";
import { Pace, type Rate } from "./pace.js";
import { signHeaders } from "./sign.js";
import type { Subscription } from "./subscription.js";
import type { TargetPolicy } from "./target-policy.js";
import { webhookTestEvent } from "./test-delivery.js";
import { CoalescedRuns } from "../service/coalesced-runs.js";

export interface DeliveryWorkerOptions {
  readonly events: EventStore;
  readonly webhooks: WebhookStore;
  /** Players' inboxes: which matches a player webhook may have missed (the catch-up). */
  readonly index: MatchIndex;
  readonly policy: TargetPolicy;
  readonly logger: Logger;
  readonly now?: () => Date;
  /** Uniform in [0, 1): the retry schedule's jitter. */
  readonly random?: () => number;
  /** The delays between attempts (tests: short ones); default the schedule's (retry-schedule.ts), each ±20 %. */
  readonly retryDelaysMs?: readonly number[] | undefined;
  /** One attempt's limits (send.ts). */
  readonly send?: Omit<SendOptions, "policy"> | undefined;
  /**
   * Whether every webhook is registered through this process (the store is its own): then a
   * commit of a match no webhook can follow costs one read and no replay. False: other
   * processes may register player webhooks, so every commit's seating is looked at.
   */
  readonly exclusive?: boolean | undefined;
  /** How fast one webhook is sent to (pace.ts); default WEBHOOK_RATE. */
  readonly rate?: Rate | undefined;
  /** How long before a seat's deadline `clock.warning` is sent to a webhook that names no lead of its own; default CLOCK_WARNING_LEAD_MS. */
  readonly clockWarningLeadMs?: number | undefined;
  /** The clock the matches' deadlines are judged by (the service's: a test clock may move it); default the real one. */
  readonly matchNow?: (() => Date) | undefined;
  /**
   * Whether the worker sets timers for what falls due later (retries, the next clock warning);
   * default true. False on Lambda, where a frozen container's timers are no schedule: a retry is
   * still stored with its cursor, and the scheduled sweep (`deliverDue`) sends it when due.
   */
  readonly timers?: boolean | undefined;
}

/** A clock warning comes this long before the deadline (or when the turn starts, for a shorter move). */
export const CLOCK_WARNING_LEAD_MS = 60 * 60 * 1000;

/** The secrets a webhook signs with now: the current one, and the previous one until it lapses. */
export function signingSecrets(webhook: WebhookRecord, now: Date): string[] {
  const { current, previous } = webhook.secrets;
  return previous && Date.parse(previous.until) > now.getTime() ? [current, previous.secret] : [current];
}

/** What the pure core reads of a stored webhook. */
export const subscriptionOf = (webhook: WebhookRecord): Subscription =>
  webhook.owner.scope === "match"
    ? { scope: "match", matchId: webhook.owner.matchId, seat: webhook.owner.seat, webhookId: webhook.id, types: webhook.events as WebhookEventType[] }
    : { scope: "player", playerId: webhook.owner.playerId, webhookId: webhook.id, types: webhook.events as WebhookEventType[] };

/** A match's log and the state right after each of its events (`states[i]` after `events[i]`). */
interface Timeline {
  readonly events: MatchEvent[];
  readonly states: MatchState[];
}

const TIMELINES_KEPT = 32;
const PAGE = 1000;

/**
 * Delivers webhooks from the log. It is told which matches have new commits (`committed`, from
 * the store's own record of its writes, never from the request that committed them) and, for
 * each webhook that follows such a match, sends what the events after its cursor produce
 * (eventsFromLog), one at a time, in version order, moving the cursor on after each 2xx: so
 * delivery is at-least-once with stable ids, and nothing is lost between a commit and its
 * delivery (a restart's `start` catches every active webhook up from its cursor). A failed
 * event is tried again on the schedule (its next attempt is stored with the cursor, so a restart
 * keeps it), and the events after it wait for it; after the last attempt the webhook is
 * disabled with the failure as its reason, and resuming it starts again from that event.
 *
 * `deliverCommits(matchIds)` is the same work for a batch of commits at once, and resolves once
 * it is done: what a stream-driven function would call.
 */
export class DeliveryWorker {
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly timelines = new Map<string, Timeline>();
  private readonly timelineReads = new Map<string, Promise<Timeline>>();
  /** One run at a time per key ((webhook, match)'s events, its warnings); a request during a run queues one more run. */
  private readonly runs = new CoalescedRuns(() => this.closed);
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private closed = false;
  /** The players with a webhook (or that had one), when `exclusive`: a commit of a match none of them sits in replays nothing. */
  private readonly playersWithWebhooks = new Set<string>();
  private readonly pace: Pace;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.now = options.now ?? (() => new Date());
    this.random = options.random ?? Math.random;
    this.pace = new Pace(options.rate);
  }

  /** A commit of this match was acknowledged: deliver what it produces (in the background). */
  committed(matchId: string): void {
    this.track(this.deliverCommits([matchId]));
  }

  /** A webhook was registered, resumed or changed: deliver what it is owed (in the background). */
  changed(webhookId: string): void {
    this.track(this.catchUpWebhook(webhookId));
  }

  /** Delivers what the commits of these matches produce to every webhook that follows them; resolves when done (or waiting for a retry). */
  async deliverCommits(matchIds: readonly string[]): Promise<void> {
    await Promise.all([...new Set(matchIds)].map((matchId) => this.deliverMatch(matchId)));
  }

  /** `start` in the background (errors logged). */
  begin(): void {
    this.track(this.start());
  }

  /** On start: every active webhook from its cursors, so a crash between a commit and its delivery loses nothing. */
  async start(): Promise<void> {
    const all = await this.options.webhooks.listAll();
    for (const w of all) this.noteOwner(w);
    await Promise.all(all.filter((w) => w.status === "active").map((w) => this.catchUpWebhook(w.id)));
  }

  /**
   * Runs the work the store says is due now (the scheduled sweep on AWS, in place of timers):
   * each (webhook, match) whose retry time has come, and each catch-up asked for, cleared once
   * done (one that fails stays, for the next sweep). Resolves when done.
   */
  async deliverDue(queue: WebhookDueQueue): Promise<DueWebhookWork[]> {
    const due = await queue.due(this.now());
    await Promise.all(
      due.map(async (work) => {
        try {
          if (work.kind === "events") return await this.run(work.webhookId, work.matchId!);
          if (work.kind === "warnings") return await this.warnings(work.webhookId, work.matchId!);
          await this.catchUpWebhook(work.webhookId);
          await queue.clearCatchUp(work.webhookId, work.at);
        } catch (error) {
          // Still due: the next sweep finds it again.
          this.options.logger.error("webhook delivery failed", error, { webhookId: work.webhookId, matchId: work.matchId });
        }
      }),
    );
    return due;
  }

  /** Sends `webhook.test` once (not retried) and logs the attempt. */
  async sendTest(webhook: WebhookRecord, requestId: string): Promise<DeliveryEntry> {
    const event = webhookTestEvent(webhook.id, requestId, this.now());
    const { entry } = await this.attempt(webhook, event, null, 1, false);
    return entry;
  }

  /** Resolves once no work is in flight (timers of retries may still be set). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Stops: no timer fires again and no new attempt starts; an attempt in flight gets up to
   * `graceMs` to end and store what it came to (the caller closes the store after this resolves).
   */
  async close(graceMs = 1000): Promise<void> {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.idle(), new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
  }

  private track(work: Promise<unknown>): void {
    const tracked = work.catch((error: unknown) => {
      if (!this.closed) this.options.logger.error("webhook delivery failed", error);
    });
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
  }

  private noteOwner(webhook: WebhookRecord): void {
    if (webhook.owner.scope === "player") this.playersWithWebhooks.add(webhook.owner.playerId);
  }

  private async deliverMatch(matchId: string): Promise<void> {
    if (this.closed) return;
    const { webhooks } = this.options;
    const byMatch = await webhooks.listByMatch(matchId);
    // No webhook of the match and none of any player: nothing to replay (the usual commit of a server without webhooks).
    if (byMatch.length === 0 && this.options.exclusive && this.playersWithWebhooks.size === 0) return;
    const timeline = await this.timeline(matchId);
    const latest = timeline.states.at(-1);
    const players = new Set((latest?.seating ?? []).flatMap((s) => (s.player ? [s.player.id] : [])));
    const byPlayer = (await Promise.all([...players].map((p) => webhooks.listByPlayer(p)))).flat();
    const active = [...byMatch, ...byPlayer].filter((w) => w.status === "active");
    // One that stopped listening to clock warnings was looked at when it changed (its catch-up).
    await Promise.all(active.flatMap((w) => [this.run(w.id, matchId), ...(w.events.includes("clock.warning") ? [this.warnings(w.id, matchId)] : [])]));
  }

  /** When the webhook's clock warnings come: its own lead, else the server's. */
  private leadOf(webhook: WebhookRecord): number {
    return webhook.clockWarningSeconds !== undefined ? webhook.clockWarningSeconds * 1000 : (this.options.clockWarningLeadMs ?? CLOCK_WARNING_LEAD_MS);
  }

  /** Looks at the webhook's clock warnings in the match now, or once more after the look under way. */
  private warnings(webhookId: string, matchId: string): Promise<void> {
    const key = JSON.stringify(["warnings", webhookId, matchId]);
    return this.runs.run(key, () => this.warnPair(webhookId, matchId, key));
  }

  /**
   * Sends the clock warnings of the match that are due and not yet sent, each retried on the
   * schedule until delivered or until its deadline passes (then it is moot: the seat has run out
   * or acted, and the timeout is a commit the webhook hears of). What is sent, what waits for a
   * retry and when to look again are stored (WarningCursor), so a restart sends nothing twice and
   * a process without timers (the sweep on AWS) finds the warnings that fall due between commits.
   */
  private async warnPair(webhookId: string, matchId: string, key: string): Promise<void> {
    const { webhooks } = this.options;
    const webhook = await webhooks.get(webhookId);
    if (this.closed || !webhook) return;
    const stored = await webhooks.warnings(webhookId, matchId);
    const listening = webhook.status === "active" && webhook.events.includes("clock.warning");
    if (!listening) {
      this.unschedule(key);
      // Nothing to wake for until it listens again (a resume or a change catches it up).
      if (stored?.wakeAt) await webhooks.setWarnings(webhookId, matchId, { ...stored, attempt: 0, retryAt: null, wakeAt: null });
      return;
    }
    const now = this.now();
    if (stored?.retryAt && Date.parse(stored.retryAt) > now.getTime()) return this.schedule(key, new Date(stored.retryAt), () => this.warnings(webhookId, matchId));
    const state = (await this.timeline(matchId)).states.at(-1);
    if (!state) return;
    const lead = this.leadOf(webhook);
    const matchNow = (this.options.matchNow ?? this.now)();
    const sub = subscriptionOf(webhook);
    // Only the ids of the match's current deadlines are kept: a seat's next turn has a new one.
    const current = new Set(clockWarningIds(sub, state));
    const sent = (stored?.sent ?? []).filter((id) => current.has(id));
    let cursor: WarningCursor = { sent, attempt: stored?.attempt ?? 0, retryAt: null, wakeAt: null };
    for (const event of clockWarningEvents(sub, state, matchNow, lead)) {
      if (cursor.sent.includes(event.id)) continue;
      const attempt = cursor.attempt + 1;
      const { result, next } = await this.attempt(webhook, event, matchId, attempt, true);
      if (result.ok || next === null || next.getTime() >= Date.parse(event.payload.data.deadline)) {
        if (!result.ok) this.options.logger.info("clock warning given up", { webhookId, matchId, eventId: event.id, attempt });
        cursor = { ...cursor, sent: [...cursor.sent, event.id], attempt: 0 };
        if (this.closed) break;
        continue;
      }
      cursor = { ...cursor, attempt, retryAt: next.toISOString(), wakeAt: next.toISOString() };
      break;
    }
    if (cursor.retryAt === null) {
      const due = nextWarningAt(state, matchNow, lead);
      // On the worker's clock (the one timers and the sweep go by), however far the match's has moved.
      cursor = { ...cursor, attempt: 0, wakeAt: due ? new Date(now.getTime() + due.getTime() - matchNow.getTime()).toISOString() : null };
    }
    if (JSON.stringify(cursor) !== JSON.stringify(stored)) await webhooks.setWarnings(webhookId, matchId, cursor);
    if (cursor.wakeAt) this.schedule(key, new Date(cursor.wakeAt), () => this.warnings(webhookId, matchId));
    else this.unschedule(key);
  }

  /** Every match the webhook may be owed events of: its own match, or the player's (its cursors and its inbox). */
  private async catchUpWebhook(webhookId: string): Promise<void> {
    if (this.closed) return;
    const webhook = await this.options.webhooks.get(webhookId);
    if (webhook) this.noteOwner(webhook);
    if (!webhook || webhook.status !== "active") return;
    const matches = new Set([...(await this.options.webhooks.cursors(webhookId)).keys(), ...(await this.options.webhooks.warningMatches(webhookId))]);
    if (webhook.owner.scope === "match") matches.add(webhook.owner.matchId);
    else {
      let after: string | undefined;
      do {
        const page = await this.options.index.inbox(webhook.owner.playerId, { limit: 100, after });
        for (const row of page.rows) if (!row.invited) matches.add(row.matchId);
        after = page.next ?? undefined;
      } while (after);
    }
    await Promise.all([...matches].flatMap((matchId) => [this.run(webhookId, matchId), this.warnings(webhookId, matchId)]));
  }

  /** Runs the delivery of one (webhook, match) now, or once more after the run under way. */
  private run(webhookId: string, matchId: string): Promise<void> {
    const key = JSON.stringify([webhookId, matchId]);
    return this.runs.run(key, () => this.deliverPair(webhookId, matchId, key));
  }

  /** Runs `work` at `at` (in place of what was set for the key), unless timers are off. */
  private schedule(key: string, at: Date, work: () => Promise<void>): void {
    if (this.closed || this.options.timers === false) return;
    clearTimeout(this.timers.get(key));
    const timer = setTimeout(() => {
      this.timers.delete(key);
      this.track(work());
    }, Math.max(0, at.getTime() - this.now().getTime()));
    timer.unref();
    this.timers.set(key, timer);
  }

  private unschedule(key: string): void {
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
  }

  private async deliverPair(webhookId: string, matchId: string, key: string): Promise<void> {
    const { webhooks } = this.options;
    let webhook = await webhooks.get(webhookId);
    if (this.closed || !webhook || webhook.status !== "active") return;
    const stored = await webhooks.cursor(webhookId, matchId);
    if (stored?.nextAttemptAt && Date.parse(stored.nextAttemptAt) > this.now().getTime()) {
      this.schedule(key, new Date(stored.nextAttemptAt), () => this.run(webhookId, matchId));
      return;
    }
    this.unschedule(key);
    const timeline = await this.timeline(matchId);
    let cursor: DeliveryCursor = stored ?? { version: 0, sent: [], attempt: 0, nextAttemptAt: null };
    let moved = stored === null;
    for (let i = cursor.version; i < timeline.events.length; i++) {
      const event = timeline.events[i]!;
      // A webhook hears of a match from its registration on, not the match's history (a match webhook starts with a cursor there anyway).
      const before = stored === null && event.at < webhook.createdAt;
      const due = before ? [] : eventsFromLog(subscriptionOf(webhook), event, i === 0 ? null : timeline.states[i - 1]!, timeline.states[i]!).filter((e) => !cursor.sent.includes(e.id));
      for (const out of due) {
        // Read again before each send: paused, deleted or rotated meanwhile.
        webhook = await webhooks.get(webhookId);
        if (this.closed || !webhook || webhook.status !== "active") {
          if (moved && webhook && !this.closed) await webhooks.setCursor(webhookId, matchId, cursor);
          return;
        }
        const attempt = cursor.attempt + 1;
        // What the attempt came to is stored even while closing (the store closes after the
        // worker's grace): a retry already scheduled must not become an immediate one on restart.
        const { result, next } = await this.attempt(webhook, out, matchId, attempt, true);
        if (result.ok) {
          cursor = { ...cursor, sent: [...cursor.sent, out.id], attempt: 0, nextAttemptAt: null };
          await webhooks.setCursor(webhookId, matchId, cursor);
          moved = false;
          if (this.closed) return;
          continue;
        }
        if (next === null) {
          // Given up: the webhook is disabled, and the event waits for it to be resumed (from attempt 1).
          await webhooks.setCursor(webhookId, matchId, { ...cursor, attempt: 0, nextAttemptAt: null });
          const reason = `${out.payload.type} ${out.id} failed ${attempt} attempts; the last: ${result.error ? `${result.error.code}: ${result.error.message}` : `status ${result.status}`}`;
          await webhooks.update({ ...webhook, status: "disabled", reason, updatedAt: this.now().toISOString() });
          this.options.logger.warn(`webhook ${webhookId} disabled`, { webhookId, matchId, reason });
          return;
        }
        await webhooks.setCursor(webhookId, matchId, { ...cursor, attempt, nextAttemptAt: next.toISOString() });
        this.schedule(key, next, () => this.run(webhookId, matchId));
        return;
      }
      cursor = { version: event.version, sent: [], attempt: 0, nextAttemptAt: null };
      moved = true;
    }
    if (moved) await webhooks.setCursor(webhookId, matchId, cursor);
  }

  /** When attempt number `attempt` (failed at `at`) is followed by the next, or null after the last. */
  private nextAttemptAfter(attempt: number, at: Date): Date | null {
    const delays = this.options.retryDelaysMs;
    if (!delays) return nextAttempt(attempt, at, this.random());
    const delay = delays[attempt - 1];
    return delay === undefined ? null : new Date(at.getTime() + delay);
  }

  /** One signed attempt, logged in the webhook's delivery log; never throws for the receiver's failure. */
  private async attempt(webhook: WebhookRecord, event: WebhookEvent, matchId: string | null, attempt: number, retried: boolean): Promise<{ result: SendResult; next: Date | null; entry: DeliveryEntry }> {
    const body = JSON.stringify(event.payload);
    const at = this.now();
    const delivery: Delivery = { url: webhook.url, headers: signHeaders(signingSecrets(webhook, at), event.id, at, body), body };
    const wait = this.pace.take(webhook.id);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const result = await sendWebhook(delivery, { ...this.options.send, policy: this.options.policy });
    const next = result.ok || !retried ? null : this.nextAttemptAfter(attempt, this.now());
    const entry: DeliveryEntry = {
      at: at.toISOString(),
      attempt,
      eventId: event.id,
      type: event.payload.type,
      matchId,
      status: result.status,
      ok: result.ok,
      latencyMs: result.latencyMs,
      error: result.error ? { code: result.error.code, message: result.error.message } : null,
      nextAttemptAt: next ? next.toISOString() : null,
    };
    await this.options.webhooks.logDelivery(webhook.id, entry);
    const fields = { webhookId: webhook.id, matchId, eventId: event.id, type: event.payload.type, attempt, status: result.status, latencyMs: result.latencyMs };
    if (result.ok) this.options.logger.debug("webhook delivered", fields);
    else this.options.logger.info("webhook delivery failed", { ...fields, error: entry.error?.code, nextAttemptAt: entry.nextAttemptAt });
    return { result, next, entry };
  }

  /** The match's log and states, read on from what is cached (one read per call: new commits), oldest first. */
  private timeline(matchId: string): Promise<Timeline> {
    const pending = this.timelineReads.get(matchId);
    if (pending) return pending.then(() => this.timeline(matchId));
    const read = (async () => {
      const cached = this.timelines.get(matchId) ?? { events: [], states: [] };
      const events = [...cached.events];
      const states = [...cached.states];
      for (;;) {
        const page = await this.options.events.readEvents(matchId, events.length, PAGE);
        for (const event of page) {
          states.push(evolve(states.at(-1) ?? null, event));
          events.push(event);
        }
        if (page.length < PAGE) break;
      }
      const timeline = { events, states };
      this.timelines.delete(matchId);
      this.timelines.set(matchId, timeline);
      while (this.timelines.size > TIMELINES_KEPT) this.timelines.delete(this.timelines.keys().next().value!);
      return timeline;
    })();
    this.timelineReads.set(matchId, read);
    return read.finally(() => this.timelineReads.delete(matchId));
  }
}
