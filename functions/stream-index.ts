import { createDynamoClients } from "../src/store/dynamo/client.js";
import { applyIndexStream, type IndexStreamRecord } from "../src/store/dynamo/index-stream.js";
import { DynamoMatchIndex } from "../src/store/dynamo/match-index.js";
import { functionConfig } from "./config.js";
import { type InvocationContext, invocationLogger } from "./invocation-logger.js";

/** DynamoDB Streams of the table: the inbox and deadline entries of every new commit, made certain. */
const config = functionConfig();
const index = new DynamoMatchIndex(createDynamoClients(config.dynamo).doc, config.tableName);
const { logger, run } = invocationLogger(config.logLevel);

export const handler = (event: { Records: readonly IndexStreamRecord[] }, context?: InvocationContext) => run(context, () => applyIndexStream(index, event, logger));
