import { createDynamoClients } from "../src/store/dynamo/client.js";
import { applyIndexStream, type IndexStreamRecord } from "../src/store/dynamo/index-stream.js";
import { DynamoMatchIndex } from "../src/store/dynamo/match-index.js";
import { functionConfig } from "./config.js";

/** DynamoDB Streams of the table: the inbox and deadline entries of every new commit, made certain. */
const config = functionConfig();
const index = new DynamoMatchIndex(createDynamoClients(config.dynamo).doc, config.tableName);

export const handler = (event: { Records: readonly IndexStreamRecord[] }) => applyIndexStream(index, event);
