import type { Json } from "../boards/drawing.js";
import type { EmbedConfig, MatchEvent, View } from "./types.js";

/** A refusal as the API words it (`{error: {code, message}}`), or a network failure. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The REST calls the page makes. The seat's token goes in the Authorization header only: never
 * in a URL, the DOM or a log line.
 */
export class ViewApi {
  private readonly base: string;
  private readonly atVersion = new Map<number, Promise<View>>();

  constructor(
    config: EmbedConfig,
    private readonly token: string | null,
  ) {
    this.base = `${config.api}/matches/${encodeURIComponent(config.matchId)}`;
  }

  get seated(): boolean {
    return this.token !== null;
  }

  private async call<T>(method: string, path: string, body?: unknown, asSeat = true): Promise<T> {
    const headers: Record<string, string> = {};
    if (asSeat && this.token !== null) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    let response: Response;
    try {
      response = await fetch(this.base + path, { method, headers, cache: "no-store", ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    } catch (error) {
      throw new ApiError("NETWORK", error instanceof Error ? error.message : String(error));
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON (a proxy's error page): reported by status below
    }
    if (!response.ok) {
      const e = (json as { error?: { code?: string; message?: string } } | null)?.error;
      throw new ApiError(e?.code ?? `HTTP_${response.status}`, e?.message ?? (text.slice(0, 200) || response.statusText));
    }
    return json as T;
  }

  /** The match now, as this seat (or a spectator) sees it. */
  current = (): Promise<View> => this.call<View>("GET", "");

  /** The match as it stood at `version`, as a spectator saw it; cached, as it never changes. */
  at(version: number): Promise<View> {
    let view = this.atVersion.get(version);
    if (!view) {
      view = this.call<View>("GET", `?version=${version}`, undefined, false);
      view.catch(() => this.atVersion.delete(version));
      this.atVersion.set(version, view);
    }
    return view;
  }

  /** One piece's legal moves (football has thousands in all). */
  movesOf = (piece: string): Promise<{ version: number; legalMoves: Json[] }> => this.call("GET", `?piece=${encodeURIComponent(piece)}&fields=version,legalMoves`);

  /** The whole log, page after page. */
  async events(): Promise<MatchEvent[]> {
    const all: MatchEvent[] = [];
    for (let after = 0; ; ) {
      const page = await this.call<{ events: MatchEvent[]; hasMore: boolean; next: number }>("GET", `/events?after=${after}`, undefined, false);
      all.push(...page.events);
      if (!page.hasMore || page.events.length === 0) return all;
      after = page.next;
    }
  }

  // The roll takes no expected version: a roll is only ever due once, and the server refuses a second.
  roll = (): Promise<View> => this.call("POST", "/dice", {});
  move = (move: Json, expectedVersion: number): Promise<View> => this.call("POST", "/moves", { move, expectedVersion });
  resign = (value: string | null): Promise<View> => this.call("POST", "/resign", value === null ? {} : { value });
  offerDraw = (): Promise<View> => this.call("POST", "/draw/offer", {});
  answer = (kind: "draw" | "resignation", accept: boolean): Promise<View> => this.call("POST", `/${kind}/${accept ? "accept" : "decline"}`, {});

  /** The ruleset's resignation values (backgammon: single, gammon, backgammon); none elsewhere. */
  async resignationValues(ruleset: string, api: string): Promise<string[]> {
    try {
      const response = await fetch(`${api}/rulesets/${encodeURIComponent(ruleset)}`);
      if (!response.ok) return [];
      const body = (await response.json()) as { resignationValues?: string[] };
      return body.resignationValues ?? [];
    } catch {
      return [];
    }
  }
}
