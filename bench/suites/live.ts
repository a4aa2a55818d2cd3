import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { createLogger } from "../../src/api/logger.js";
import { startServer } from "../../src/server/app.js";
import { type Measurement, percentile, type Suite } from "../report.js";

type Mode = "direct" | "lambda";
const SUBSCRIPTION = `subscription($m: ID!) { matchUpdated(matchId: $m) { version event { type } } }`;

/**
 * Commit-to-client latency: from the moment the store acknowledged a commit (observed at the
 * embedded store's boundary, where the stream records come from) to the moment a subscribed
 * WebSocket client has the event, for one and for 500 subscribers of one match, in both local
 * modes. Baselines in the same run: one subscriber for 500, and direct mode for lambda mode.
 */
async function measure(mode: Mode, subscribers: number, moves: number): Promise<number[]> {
  const server = await startServer({ port: 0, memory: true, gateway: mode, logger: createLogger("silent") });
  const commitAt = new Map<number, number>();
  const stop = server.embedded!.onPut(({ item }) => {
    const events = item.events?.S;
    if (!events) return;
    const at = performance.now();
    for (const e of JSON.parse(events) as { version: number }[]) commitAt.set(e.version, at);
  });
  const post = async (path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body ?? {}),
    });
    const json = (await response.json()) as any;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const created = await post("/api/matches", undefined, { ruleset: "backgammon" });
  const id: string = created.match.id;
  const tokens: string[] = created.seats.map((s: { token: string }) => s.token);

  const latencies: number[] = [];
  const clients: Client[] = [];
  let lastVersion = 1;
  const caughtUp: Promise<void>[] = [];
  for (let i = 0; i < subscribers; i++) {
    const client = createClient({ url: `${server.url.replace("http", "ws")}/graphql`, webSocketImpl: WebSocket, lazy: true, retryAttempts: 0 });
    clients.push(client);

    let resolveFirst: () => void;
    caughtUp.push(new Promise<void>((r) => (resolveFirst = r)));
    client.subscribe(
      { query: SUBSCRIPTION, variables: { m: id } },
      {
        next: (result: any) => {
          const version: number = result.data.matchUpdated.version;

          if (version === 1) resolveFirst();
          const at = commitAt.get(version);
          if (version > 1 && at !== undefined) latencies.push(performance.now() - at);
        },
        error: () => {},
        complete: () => {},
      },
    );
  }
  await Promise.all(caughtUp);

  let view = created.match;
  for (let played = 0; played < moves && view.status !== "FINISHED"; ) {
    const actor = view.toMove ?? 0;
    // A command answers with the caller's view; the next actor may be the other seat.
    if (view.seat !== actor) view = await (await fetch(`${server.url}/api/matches/${id}`, { headers: { authorization: `Bearer ${tokens[actor]}` } })).json();
    const before = latencies.length;
    view = view.legalMoves.length > 0 ? await post(`/api/matches/${id}/moves`, tokens[actor], { move: view.legalMoves[0] }) : await post(`/api/matches/${id}/dice`, tokens[actor]);
    if (view.legalMoves.length === 0 || view.toMove !== actor) played++;
    // Wait until every subscriber has the new events before the next command, so that the
    // latency of one commit is not inflated by the queue of the next.
    const expected = (view.version - lastVersion) * subscribers;
    lastVersion = view.version;
    for (let i = 0; i < 2000 && latencies.length - before < expected; i++) await new Promise((r) => setTimeout(r, 2));
  }
  stop();
  await Promise.all(clients.map((c) => c.dispose()));
  await server.close();
  return latencies.sort((a, b) => a - b);
}

export const suite: Suite = {
  name: "live updates: commit-to-client latency (local server)",
  async run() {
    const results: Measurement[] = [];
    const p = (xs: number[], q: number) => percentile(xs, q);
    const runs: Record<string, number[]> = {};
    for (const mode of ["direct", "lambda"] as const) {
      runs[`${mode}-1`] = await measure(mode, 1, 60);
      runs[`${mode}-500`] = await measure(mode, 500, 12);
    }
    for (const mode of ["direct", "lambda"] as const) {
      for (const q of [50, 99]) {
        results.push({
          name: `${mode}, 1 subscriber, p${q}`,
          unit: "ms",
          value: p(runs[`${mode}-1`]!, q),
          better: "lower",
          ...(mode === "lambda" ? { baseline: "direct, 1 subscriber", baselineValue: p(runs["direct-1"]!, q) } : {}),
        });
        results.push({
          name: `${mode}, 500 subscribers, p${q} (${runs[`${mode}-500`]!.length} deliveries)`,
          unit: "ms",
          value: p(runs[`${mode}-500`]!, q),
          better: "lower",
          baseline: `${mode}, 1 subscriber`,
          baselineValue: p(runs[`${mode}-1`]!, q),
        });
      }
    }
    return results;
  },
};
