import { mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import dynalite from "dynalite";

export interface EmbeddedStore {
  readonly endpoint: string;
  close(): Promise<void>;
}

/**
 * Runs dynalite (the DynamoDB API on LevelDB) inside this process on a loopback port, so the
 * local server and the tests speak real DynamoDB wire protocol through the real AWS SDK.
 * `path` keeps the data on disk; without it everything lives in memory.
 */
export async function startEmbeddedStore(options: { path?: string | undefined; port?: number } = {}): Promise<EmbeddedStore> {
  if (options.path) mkdirSync(options.path, { recursive: true });
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0, ...(options.path ? { path: options.path } : {}) });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
