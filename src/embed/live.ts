import { type Client, createClient } from "graphql-ws";
import { type Update, VIEW_FIELDS } from "./types.js";

export type ConnectionState = "connecting" | "live" | "reconnecting" | "offline" | "ended";

export interface LiveHandlers {
  /** Called once per version, strictly in order, from the version after the one started from. */
  readonly update: (update: Update) => void;
  readonly state: (state: ConnectionState) => void;
  readonly error: (code: string, message: string) => void;
}

const SUBSCRIPTION = `subscription ($matchId: ID!, $afterVersion: Int) { matchUpdated(matchId: $matchId, afterVersion: $afterVersion) { version event { version type at data } match { ${VIEW_FIELDS} } } }`;

/** After this many failed attempts in a row the page says "offline" (it keeps trying, more slowly). */
const OFFLINE_AFTER = 4;
const MAX_DELAY_MS = 30_000;

/** A relative WebSocket URL ("/graphql") is this page's own host, as ws:// or wss://. */
export function websocketUrl(configured: string, base: string = location.href): string {
  const url = new URL(configured, base);
  url.protocol = url.protocol === "https:" || url.protocol === "wss:" ? "wss:" : "ws:";
  return url.href;
}

/**
 * The live feed of one match over graphql-ws, resumed by hand: graphql-ws's own retry would
 * re-send the variables of the first subscribe (the version the page started from), so each
 * connection here is a new client, subscribed after the last version applied, and a drop, a gap
 * or an error tears it down and starts the next one with a growing delay. Every version is
 * handed on once: anything at or below `lastVersion` is dropped, anything beyond the next one
 * means something was missed, and the feed resumes from `lastVersion` instead.
 */
export class Live {
  private client: Client | null = null;
  private generation = 0;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private ended = false;

  constructor(
    private readonly url: string,
    private readonly matchId: string,
    private readonly token: string | null,
    private lastVersion: number,
    private readonly on: LiveHandlers,
  ) {
    window.addEventListener("online", () => {
      if (!this.ended && this.failures > 0) this.connect();
    });
    // The browser knows first that the network is gone: say so now, and resume once it is back.
    window.addEventListener("offline", () => {
      if (!this.ended) this.dropped();
    });
  }

  get version(): number {
    return this.lastVersion;
  }

  start(): void {
    this.on.state("connecting");
    this.connect();
  }

  stop(): void {
    this.ended = true;
    this.teardown();
  }

  private teardown(): void {
    this.generation++;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const client = this.client;
    this.client = null;
    if (client) void client.dispose();
  }

  private connect(): void {
    this.teardown();
    const generation = this.generation;
    const current = () => generation === this.generation;
    const client = createClient({
      url: this.url,
      // The token travels in connection_init only, as the server expects; never in the URL.
      connectionParams: this.token === null ? {} : { authorization: `Bearer ${this.token}` },
      retryAttempts: 0,
      lazy: true,
      keepAlive: 20_000,
      on: {
        connected: () => {
          if (!current()) return;
          this.failures = 0;
          this.on.state("live");
        },
        closed: () => {
          if (current()) this.dropped();
        },
      },
    });
    this.client = client;
    client.subscribe<{ matchUpdated: Update }>(
      { query: SUBSCRIPTION, variables: { matchId: this.matchId, afterVersion: this.lastVersion } },
      {
        next: (message) => {
          if (!current()) return;
          if (message.errors?.length) {
            const e = message.errors[0]!;
            const code = String((e.extensions as { code?: unknown } | undefined)?.code ?? "ERROR");
            this.on.error(code, e.message);
            this.dropped();
            return;
          }
          const update = message.data?.matchUpdated;
          if (!update || update.version <= this.lastVersion) return;
          if (update.version !== this.lastVersion + 1) {
            // A gap: resume from what was applied rather than skip a version.
            this.dropped();
            return;
          }
          this.lastVersion = update.version;
          this.on.update(update);
          if (update.event.type === "MatchFinished") {
            // The server completes the subscription after this: nothing more will come.
            this.ended = true;
            this.teardown();
            this.on.state("ended");
          }
        },
        error: (error) => {
          if (!current()) return;
          const errors = Array.isArray(error) ? (error as { message: string; extensions?: { code?: string } }[]) : null;
          if (errors?.[0]) this.on.error(String(errors[0].extensions?.code ?? "ERROR"), errors[0].message);
          this.dropped();
        },
        complete: () => {
          if (!current()) return;
          // Completed without MatchFinished (a server shutting down): resume.
          if (!this.ended) this.dropped();
        },
      },
    );
  }

  /** The connection is gone or not to be trusted: resume from lastVersion after a delay. */
  private dropped(): void {
    if (this.ended) return;
    this.teardown();
    this.failures++;
    const offline = this.failures >= OFFLINE_AFTER || (typeof navigator !== "undefined" && navigator.onLine === false);
    this.on.state(offline ? "offline" : "reconnecting");
    const delay = Math.min(MAX_DELAY_MS, 250 * 2 ** (this.failures - 1)) * (0.75 + Math.random() * 0.5);
    this.timer = setTimeout(() => this.connect(), delay);
  }
}
