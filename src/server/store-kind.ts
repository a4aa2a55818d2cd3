import type { GatewayMode } from "./gateway-mode.js";

/**
 * Which store the local server keeps its matches in: `level` (default; one LevelDB written
 * directly in this process) or `dynamodb` (the DynamoDB adapters, against the embedded
 * DynamoDB-compatible store, dynalite, or DYNAMODB_ENDPOINT).
 */
export const STORE_KINDS = ["level", "dynamodb"] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

export const isStoreKind = (value: string): value is StoreKind => (STORE_KINDS as readonly string[]).includes(value);

/** Where the Level store keeps its files inside the data directory, apart from dynalite's (which fill the directory itself). */
export const LEVEL_STORE_DIR = "tabula-level";

/**
 * The store a server runs on. DYNAMODB_ENDPOINT always means DynamoDB; `--gateway=lambda` needs
 * the DynamoDB path (its stream feeder follows the embedded store's writes, and the WebSocket
 * connections live in the table), so both choose it when no store is named and refuse
 * `--store level`. Otherwise the Level store, unless told.
 */
export function chooseStore(options: { readonly store?: StoreKind | undefined; readonly dynamoEndpoint?: string | undefined; readonly gateway?: GatewayMode | undefined }): StoreKind {
  const { store, dynamoEndpoint, gateway } = options;
  if (store !== undefined && !isStoreKind(store)) throw new Error(`unknown store "${store}"; use level or dynamodb`);
  if (store === "level" && dynamoEndpoint) throw new Error("DYNAMODB_ENDPOINT always means DynamoDB: unset it to run on the Level store, or leave out --store level");
  if (store === "level" && gateway === "lambda") {
    throw new Error(
      "--gateway=lambda runs on the embedded DynamoDB store (its stream of writes feeds the Lambda fan-out, and the WebSocket connections live in its table): use --store dynamodb, or leave --store out",
    );
  }
  return store ?? (dynamoEndpoint || gateway === "lambda" ? "dynamodb" : "level");
}
