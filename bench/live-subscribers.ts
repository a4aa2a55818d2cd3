import { createClient, type Client } from "graphql-ws";
import { createInterface } from "node:readline";
import WebSocket from "ws";

/**
 * The live suite's subscribers, in a process of their own (as a site's viewers are): `tsx
 * bench/live-subscribers.ts <graphql-ws url> <match id> <count>` subscribes `count` clients to
 * the match and prints `ready` once each has the match's first update; then, as each version
 * reaches every client, one line `<version> <receipt times>`: each client's receipt time in ms
 * since the epoch (performance.timeOrigin + performance.now(), comparable between processes on
 * one machine). A line `close` on stdin disposes every client and exits.
 */
const SUBSCRIPTION = `subscription($m: ID!) { matchUpdated(matchId: $m) { version event { type } } }`;
const [url, matchId, countArg] = process.argv.slice(2);
const count = Number(countArg);
const now = () => performance.timeOrigin + performance.now();

const receipts = new Map<number, number[]>();
let ready = 0;
const clients: Client[] = [];
for (let i = 0; i < count; i++) {
  const client = createClient({ url: url!, webSocketImpl: WebSocket, lazy: true, retryAttempts: 0 });
  clients.push(client);
  client.subscribe(
    { query: SUBSCRIPTION, variables: { m: matchId } },
    {
      next: (result) => {
        const version = (result.data as { matchUpdated: { version: number } }).matchUpdated.version;
        if (version === 1) {
          if (++ready === count) process.stdout.write("ready\n");
          return;
        }
        const times = receipts.get(version) ?? [];
        receipts.set(version, times);
        times.push(now());
        if (times.length === count) {
          process.stdout.write(`${version} ${times.map((t) => t.toFixed(3)).join(" ")}\n`);
          receipts.delete(version);
        }
      },
      error: (error) => {
        console.error("subscription failed", error);
        process.exit(1);
      },
      complete: () => {},
    },
  );
}

createInterface({ input: process.stdin }).on("line", async (line) => {
  if (line !== "close") return;
  await Promise.all(clients.map((c) => c.dispose()));
  process.exit(0);
});
