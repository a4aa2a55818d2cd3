import { mkdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import dynalite from "dynalite";

/** An item the store has just written, in DynamoDB's wire format (what a stream's NewImage holds). */
export interface StoredItem {
  readonly tableName: string;
  readonly item: Record<string, AttributeValue>;
}

export interface EmbeddedStore {
  readonly endpoint: string;
  /** Observes every successful PutItem, after the store has acknowledged it. */
  onPut(listener: (written: StoredItem) => void): () => void;
  close(): Promise<void>;
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Runs dynalite (the DynamoDB API on LevelDB) inside this process on a loopback port, so the
 * local server and the tests speak the real DynamoDB wire protocol through the real AWS SDK.
 * `path` keeps the data on disk; without it everything lives in memory.
 *
 * dynalite has no streams. Real DynamoDB Streams are produced by the store itself, after a write
 * is durable and whatever happens to the writer afterwards; to keep that property locally, the
 * writes are observed here, at the store's own HTTP boundary, not in the process that wrote them.
 */
export async function startEmbeddedStore(options: { path?: string | undefined; port?: number } = {}): Promise<EmbeddedStore> {
  if (options.path) mkdirSync(options.path, { recursive: true });
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0, ...(options.path ? { path: options.path } : {}) });
  const listeners = new Set<(written: StoredItem) => void>();

  const [handler] = server.listeners("request") as RequestListener[];
  if (!handler) throw new Error("dynalite registered no request handler");
  server.removeAllListeners("request");
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const isPut = String(req.headers["x-amz-target"] ?? "").endsWith(".PutItem");
    if (isPut && listeners.size > 0) {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("finish", () => {
        if (res.statusCode !== 200) return;
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { TableName: string; Item: Record<string, AttributeValue> };
        for (const listener of listeners) listener({ tableName: body.TableName, item: body.Item });
      });
    }
    handler(req, res);
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    onPut(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
