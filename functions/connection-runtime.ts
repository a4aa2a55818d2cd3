import { ConnectionStore } from "../src/store/dynamo/connection-store.js";
import { createDynamoClients } from "../src/store/dynamo/client.js";
import { functionConfig } from "./config.js";

/** For `$connect` and `$disconnect`: only the connection registry, made once per cold start. */
const config = functionConfig();

export const connections = new ConnectionStore(createDynamoClients(config.dynamo).doc, config.tableName);
