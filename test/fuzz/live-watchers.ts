import { isDeepStrictEqual } from "node:util";
import { type Client, createClient } from "graphql-ws";
import WebSocket from "ws";
import type { Finding } from "./exchange.js";
import { tooLargeVersion } from "./push-checks.js";
import { leakedSecrets } from "./secret-scan.js";
import { sseFrames } from "./sse-traffic.js";
import type { FuzzMatch, World } from "./world.js";

/**
 * Subscribers that stay connected through the whole run, one WebSocket and one SSE stream per
 * setup match: at the end each must have received exactly the final log, in order, once,
 * whatever the hostile traffic did meanwhile.
 */
interface Watcher {
  readonly via: "WebSocket" | "SSE";
  readonly match: FuzzMatch;
  readonly updates: { version: number; event: unknown; match: { status?: unknown; id?: unknown; diceSeed?: unknown } }[];
  readonly findings: Finding[];
  ended: boolean;
  close(): void;
}

const QUERY = `subscription($id: ID!) { matchUpdated(matchId: $id) { version event { version type at data } match { id status version seat diceSeed legalMoves } } }`;

function secretsIn(update: Watcher["updates"][number], watcher: Watcher, world: World): void {
  const finished = new Set(update.match?.status === "FINISHED" ? [watcher.match.id] : []);
  for (const secret of leakedSecrets(JSON.stringify(update), world, "", finished)) watcher.findings.push({ kind: "secret leaked", detail: `a ${watcher.via} watcher of ${watcher.match.id} received ${secret}` });
}

/** Stands for the event of an update that came as PAYLOAD_TOO_LARGE. */
const TOO_LARGE = Symbol("too large to post");

function watchWs(port: number, match: FuzzMatch, token: string | undefined, world: World): Watcher {
  let client: Client | undefined;
  const watcher: Watcher = { via: "WebSocket", match, updates: [], findings: [], ended: false, close: () => void client?.dispose() };
  client = createClient({ url: `ws://127.0.0.1:${port}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0, lazyCloseTimeout: 0, connectionParams: token ? { authorization: `Bearer ${token}` } : {} });
  client.subscribe(
    { query: QUERY, variables: { id: match.id } },
    {
      next: (value) => {
        const tooLarge = tooLargeVersion(value);
        // Over API Gateway's message limit (lambda mode): the update is named, not carried.
        if (tooLarge !== null) return void watcher.updates.push({ version: tooLarge, event: TOO_LARGE, match: {} });
        if (value.errors) watcher.findings.push({ kind: "live update", detail: `the WebSocket watcher of ${match.id} got errors: ${JSON.stringify(value.errors).slice(0, 200)}` });
        const update = (value.data as { matchUpdated?: Watcher["updates"][number] } | undefined)?.matchUpdated;
        if (update) {
          watcher.updates.push(update);
          secretsIn(update, watcher, world);
        }
      },
      error: (error) => {
        watcher.ended = true;
        watcher.findings.push({ kind: "live update", detail: `the WebSocket watcher of ${match.id} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}` });
      },
      complete: () => void (watcher.ended = true),
    },
  );
  return watcher;
}

/** An EventSource in miniature: reads the stream, and reconnects with Last-Event-ID when it ends early. */
function watchSse(port: number, match: FuzzMatch, world: World): Watcher {
  const abort = new AbortController();
  const watcher: Watcher = { via: "SSE", match, updates: [], findings: [], ended: false, close: () => abort.abort() };
  void (async () => {
    for (let attempt = 0; attempt < 50 && !abort.signal.aborted; attempt++) {
      const last = watcher.updates.at(-1)?.version;
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/matches/${match.id}/stream`, { headers: last ? { "last-event-id": String(last) } : {}, signal: abort.signal });
        if (response.status === 204) break;
        if (response.status !== 200 || !response.body) {
          watcher.findings.push({ kind: "live update", detail: `the SSE watcher of ${match.id} got HTTP ${response.status}` });
          break;
        }
        let buffer = "";
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += Buffer.from(chunk).toString("utf8");
          const end = buffer.lastIndexOf("\n\n");
          if (end === -1) continue;
          for (const frame of sseFrames(buffer.slice(0, end + 2))) {
            if (frame.comment || frame.data === undefined) continue;
            const update = JSON.parse(frame.data) as Watcher["updates"][number];
            watcher.updates.push(update);
            secretsIn(update, watcher, world);
          }
          buffer = buffer.slice(end + 2);
        }
        if (watcher.updates.at(-1)?.event && (watcher.updates.at(-1)!.event as { type?: string }).type === "MatchFinished") break;
      } catch (error) {
        if (abort.signal.aborted) break;
        watcher.findings.push({ kind: "live update", detail: `the SSE watcher of ${match.id} failed: ${(error as Error).message}` });
        break;
      }
    }
    watcher.ended = true;
  })();
  return watcher;
}

export class LiveWatchers {
  private readonly watchers: Watcher[] = [];

  constructor(private readonly port: number, private readonly world: World) {}

  /** A WebSocket watcher (as seat 0 every other match, else a spectator) and an SSE one. */
  watch(match: FuzzMatch, index: number): void {
    this.watchers.push(watchWs(this.port, match, index % 2 === 0 ? match.tokens?.[0] : undefined, this.world), watchSse(this.port, match, this.world));
  }

  get count(): number {
    return this.watchers.length;
  }

  /** Waits until every watcher has caught up with the final log, then compares. */
  async finish(timeoutMs: number): Promise<Finding[]> {
    const deadline = Date.now() + timeoutMs;
    const caughtUp = (w: Watcher) => (w.updates.at(-1)?.version ?? 0) >= this.world.version(w.match);
    while (Date.now() < deadline && !this.watchers.every((w) => caughtUp(w) || w.ended)) await new Promise((resolve) => setTimeout(resolve, 50));
    // Anything late would arrive now: a watcher must not receive more than the log.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const findings: Finding[] = [];
    for (const w of this.watchers) {
      w.close();
      findings.push(...w.findings);
      const log = w.match.log;
      const versions = w.updates.map((u) => u.version);
      const expected = log.map((e) => e.version);
      if (!isDeepStrictEqual(versions, expected)) {
        findings.push({ kind: "live update", detail: `the ${w.via} watcher of ${w.match.id} received versions ${summarize(versions)}; the log has ${summarize(expected)}` });
        continue;
      }
      const wrong = w.updates.findIndex((u, i) => u.event !== TOO_LARGE && !isDeepStrictEqual(u.event, log[i]));
      if (wrong !== -1) findings.push({ kind: "live update", detail: `the ${w.via} watcher of ${w.match.id} received at version ${wrong + 1} an event that is not the logged one` });
    }
    return findings;
  }
}

const summarize = (versions: readonly number[]): string => (versions.length <= 12 ? `[${versions.join(",")}]` : `[${versions.slice(0, 5).join(",")},...,${versions.slice(-5).join(",")}] (${versions.length})`);
