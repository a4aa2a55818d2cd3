import { createClient, type Client } from "graphql-ws";
import { createInterface } from "node:readline";
import WebSocket from "ws";

/**
 * One client flooding the server with subscriptions, for the live suite (in a process of its own,
 * as an attacker is): `tsx bench/live-flood.ts <graphql-ws url> <match id> <connections>
 * <subscriptions per connection>` opens the connections (all from this one address) and asks
 * every subscription of the match, then prints `ready <admitted> <refused>` once each was
 * answered (its first update, or its refusal, TOO_MANY_SUBSCRIPTIONS). A line `close` on stdin
 * disposes every client and exits.
 */
const SUBSCRIPTION = `subscription($m: ID!) { matchUpdated(matchId: $m) { version event { type } } }`;
const [url, matchId, connectionsArg, perConnectionArg] = process.argv.slice(2);
const connections = Number(connectionsArg);
const perConnection = Number(perConnectionArg);

let admitted = 0;
let refused = 0;
const answered = () => {
  if (admitted + refused === connections * perConnection) process.stdout.write(`ready ${admitted} ${refused}\n`);
};
const clients: Client[] = [];
for (let c = 0; c < connections; c++) {
  const client = createClient({ url: url!, webSocketImpl: WebSocket, lazy: true, retryAttempts: 0 });
  clients.push(client);
  for (let s = 0; s < perConnection; s++) {
    let first = true;
    client.subscribe(
      { query: SUBSCRIPTION, variables: { m: matchId } },
      {
        next: () => {
          if (!first) return;
          first = false;
          admitted++;
          answered();
        },
        error: (error) => {
          const code = Array.isArray(error) ? (error[0] as { extensions?: { code?: string } })?.extensions?.code : undefined;
          if (code !== "TOO_MANY_SUBSCRIPTIONS") {
            console.error("a flood subscription failed otherwise", error);
            process.exit(1);
          }
          refused++;
          answered();
        },
        complete: () => {},
      },
    );
  }
}

createInterface({ input: process.stdin }).on("line", async (line) => {
  if (line !== "close") return;
  await Promise.all(clients.map((c) => c.dispose()));
  process.exit(0);
});
