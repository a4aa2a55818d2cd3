import { BatchWriteCommand, DeleteCommand, type DynamoDBDocumentClient, GetCommand, paginateQuery, paginateScan, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionFailure } from "./condition-failure.js";
import { DELIVERY_LOG_KEPT, type DeliveryCursor, type DeliveryEntry, type DueWebhookWork, type WarningCursor, type WebhookDueQueue, type WebhookOwner, type WebhookRecord, type WebhookStore } from "../webhook-store.js";
import { INDEX, TABLE_KEYS, WEBHOOK_CATCH_UP_SORT, WEBHOOK_DUE_KEY, WEBHOOK_SORT, webhookCursorSort, webhookDueSort, webhookKey, webhookLogSort, webhookOwnerKey, webhookWarningSort } from "./table.js";

const PK = TABLE_KEYS.partition;
const SK = TABLE_KEYS.sort;
const ownerOf = (owner: WebhookOwner): string => (owner.scope === "player" ? `p:${owner.playerId}` : `m:${owner.matchId}`);
const CURSOR_PREFIX = webhookCursorSort("");
const WARNING_PREFIX = webhookWarningSort("");
const LOG_PREFIX = "LOG#";

/**
 * Webhooks in the one table (table.ts): `PK=WEBHOOK#<id>` holds the webhook (`SK=WEBHOOK`,
 * indexed by its owner in GSI1), its cursors (`SK=CURSOR#<match>`) and its delivery log
 * (`SK=LOG#<sequence>`), so deleting one is one partition. Values are JSON strings. A cursor
 * waiting for a retry, the clock warnings of a match (`SK=WARN#<match>`) while they are to be
 * looked at, and a catch-up asked for (`SK=CATCHUP`), are also indexed by when they are due (`GSI1PK=WEBHOOK_DUE`), so the scheduled sweep on AWS finds them with one Query.
 */
export class DynamoWebhookStore implements WebhookStore, WebhookDueQueue {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private item(webhook: WebhookRecord): Record<string, unknown> {
    return {
      [PK]: webhookKey(webhook.id),
      [SK]: WEBHOOK_SORT,
      [INDEX.partition]: webhookOwnerKey(ownerOf(webhook.owner)),
      [INDEX.sort]: `${webhook.createdAt}#${webhook.id}`,
      webhook: JSON.stringify(webhook),
    };
  }

  async create(webhook: WebhookRecord): Promise<boolean> {
    try {
      await this.doc.send(new PutCommand({ TableName: this.tableName, Item: this.item(webhook), ConditionExpression: "attribute_not_exists(#pk)", ExpressionAttributeNames: { "#pk": PK } }));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async get(webhookId: string): Promise<WebhookRecord | null> {
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: { [PK]: webhookKey(webhookId), [SK]: WEBHOOK_SORT }, ConsistentRead: true }));
    return Item ? (JSON.parse(Item.webhook as string) as WebhookRecord) : null;
  }

  async update(webhook: WebhookRecord): Promise<boolean> {
    const found = await this.get(webhook.id);
    if (!found) return false;
    try {
      await this.doc.send(
        new PutCommand({ TableName: this.tableName, Item: this.item({ ...webhook, owner: found.owner }), ConditionExpression: "attribute_exists(#pk)", ExpressionAttributeNames: { "#pk": PK } }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async delete(webhookId: string): Promise<boolean> {
    const keys = await this.sortKeys(webhookId, null);
    if (!keys.includes(WEBHOOK_SORT)) return false;
    // The webhook first, so nothing is delivered for it meanwhile; then the rest of its partition.
    const ordered = [WEBHOOK_SORT, ...keys.filter((k) => k !== WEBHOOK_SORT)];
    for (let i = 0; i < ordered.length; i += 25) {
      let requests: Record<string, unknown>[] | undefined = ordered.slice(i, i + 25).map((sk) => ({ DeleteRequest: { Key: { [PK]: webhookKey(webhookId), [SK]: sk } } }));
      for (let tries = 0; requests && requests.length > 0 && tries < 8; tries++) {
        const { UnprocessedItems } = await this.doc.send(new BatchWriteCommand({ RequestItems: { [this.tableName]: requests as never } }));
        requests = UnprocessedItems?.[this.tableName] as Record<string, unknown>[] | undefined;
      }
    }
    return true;
  }

  /** The sort keys of a webhook's partition, or of those starting with `prefix`. */
  private async sortKeys(webhookId: string, prefix: string | null): Promise<string[]> {
    const keys: string[] = [];
    for await (const page of paginateQuery({ client: this.doc }, {
      TableName: this.tableName,
      KeyConditionExpression: prefix === null ? "#pk = :pk" : "#pk = :pk AND begins_with(#sk, :prefix)",
      ExpressionAttributeNames: { "#pk": PK, "#sk": SK },
      ExpressionAttributeValues: { ":pk": webhookKey(webhookId), ...(prefix === null ? {} : { ":prefix": prefix }) },
      ProjectionExpression: "#pk, #sk",
      ConsistentRead: true,
    })) {
      for (const item of page.Items ?? []) keys.push(item[SK] as string);
    }
    return keys;
  }

  listByPlayer(playerId: string): Promise<WebhookRecord[]> {
    return this.listOwned(`p:${playerId}`);
  }

  listByMatch(matchId: string): Promise<WebhookRecord[]> {
    return this.listOwned(`m:${matchId}`);
  }

  private async listOwned(owner: string): Promise<WebhookRecord[]> {
    const found: WebhookRecord[] = [];
    for await (const page of paginateQuery({ client: this.doc }, {
      TableName: this.tableName,
      IndexName: INDEX.name,
      KeyConditionExpression: "#pk = :pk",
      ExpressionAttributeNames: { "#pk": INDEX.partition },
      ExpressionAttributeValues: { ":pk": webhookOwnerKey(owner) },
    })) {
      for (const item of page.Items ?? []) found.push(JSON.parse(item.webhook as string) as WebhookRecord);
    }
    return found;
  }

  async listAll(): Promise<WebhookRecord[]> {
    const found: WebhookRecord[] = [];
    for await (const page of paginateScan({ client: this.doc }, {
      TableName: this.tableName,
      FilterExpression: "#sk = :sk AND begins_with(#pk, :prefix)",
      ExpressionAttributeNames: { "#sk": SK, "#pk": PK },
      ExpressionAttributeValues: { ":sk": WEBHOOK_SORT, ":prefix": webhookKey("") },
    })) {
      for (const item of page.Items ?? []) found.push(JSON.parse(item.webhook as string) as WebhookRecord);
    }
    return found.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1));
  }

  async cursor(webhookId: string, matchId: string): Promise<DeliveryCursor | null> {
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: { [PK]: webhookKey(webhookId), [SK]: webhookCursorSort(matchId) }, ConsistentRead: true }));
    return Item ? (JSON.parse(Item.cursor as string) as DeliveryCursor) : null;
  }

  async cursors(webhookId: string): Promise<Map<string, DeliveryCursor>> {
    const found = new Map<string, DeliveryCursor>();
    for await (const page of paginateQuery({ client: this.doc }, {
      TableName: this.tableName,
      KeyConditionExpression: "#pk = :pk AND begins_with(#sk, :prefix)",
      ExpressionAttributeNames: { "#pk": PK, "#sk": SK },
      ExpressionAttributeValues: { ":pk": webhookKey(webhookId), ":prefix": CURSOR_PREFIX },
      ConsistentRead: true,
    })) {
      for (const item of page.Items ?? []) found.set((item[SK] as string).slice(CURSOR_PREFIX.length), JSON.parse(item.cursor as string) as DeliveryCursor);
    }
    return found;
  }

  async setCursor(webhookId: string, matchId: string, cursor: DeliveryCursor): Promise<void> {
    // A deleted webhook keeps no cursor: a delivery finishing after the delete writes nothing.
    if (!(await this.get(webhookId))) return;
    // Indexed by when it is due only while a retry waits (the put of a delivered cursor drops it).
    const due = cursor.nextAttemptAt ? { [INDEX.partition]: WEBHOOK_DUE_KEY, [INDEX.sort]: webhookDueSort(cursor.nextAttemptAt, webhookId, matchId) } : {};
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: { [PK]: webhookKey(webhookId), [SK]: webhookCursorSort(matchId), cursor: JSON.stringify(cursor), ...due } }));
  }

  async warnings(webhookId: string, matchId: string): Promise<WarningCursor | null> {
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: { [PK]: webhookKey(webhookId), [SK]: webhookWarningSort(matchId) }, ConsistentRead: true }));
    return Item ? (JSON.parse(Item.warnings as string) as WarningCursor) : null;
  }

  async warningMatches(webhookId: string): Promise<string[]> {
    return (await this.sortKeys(webhookId, WARNING_PREFIX)).map((sk) => sk.slice(WARNING_PREFIX.length));
  }

  async setWarnings(webhookId: string, matchId: string, cursor: WarningCursor): Promise<void> {
    if (!(await this.get(webhookId))) return;
    const due = cursor.wakeAt ? { [INDEX.partition]: WEBHOOK_DUE_KEY, [INDEX.sort]: webhookDueSort(cursor.wakeAt, webhookId, matchId) } : {};
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: { [PK]: webhookKey(webhookId), [SK]: webhookWarningSort(matchId), warnings: JSON.stringify(cursor), ...due } }));
  }

  async logDelivery(webhookId: string, entry: DeliveryEntry): Promise<void> {
    if (!(await this.get(webhookId))) return;
    // Numbered after the newest; a lost race for the number takes the next one.
    for (let tries = 0; tries < 10; tries++) {
      const [newest] = await this.newestLog(webhookId, 1, true);
      const last = newest ? Number((newest[SK] as string).slice(LOG_PREFIX.length)) : 0;
      const next = last + 1;
      try {
        await this.doc.send(
          new PutCommand({
            TableName: this.tableName,
            Item: { [PK]: webhookKey(webhookId), [SK]: webhookLogSort(next), entry: JSON.stringify(entry) },
            ConditionExpression: "attribute_not_exists(#pk)",
            ExpressionAttributeNames: { "#pk": PK },
          }),
        );
      } catch (error) {
        if (isConditionFailure(error)) continue;
        throw error;
      }
      if (next > DELIVERY_LOG_KEPT) {
        await this.doc.send(new BatchWriteCommand({ RequestItems: { [this.tableName]: [{ DeleteRequest: { Key: { [PK]: webhookKey(webhookId), [SK]: webhookLogSort(next - DELIVERY_LOG_KEPT) } } }] } }));
      }
      return;
    }
    throw new Error(`the delivery log of webhook ${webhookId} is written too often at once`);
  }

  async deliveries(webhookId: string, limit: number): Promise<DeliveryEntry[]> {
    return (await this.newestLog(webhookId, limit, false)).map((item) => JSON.parse(item.entry as string) as DeliveryEntry);
  }

  /** The newest `limit` items of the webhook's delivery log, newest first; only their sort keys with `keysOnly`. */
  private async newestLog(webhookId: string, limit: number, keysOnly: boolean): Promise<Record<string, unknown>[]> {
    const { Items } = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: "#pk = :pk AND begins_with(#sk, :prefix)",
        ExpressionAttributeNames: { "#pk": PK, "#sk": SK },
        ExpressionAttributeValues: { ":pk": webhookKey(webhookId), ":prefix": LOG_PREFIX },
        ...(keysOnly ? { ProjectionExpression: "#sk" } : {}),
        ScanIndexForward: false,
        Limit: limit,
        ConsistentRead: true,
      }),
    );
    return Items ?? [];
  }

  async due(now: Date): Promise<DueWebhookWork[]> {
    const found: DueWebhookWork[] = [];
    for await (const page of paginateQuery({ client: this.doc }, {
      TableName: this.tableName,
      IndexName: INDEX.name,
      // "~" sorts after the "#" that follows the time: everything due at `now` too.
      KeyConditionExpression: "#pk = :pk AND #sk <= :until",
      ExpressionAttributeNames: { "#pk": INDEX.partition, "#sk": INDEX.sort, "#tpk": PK, "#tsk": SK },
      ExpressionAttributeValues: { ":pk": WEBHOOK_DUE_KEY, ":until": `${now.toISOString()}~` },
      ProjectionExpression: "#tpk, #tsk, #sk",
    })) {
      for (const item of page.Items ?? []) {
        const webhookId = (item[PK] as string).slice(webhookKey("").length);
        const sort = item[SK] as string;
        const at = (item[INDEX.sort] as string).split("#")[0]!;
        if (sort === WEBHOOK_CATCH_UP_SORT) found.push({ kind: "catchUp", webhookId, matchId: null, at });
        else if (sort.startsWith(WARNING_PREFIX)) found.push({ kind: "warnings", webhookId, matchId: sort.slice(WARNING_PREFIX.length), at });
        else found.push({ kind: "events", webhookId, matchId: sort.slice(CURSOR_PREFIX.length), at });
      }
    }
    return found;
  }

  async markCatchUp(webhookId: string, at: Date): Promise<void> {
    const when = at.toISOString();
    await this.doc.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { [PK]: webhookKey(webhookId), [SK]: WEBHOOK_CATCH_UP_SORT, [INDEX.partition]: WEBHOOK_DUE_KEY, [INDEX.sort]: webhookDueSort(when, webhookId, null) },
      }),
    );
  }

  async clearCatchUp(webhookId: string, at: string): Promise<void> {
    try {
      await this.doc.send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: { [PK]: webhookKey(webhookId), [SK]: WEBHOOK_CATCH_UP_SORT },
          ConditionExpression: "#sk = :marked",
          ExpressionAttributeNames: { "#sk": INDEX.sort },
          ExpressionAttributeValues: { ":marked": webhookDueSort(at, webhookId, null) },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}
