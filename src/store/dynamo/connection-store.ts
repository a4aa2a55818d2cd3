import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionFailure } from "./condition-failure.js";
import { matchKey, TABLE_KEYS, TTL_ATTRIBUTE } from "./table.js";

/**
 * WebSocket connections and their subscriptions, for the API Gateway path (a Lambda keeps no
 * socket, so this is where a connection lives between messages).
 * - `PK=CONN#<connectionId>, SK=CONN`: the connection, its token's hash (and the public player
 *   id a player token names) once `connection_init` came, never the token; and the set of its subscriptions (`<matchId>#<subscriptionId>`), for cleanup.
 * - `PK=MATCH#<matchId>, SK=SUB#<connectionId>#<subscriptionId>`: a subscription, stored in
 *   its match's partition so that the fan-out finds every subscriber with one consistent query.
 * - `PK=MATCH#<matchId>, SK=SUB`: the match's mark, the version through which the stream fan-out
 *   has delivered the match to every subscriber it follows, and the fan-out's claim on the match
 *   while one invocation pushes (see `FanOutView`); read by that same query. It expires
 *   CONNECTION_TTL_SECONDS after the match's last push.
 * - `PK=ADDR#<address>, SK=ADDR`: how many subscriptions the connections of one client address
 *   hold (`subs`), for the cap per address; kept only when `$connect` named the address.
 * Every item expires after CONNECTION_TTL_SECONDS (API Gateway's own connection limit). TTL
 * deletion lags by hours, so reads filter out expired items themselves.
 */
export const CONNECTION_TTL_SECONDS = 2 * 60 * 60;

/** What a connection keeps of the token given in `connection_init`: the service's Credential. */
export interface StoredCredential {
  /** SHA-256 of the token. */
  readonly hash: string;
  readonly playerToken: boolean;
  readonly playerId: string | null;
}

export interface ConnectionRecord {
  readonly connectionId: string;
  readonly initialized: boolean;
  /** The token given in `connection_init`, if any, as its hash. */
  readonly credential: StoredCredential | null;
  readonly subscriptions: readonly string[];
  /** The client address `$connect` gave (as the caps count it), if any. */
  readonly address: string | null;
}

/** The most subscriptions one connection, and all the connections of one address, may hold. */
export interface SubscriptionLimits {
  readonly connection: number;
  readonly address: number;
}

/** What `subscribe` did: stored it, found the id running already, or refused it over a cap. */
export type SubscribeOutcome = "stored" | "duplicate" | "connection" | "address";

export interface SubscriptionRecord {
  readonly connectionId: string;
  readonly subscriptionId: string;
  readonly matchId: string;
  /** The GraphQL document, variables and operation to execute for every update. */
  readonly query: string;
  readonly variables: Record<string, unknown> | null;
  readonly operationName: string | null;
  /** The seat this subscriber sees the match as; null for a spectator. */
  readonly seat: number | null;
  /** The last version delivered to this subscriber. */
  readonly lastSent: number;
}

/**
 * A match's subscribers as the stream fan-out sees them. Once its catch-up has handed it over, a
 * subscriber the stream `follows` gets every commit from the fan-out, which is handed a match's
 * commits in order, one batch at a time: it has everything through `lastSent` and through the
 * version before the batch's first, or, while the match has a mark, through `max(lastSent,
 * deliveredThrough)`. The fan-out writes the mark only where the stream's order is not enough: a
 * batch that failed part way and will be handed over again, one that came late (see
 * `src/realtime/aws/fan-out.ts`). The others (a catch-up in progress, or one that a failed push
 * left behind) are brought up to date one by one, under a lease (see
 * `src/realtime/aws/deliver.ts`).
 */
export interface FanOutView {
  readonly subscribers: readonly (SubscriptionRecord & { readonly following: boolean })[];
  /** The match's mark; null when it has none. */
  readonly deliveredThrough: number | null;
}

/**
 * What `claimFanOut` found: the claim is this invocation's (with the mark as it stands now), or
 * the mark has reached the version already (someone delivered it), or another invocation holds
 * the match (`busy`).
 */
export type FanOutClaim =
  | { readonly outcome: "claimed"; readonly deliveredThrough: number | null }
  | { readonly outcome: "delivered"; readonly deliveredThrough: number }
  | { readonly outcome: "busy" };

const connKey = (connectionId: string) => ({ [TABLE_KEYS.partition]: `CONN#${connectionId}`, [TABLE_KEYS.sort]: "CONN" });
const subKey = (matchId: string, connectionId: string, subscriptionId: string) => ({
  [TABLE_KEYS.partition]: matchKey(matchId),
  [TABLE_KEYS.sort]: `SUB#${connectionId}#${subscriptionId}`,
});
/**
 * A connection's subscription refs are `<matchId>#<subscriptionId>`. Match ids never contain
 * `#` (a subscription is stored only for an existing match); subscription ids are the client's
 * and may, so the ref is split at its first `#`.
 */
export const splitRef = (ref: string) => {
  const cut = ref.indexOf("#");
  return { matchId: ref.slice(0, cut), subscriptionId: ref.slice(cut + 1) };
};
const addrKey = (address: string) => ({ [TABLE_KEYS.partition]: `ADDR#${address}`, [TABLE_KEYS.sort]: "ADDR" });
/** Sorts before every subscription of the match, so one query reads it with them. */
const FAN_OUT_SK = "SUB";
/** What `fanOutView` reads of its items (the mark's, and each subscription's but its keys and expiry). */
const FAN_OUT_ATTRIBUTES = [TABLE_KEYS.sort, "deliveredThrough", "connectionId", "subscriptionId", "query", "variables", "operationName", "seat", "lastSent", "following", "leaseId"] as const;
const FAN_OUT_NAMES = Object.fromEntries(FAN_OUT_ATTRIBUTES.map((name, i) => [`#a${i}`, name]));

const recordOf = (connectionId: string, item: Record<string, unknown>): ConnectionRecord => ({
  connectionId,
  initialized: item.initialized === true,
  credential:
    typeof item.tokenHash === "string"
      ? { hash: item.tokenHash, playerToken: item.playerToken === true, playerId: (item.playerId as string | undefined) ?? null }
      : null,
  subscriptions: item.subs ? [...(item.subs as Set<string>)] : [],
  address: typeof item.addr === "string" ? item.addr : null,
});

export class ConnectionStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly nowMs: () => number = Date.now,
  ) {}

  private expiresAt(): number {
    return Math.floor(this.nowMs() / 1000) + CONNECTION_TTL_SECONDS;
  }

  private live(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  /** `$connect`, from `address` (the caps' key of the client's address). An upsert: `connection_init` may have been handled first. */
  async open(connectionId: string, address?: string): Promise<void> {
    await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: connKey(connectionId),
        UpdateExpression: `SET #exp = :exp, connectedAt = if_not_exists(connectedAt, :now)${address === undefined ? "" : ", addr = :addr"}`,
        ExpressionAttributeNames: { "#exp": TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ":exp": this.expiresAt(), ":now": new Date(this.nowMs()).toISOString(), ...(address === undefined ? {} : { ":addr": address }) },
      }),
    );
  }

  /**
   * `connection_init`: marks the connection acknowledged. Returns the connection as the write
   * left it (no read: a warm container keeps it, src/realtime/aws/connection-cache.ts), or null
   * if it was acknowledged already.
   */
  async initialize(connectionId: string, credential: StoredCredential | null): Promise<ConnectionRecord | null> {
    const values = credential
      ? { ":hash": credential.hash, ":player": credential.playerToken, ...(credential.playerId !== null ? { ":id": credential.playerId } : {}) }
      : {};
    const set = credential ? `, tokenHash = :hash, playerToken = :player${credential.playerId !== null ? ", playerId = :id" : ""}` : "";
    try {
      const { Attributes } = await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: connKey(connectionId),
          UpdateExpression: `SET initialized = :yes, #exp = :exp${set}`,
          ConditionExpression: "attribute_not_exists(initialized)",
          ExpressionAttributeNames: { "#exp": TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ":yes": true, ":exp": this.expiresAt(), ...values },
          ReturnValues: "ALL_NEW",
        }),
      );
      return recordOf(connectionId, Attributes ?? {});
    } catch (error) {
      if (isConditionFailure(error)) return null;
      throw error;
    }
  }

  async get(connectionId: string): Promise<ConnectionRecord | null> {
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: connKey(connectionId), ConsistentRead: true }));
    if (!Item || (Item[TTL_ATTRIBUTE] as number) <= this.live()) return null;
    return recordOf(connectionId, Item);
  }

  /**
   * Stores a subscription: "duplicate" if this connection already has one with that id;
   * "connection" or "address" (and nothing stored) if it would pass that cap of `limits`. With a
   * lease, it is stored held by it: the caller's catch-up then owns the subscriber from the
   * first moment the fan-out can see it, until `release` hands it over to the stream.
   */
  async subscribe(
    record: SubscriptionRecord,
    lease?: { readonly id: string; readonly ms: number },
    limits?: SubscriptionLimits,
    address?: string | null,
  ): Promise<SubscribeOutcome> {
    const ref = `${record.matchId}#${record.subscriptionId}`;
    // The address's count is taken first, and given back if the connection refuses.
    const counted = limits && address ? address : null;
    if (counted !== null && !(await this.countAddress(counted, limits!.address))) return "address";
    // The id is claimed on the connection item first, atomically: API Gateway may run two
    // `subscribe` messages of one connection at the same time.
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: connKey(record.connectionId),
          UpdateExpression: "ADD subs :ref, subIds :id SET #exp = :exp",
          ConditionExpression: `NOT contains(subIds, :idValue)${limits ? " AND (attribute_not_exists(subIds) OR size(subIds) < :max)" : ""}`,
          ExpressionAttributeNames: { "#exp": TTL_ATTRIBUTE },
          ExpressionAttributeValues: {
            ":ref": new Set([ref]),
            ":id": new Set([record.subscriptionId]),
            ":idValue": record.subscriptionId,
            ":exp": this.expiresAt(),
            ...(limits ? { ":max": limits.connection } : {}),
          },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      if (counted !== null) await this.countAddress(counted, null);
      const connection = await this.get(record.connectionId);
      return connection?.subscriptions.some((s) => splitRef(s).subscriptionId === record.subscriptionId) ? "duplicate" : "connection";
    }
    await this.doc.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          ...subKey(record.matchId, record.connectionId, record.subscriptionId),
          ...record,
          [TTL_ATTRIBUTE]: this.expiresAt(),
          ...(lease ? { leaseId: lease.id, leaseUntil: this.nowMs() + lease.ms } : {}),
        },
      }),
    );
    return "stored";
  }

  /**
   * Counts one more subscription for `address` if it has fewer than `max` (false: it has not),
   * or, with `max` null, `ended` fewer (never below zero). A count nobody touched for
   * CONNECTION_TTL_SECONDS belongs to connections that are all gone: it starts again from zero.
   */
  private async countAddress(address: string, max: number | null, ended = 1): Promise<boolean> {
    const names = { "#exp": TTL_ATTRIBUTE };
    const conditional = async (send: () => Promise<unknown>): Promise<boolean> => {
      try {
        await send();
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    };
    if (max === null) {
      await conditional(() => this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: addrKey(address),
          UpdateExpression: "ADD subs :minus",
          ConditionExpression: "#exp > :now AND subs >= :ended",
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ":minus": -ended, ":now": this.live(), ":ended": ended },
        })),
      );
      return true;
    }
    const add = () =>
      conditional(() => this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: addrKey(address),
          UpdateExpression: "ADD subs :one SET #exp = :exp",
          ConditionExpression: "#exp > :now AND subs < :max",
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ":one": 1, ":exp": this.expiresAt(), ":now": this.live(), ":max": max },
        })),
      );
    if (await add()) return true;
    // None yet, or an expired one: this is the first.
    const first = await conditional(() => this.doc.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { ...addrKey(address), subs: 1, [TTL_ATTRIBUTE]: this.expiresAt() },
        ConditionExpression: "attribute_not_exists(#pk) OR #exp <= :now",
        ExpressionAttributeNames: { ...names, "#pk": TABLE_KEYS.partition },
        ExpressionAttributeValues: { ":now": this.live() },
      })),
    );
    // Another subscription may have written the first count meanwhile.
    return max > 0 && (first || (await add()));
  }

  /**
   * `complete` from the client, or the server ending a subscription. The server knows the match
   * (`matchId`), which spares reading the connection: at the end of a match every subscriber of
   * it is ended at once.
   */
  async unsubscribe(connectionId: string, subscriptionId: string, matchId?: string): Promise<void> {
    let ref = matchId === undefined ? undefined : `${matchId}#${subscriptionId}`;
    if (ref === undefined) {
      const connection = await this.get(connectionId);
      ref = connection?.subscriptions.find((s) => splitRef(s).subscriptionId === subscriptionId);
      if (!ref) return;
      matchId = splitRef(ref).matchId;
    }
    await this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: subKey(matchId!, connectionId, subscriptionId) }));
    try {
      const { Attributes } = await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: connKey(connectionId),
          UpdateExpression: "DELETE subs :ref, subIds :id",
          // Never recreate a connection that closed meanwhile; only one that held the id gives
          // its address's count back.
          ConditionExpression: "attribute_exists(#pk) AND contains(subIds, :idValue)",
          ExpressionAttributeNames: { "#pk": TABLE_KEYS.partition },
          ExpressionAttributeValues: { ":ref": new Set([ref]), ":id": new Set([subscriptionId]), ":idValue": subscriptionId },
          ReturnValues: "ALL_OLD",
        }),
      );
      if (typeof Attributes?.addr === "string") await this.countAddress(Attributes.addr, null);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  /** `$disconnect`, or a push that found the connection gone (410). */
  async close(connectionId: string): Promise<void> {
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: connKey(connectionId), ConsistentRead: true }));
    for (const ref of Item?.subs ? [...(Item.subs as Set<string>)] : []) {
      const { matchId, subscriptionId } = splitRef(ref);
      await this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: subKey(matchId, connectionId, subscriptionId) }));
    }
    await this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: connKey(connectionId) }));
    const held = Item?.subIds ? (Item.subIds as Set<string>).size : 0;
    if (typeof Item?.addr === "string" && held > 0) await this.countAddress(Item.addr, null, held);
  }

  /** Every live subscription of a match and the fan-out's progress, consistently (a new subscriber is never missed). */
  async fanOutView(matchId: string): Promise<FanOutView> {
    const subscribers: FanOutView["subscribers"][number][] = [];
    let deliveredThrough: number | null = null;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: "#pk = :pk AND begins_with(#sk, :sub)",
          FilterExpression: "#exp > :now OR attribute_exists(deliveredThrough) OR attribute_exists(claimUntil)",
          // Only what the fan-out reads: a match's subscribers are many, and every commit reads them all.
          ProjectionExpression: FAN_OUT_ATTRIBUTES.map((_, i) => `#a${i}`).join(", "),
          ExpressionAttributeNames: { "#pk": TABLE_KEYS.partition, "#sk": TABLE_KEYS.sort, "#exp": TTL_ATTRIBUTE, ...FAN_OUT_NAMES },
          ExpressionAttributeValues: { ":pk": matchKey(matchId), ":sub": FAN_OUT_SK, ":now": this.live() },
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        if (item[TABLE_KEYS.sort] === FAN_OUT_SK) {
          deliveredThrough = typeof item.deliveredThrough === "number" ? item.deliveredThrough : null;
          continue;
        }
        subscribers.push({
          connectionId: item.connectionId,
          subscriptionId: item.subscriptionId,
          matchId,
          query: item.query,
          variables: item.variables ?? null,
          operationName: item.operationName ?? null,
          seat: item.seat ?? null,
          lastSent: item.lastSent,
          following: item.following === true && item.leaseId === undefined,
        });
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return { subscribers, deliveredThrough };
  }

  /**
   * Takes the match for one fan-out invocation, for `leaseMs`, to push its followers the versions
   * through `through`: refused while another invocation holds it, or once the mark has reached
   * `through`. The first claim also writes the mark (`from`, what every follower has already), so
   * that an invocation that dies on every attempt, its batch given up, still leaves the next
   * commit a mark to bring every follower up from.
   */
  async claimFanOut(matchId: string, claimId: string, from: number, through: number, leaseMs: number): Promise<FanOutClaim> {
    const Key = { [TABLE_KEYS.partition]: matchKey(matchId), [TABLE_KEYS.sort]: FAN_OUT_SK };
    const now = this.nowMs();
    try {
      const { Attributes } = await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key,
          UpdateExpression: "SET claimId = :id, claimUntil = :until, deliveredThrough = if_not_exists(deliveredThrough, :from), #exp = :exp",
          ConditionExpression: "(attribute_not_exists(claimUntil) OR claimUntil < :now) AND (attribute_not_exists(deliveredThrough) OR deliveredThrough < :through)",
          ExpressionAttributeNames: { "#exp": TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ":id": claimId, ":until": now + leaseMs, ":now": now, ":from": from, ":through": through, ":exp": this.expiresAt() },
          ReturnValues: "ALL_NEW",
        }),
      );
      return { outcome: "claimed", deliveredThrough: (Attributes?.deliveredThrough as number | undefined) ?? null };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.tableName, Key, ConsistentRead: true }));
    const mark = Item?.deliveredThrough as number | undefined;
    // Reached, whoever holds the match now: nothing of `through` is left to push.
    if (mark !== undefined && mark >= through) return { outcome: "delivered", deliveredThrough: mark };
    return { outcome: "busy" };
  }

  /**
   * Ends this invocation's claim: every follower has the match through `through` (null: it
   * follows none now, the mark stays). A claim that ran out and was taken over changes nothing.
   */
  async finishFanOut(matchId: string, claimId: string, through: number | null): Promise<void> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { [TABLE_KEYS.partition]: matchKey(matchId), [TABLE_KEYS.sort]: FAN_OUT_SK },
          UpdateExpression: `${through === null ? "" : "SET deliveredThrough = :v "}REMOVE claimId, claimUntil`,
          ConditionExpression: "claimId = :id",
          ExpressionAttributeValues: { ":id": claimId, ...(through === null ? {} : { ":v": through }) },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  /**
   * A push to a followed subscriber failed: it stops being followed, with what it has, so that
   * the stream's retry brings it up to date on its own while the others are not sent anything
   * twice.
   */
  async fallBehind(sub: Pick<SubscriptionRecord, "matchId" | "connectionId" | "subscriptionId">, lastSent: number): Promise<void> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: subKey(sub.matchId, sub.connectionId, sub.subscriptionId),
          UpdateExpression: "SET lastSent = :last, following = :no",
          ConditionExpression: "attribute_exists(#pk)",
          ExpressionAttributeNames: { "#pk": TABLE_KEYS.partition },
          ExpressionAttributeValues: { ":last": lastSent, ":no": false },
        }),
      );
    } catch (error) {
      // The subscription ended meanwhile.
      if (!isConditionFailure(error)) throw error;
    }
  }

  /**
   * Takes the right to deliver to one subscriber for `leaseMs`, so that two deliveries (the
   * catch-up on subscribe and the fan-out bringing up a subscriber it does not follow) never
   * interleave and reorder its events. Returns
   * the last version delivered, "busy" while another delivery holds the lease, or "gone" once
   * the subscription has ended.
   */
  async claim(
    sub: Pick<SubscriptionRecord, "matchId" | "connectionId" | "subscriptionId">,
    leaseId: string,
    leaseMs: number,
  ): Promise<number | "busy" | "gone"> {
    const now = this.nowMs();
    const Key = subKey(sub.matchId, sub.connectionId, sub.subscriptionId);
    try {
      const { Attributes } = await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key,
          UpdateExpression: "SET leaseId = :id, leaseUntil = :until",
          ConditionExpression: "attribute_exists(#pk) AND #exp > :nowSeconds AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)",
          ExpressionAttributeNames: { "#pk": TABLE_KEYS.partition, "#exp": TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ":id": leaseId, ":until": now + leaseMs, ":now": now, ":nowSeconds": this.live() },
          ReturnValues: "ALL_NEW",
        }),
      );
      return Attributes?.lastSent as number;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.tableName, Key, ConsistentRead: true }));
    return Item && (Item[TTL_ATTRIBUTE] as number) > this.live() ? "busy" : "gone";
  }

  /**
   * Records what was delivered and gives the lease back; with `follow`, the subscriber is caught
   * up and handed over to the stream fan-out (`FanOutView`).
   */
  async release(sub: Pick<SubscriptionRecord, "matchId" | "connectionId" | "subscriptionId">, leaseId: string, lastSent: number, follow = false): Promise<void> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: subKey(sub.matchId, sub.connectionId, sub.subscriptionId),
          UpdateExpression: "SET lastSent = :last, following = :follow REMOVE leaseId, leaseUntil",
          ConditionExpression: "leaseId = :id",
          ExpressionAttributeValues: { ":id": leaseId, ":last": lastSent, ":follow": follow },
        }),
      );
    } catch (error) {
      // The subscription ended while delivering, or the lease ran out and another took over.
      if (!isConditionFailure(error)) throw error;
    }
  }
}
