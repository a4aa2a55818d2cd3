import { type DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionFailure } from "./condition-failure.js";
import type { PlayerRecord, PlayerStore } from "../player-store.js";
import { PROFILE_SORT, playerKey, TABLE_KEYS } from "./table.js";

/** `PK=PLAYER#<id>, SK=PROFILE`, written once. */
export class DynamoPlayerStore implements PlayerStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async create(player: PlayerRecord): Promise<boolean> {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { [TABLE_KEYS.partition]: playerKey(player.id), [TABLE_KEYS.sort]: PROFILE_SORT, ...player },
          ConditionExpression: "attribute_not_exists(#pk)",
          ExpressionAttributeNames: { "#pk": TABLE_KEYS.partition },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async get(playerId: string): Promise<PlayerRecord | null> {
    const { Item } = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: { [TABLE_KEYS.partition]: playerKey(playerId), [TABLE_KEYS.sort]: PROFILE_SORT }, ConsistentRead: true }),
    );
    return Item ? playerOfItem(Item) : null;
  }
}

/** The player a stored item holds (as the document client reads it), or null for another item. */
export function playerOfItem(item: Record<string, unknown>): PlayerRecord | null {
  if (!String(item[TABLE_KEYS.partition]).startsWith("PLAYER#") || item[TABLE_KEYS.sort] !== PROFILE_SORT) return null;
  return { id: item.id as string, name: item.name as string, tokenHash: item.tokenHash as string, createdAt: item.createdAt as string };
}
