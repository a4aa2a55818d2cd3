import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { defaultLogger, type Logger } from "../../logger.js";
import { DynamoEventStore, indexFailureLogged } from "./event-store.js";
import { DynamoMatchIndex } from "./match-index.js";
import { DynamoPlayerStore } from "./player-store.js";
import { DynamoWebhookStore } from "./webhook-store.js";

/** Everything the service keeps in the one table: match logs, players, inboxes and deadlines, webhooks. */
export const tableStores = (doc: DynamoDBDocumentClient, tableName: string, logger: Logger = defaultLogger, indexWrites: "append" | "stream" = "append") => ({
  store: new DynamoEventStore(doc, tableName, indexFailureLogged(logger), indexWrites),
  players: new DynamoPlayerStore(doc, tableName),
  index: new DynamoMatchIndex(doc, tableName),
  webhookStore: new DynamoWebhookStore(doc, tableName),
});
