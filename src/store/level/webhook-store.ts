import type { KeyedQueue } from "./keyed-queue.js";
import { type LevelDb, type LevelOp, scan } from "./db.js";
import {
  unescapeId,
  webhookCursorKey,
  webhookCursorRange,
  webhookKey,
  webhookLogKey,
  webhookLogRange,
  webhookOwnerKey,
  webhookOwnerRange,
  webhookRange,
  webhookTurn,
  webhookWarningKey,
  webhookWarningRange,
} from "./keys.js";
import { DELIVERY_LOG_KEPT, type DeliveryCursor, type DeliveryEntry, type WarningCursor, type WebhookOwner, type WebhookRecord, type WebhookStore } from "../webhook-store.js";

const ownerName = (owner: WebhookOwner): string => (owner.scope === "player" ? `p:${owner.playerId}` : `m:${owner.matchId}`);

/**
 * Webhooks in the Level store (keys.ts): the webhook, a key per owner to list them by, its
 * cursors and its delivery log. Every write of one webhook runs in its turn of the writers' queue.
 */
export class LevelWebhookStore implements WebhookStore {
  constructor(
    private readonly db: LevelDb,
    private readonly queue: KeyedQueue,
  ) {}

  create(webhook: WebhookRecord): Promise<boolean> {
    const key = webhookKey(webhook.id);
    return this.queue.run(webhookTurn(webhook.id), async () => {
      if (await this.db.has(key)) return false;
      await this.db.batch([
        { type: "put", key, value: webhook },
        { type: "put", key: webhookOwnerKey(ownerName(webhook.owner), webhook.id), value: {} },
      ]);
      return true;
    });
  }

  async get(webhookId: string): Promise<WebhookRecord | null> {
    return ((await this.db.get(webhookKey(webhookId))) as WebhookRecord | undefined) ?? null;
  }

  update(webhook: WebhookRecord): Promise<boolean> {
    const key = webhookKey(webhook.id);
    return this.queue.run(webhookTurn(webhook.id), async () => {
      const found = (await this.db.get(key)) as WebhookRecord | undefined;
      if (!found) return false;
      // The owner is the stored one's, whatever the caller handed over.
      await this.db.batch([{ type: "put", key, value: { ...webhook, owner: found.owner } }]);
      return true;
    });
  }

  delete(webhookId: string): Promise<boolean> {
    const key = webhookKey(webhookId);
    return this.queue.run(webhookTurn(webhookId), async () => {
      const found = (await this.db.get(key)) as WebhookRecord | undefined;
      if (!found) return false;
      const ops: LevelOp[] = [
        { type: "del", key },
        { type: "del", key: webhookOwnerKey(ownerName(found.owner), webhookId) },
      ];
      const { prefix: _prefix, ...cursors } = webhookCursorRange(webhookId);
      await scan(this.db, cursors, (k) => void ops.push({ type: "del", key: k }));
      const { prefix: _warnings, ...warnings } = webhookWarningRange(webhookId);
      await scan(this.db, warnings, (k) => void ops.push({ type: "del", key: k }));
      await scan(this.db, webhookLogRange(webhookId), (k) => void ops.push({ type: "del", key: k }));
      await this.db.batch(ops);
      return true;
    });
  }

  listByPlayer(playerId: string): Promise<WebhookRecord[]> {
    return this.listOwned(`p:${playerId}`);
  }

  listByMatch(matchId: string): Promise<WebhookRecord[]> {
    return this.listOwned(`m:${matchId}`);
  }

  private async listOwned(owner: string): Promise<WebhookRecord[]> {
    const range = webhookOwnerRange(owner);
    const ids: string[] = [];
    await scan(this.db, range, (key) => void ids.push(unescapeId(key.slice(range.gte.length))));
    const found = (await this.db.getMany(ids.map(webhookKey))) as (WebhookRecord | undefined)[];
    return byCreation(found.filter((w): w is WebhookRecord => w !== undefined));
  }

  async listAll(): Promise<WebhookRecord[]> {
    const all: WebhookRecord[] = [];
    await scan(this.db, webhookRange(), (_key, value) => void all.push(value as WebhookRecord));
    return byCreation(all);
  }

  async cursor(webhookId: string, matchId: string): Promise<DeliveryCursor | null> {
    return ((await this.db.get(webhookCursorKey(webhookId, matchId))) as DeliveryCursor | undefined) ?? null;
  }

  async cursors(webhookId: string): Promise<Map<string, DeliveryCursor>> {
    const { prefix, ...range } = webhookCursorRange(webhookId);
    const found = new Map<string, DeliveryCursor>();
    await scan(this.db, range, (key, value) => void found.set(unescapeId(key.slice(prefix.length)), value as DeliveryCursor));
    return found;
  }

  setCursor(webhookId: string, matchId: string, cursor: DeliveryCursor): Promise<void> {
    return this.queue.run(webhookTurn(webhookId), async () => {
      // A deleted webhook keeps no cursor: a delivery finishing after the delete writes nothing.
      if (!(await this.db.has(webhookKey(webhookId)))) return;
      await this.db.batch([{ type: "put", key: webhookCursorKey(webhookId, matchId), value: cursor }]);
    });
  }

  async warnings(webhookId: string, matchId: string): Promise<WarningCursor | null> {
    return ((await this.db.get(webhookWarningKey(webhookId, matchId))) as WarningCursor | undefined) ?? null;
  }

  async warningMatches(webhookId: string): Promise<string[]> {
    const { prefix, ...range } = webhookWarningRange(webhookId);
    const found: string[] = [];
    await scan(this.db, range, (key) => void found.push(unescapeId(key.slice(prefix.length))));
    return found;
  }

  setWarnings(webhookId: string, matchId: string, cursor: WarningCursor): Promise<void> {
    return this.queue.run(webhookTurn(webhookId), async () => {
      if (!(await this.db.has(webhookKey(webhookId)))) return;
      await this.db.batch([{ type: "put", key: webhookWarningKey(webhookId, matchId), value: cursor }]);
    });
  }

  logDelivery(webhookId: string, entry: DeliveryEntry): Promise<void> {
    return this.queue.run(webhookTurn(webhookId), async () => {
      if (!(await this.db.has(webhookKey(webhookId)))) return;
      const range = webhookLogRange(webhookId);
      let last = 0;
      await scan(this.db, { ...range, reverse: true, limit: 1 }, (key) => void (last = Number(key.slice(range.gte.length))));
      const next = last + 1;
      const ops: LevelOp[] = [{ type: "put", key: webhookLogKey(webhookId, next), value: entry }];
      if (next > DELIVERY_LOG_KEPT) ops.push({ type: "del", key: webhookLogKey(webhookId, next - DELIVERY_LOG_KEPT) });
      await this.db.batch(ops);
    });
  }

  async deliveries(webhookId: string, limit: number): Promise<DeliveryEntry[]> {
    const found: DeliveryEntry[] = [];
    await scan(this.db, { ...webhookLogRange(webhookId), reverse: true, limit }, (_key, value) => void found.push(value as DeliveryEntry));
    return found;
  }
}

const byCreation = (webhooks: WebhookRecord[]): WebhookRecord[] => webhooks.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1));
