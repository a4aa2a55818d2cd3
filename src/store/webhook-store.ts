/**
 * Webhooks as stored: who registered them (a seat of one match, or a player), where they go,
 * what they want, their secrets (the current one and, for a day after a rotation, the previous
 * one), and per webhook where its delivery stands in each match it follows (a cursor) and the
 * last attempts made (its delivery log). Secrets are stored as they are, since every delivery is
 * signed with them; only the answers that create or rotate one show them.
 */
export type WebhookOwner = { readonly scope: "match"; readonly matchId: string; readonly seat: number } | { readonly scope: "player"; readonly playerId: string };

export const WEBHOOK_STATUSES = ["active", "paused", "disabled"] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

export interface WebhookSecrets {
  readonly current: string;
  /** The secret before the last rotation, still signing with the current one until `until` (ISO 8601). */
  readonly previous: { readonly secret: string; readonly until: string } | null;
}

export interface WebhookRecord {
  readonly id: string;
  readonly owner: WebhookOwner;
  readonly url: string;
  /** The event types it asked for (src/webhooks/event-types.ts). */
  readonly events: readonly string[];
  readonly secrets: WebhookSecrets;
  readonly status: WebhookStatus;
  /** Why it was disabled (the last failure), or null. */
  readonly reason: string | null;
  /** How long before a seat's deadline its `clock.warning` comes; absent: the server's default. */
  readonly clockWarningSeconds?: number | undefined;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/**
 * Where one webhook's delivery stands in one match: every event of the versions up to `version`
 * is delivered (or was given up on), and of version + 1 those whose ids are in `sent`. A failed
 * event leaves `attempt` (its failed attempts so far) and when it is tried again.
 */
export interface DeliveryCursor {
  readonly version: number;
  readonly sent: readonly string[];
  readonly attempt: number;
  readonly nextAttemptAt: string | null;
}

/**
 * Where one webhook's clock warnings stand in one match. Warnings come of the clock, not of a
 * commit, so they have their own record: the ids of the warnings delivered (or given up on)
 * among the match's current deadlines, the failed attempts at the next one and when it is tried
 * again, and `wakeAt`: when to look again (that retry, or the next warning falling due), by
 * which a process without timers (the sweep on AWS) finds it.
 */
export interface WarningCursor {
  readonly sent: readonly string[];
  readonly attempt: number;
  readonly retryAt: string | null;
  readonly wakeAt: string | null;
}

/** One delivery attempt, as the delivery log keeps it. */
export interface DeliveryEntry {
  readonly at: string;
  readonly attempt: number;
  readonly eventId: string;
  readonly type: string;
  readonly matchId: string | null;
  /** The receiver's HTTP status, or null when none came. */
  readonly status: number | null;
  readonly ok: boolean;
  readonly latencyMs: number;
  readonly error: { readonly code: string; readonly message: string } | null;
  /** When this event is tried again; null once delivered or given up on. */
  readonly nextAttemptAt: string | null;
}

/** How many attempts the delivery log of a webhook keeps: the newest. */
export const DELIVERY_LOG_KEPT = 100;

export interface WebhookStore {
  /** Stores a new webhook; false if the id is taken. */
  create(webhook: WebhookRecord): Promise<boolean>;
  get(webhookId: string): Promise<WebhookRecord | null>;
  /** Replaces a stored webhook (its owner never changes); false if there is none (deleted meanwhile). */
  update(webhook: WebhookRecord): Promise<boolean>;
  /** Removes the webhook, its cursors and its delivery log; false if there was none. */
  delete(webhookId: string): Promise<boolean>;
  /** The webhooks of one owner: a player's, or those of one match (every seat), oldest first. */
  listByPlayer(playerId: string): Promise<WebhookRecord[]>;
  listByMatch(matchId: string): Promise<WebhookRecord[]>;
  /** Every webhook (the local worker's catch-up on start). */
  listAll(): Promise<WebhookRecord[]>;
  /** Where the webhook's delivery stands in a match, or null before its first event there. */
  cursor(webhookId: string, matchId: string): Promise<DeliveryCursor | null>;
  /** Every match the webhook has a cursor in, with it. */
  cursors(webhookId: string): Promise<Map<string, DeliveryCursor>>;
  setCursor(webhookId: string, matchId: string, cursor: DeliveryCursor): Promise<void>;
  /** Where the webhook's clock warnings stand in a match, or null before its first. */
  warnings(webhookId: string, matchId: string): Promise<WarningCursor | null>;
  /** Every match the webhook has a warning cursor in. */
  warningMatches(webhookId: string): Promise<string[]>;
  setWarnings(webhookId: string, matchId: string, cursor: WarningCursor): Promise<void>;
  /** Adds an attempt to the delivery log, dropping the oldest past DELIVERY_LOG_KEPT. */
  logDelivery(webhookId: string, entry: DeliveryEntry): Promise<void>;
  /** The delivery log, newest first, at most `limit`. */
  deliveries(webhookId: string, limit: number): Promise<DeliveryEntry[]>;
}

/** The kinds of webhook work due later: a (webhook, match)'s events after a failed attempt, its clock warnings, a webhook's catch-up. */
export const DUE_WORK_KINDS = ["events", "warnings", "catchUp"] as const;
export type DueWorkKind = (typeof DUE_WORK_KINDS)[number];

/** Webhook work that fell due; `matchId` is null for a catch-up (every match of the webhook). */
export interface DueWebhookWork {
  readonly kind: DueWorkKind;
  readonly webhookId: string;
  readonly matchId: string | null;
  /** When it fell due (ISO 8601). */
  readonly at: string;
}

/**
 * Where a store keeps the webhook work due later, for a process without timers (the scheduled
 * sweep on AWS): the retries waiting in cursors (setCursor indexes a cursor while its
 * `nextAttemptAt` is set), the clock warnings to look at (setWarnings, while `wakeAt` is set)
 * and the catch-ups asked for by a registration, a change or a resume.
 */
export interface WebhookDueQueue {
  /** What is due at or before `now`, soonest first. */
  due(now: Date): Promise<DueWebhookWork[]>;
  /** Asks for the webhook's catch-up (every match it follows, from its cursors), due at `at`. */
  markCatchUp(webhookId: string, at: Date): Promise<void>;
  /** The catch-up marked at `at` is done (one marked again since stays). */
  clearCatchUp(webhookId: string, at: string): Promise<void>;
}
