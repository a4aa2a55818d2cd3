import type { MatchEvent } from "../match/events.js";

/**
 * The events URL of a match, from what a user would paste: the match's URL
 * (`http://127.0.0.1:4000/api/matches/<id>`, or its `/events`), or a server and an id.
 */
export function eventsUrl(source: { url: string; match?: string | undefined }): URL {
  const url = new URL(source.url);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`${source.url} is not an http(s) URL`);
  url.search = "";
  url.hash = "";
  if (source.match !== undefined) {
    url.pathname = `${url.pathname.replace(/\/+$/, "")}/api/matches/${encodeURIComponent(source.match)}/events`;
    return url;
  }
  const path = url.pathname.replace(/\/+$/, "");
  if (!/\/api\/matches\/[^/]+(\/events)?$/.test(path)) throw new Error(`${source.url} is not a match's URL (…/api/matches/<id>); or give --url <server> --match <id>`);
  url.pathname = path.endsWith("/events") ? path : `${path}/events`;
  return url;
}

/**
 * Every event of a match, page after page: each page says whether more follow (`hasMore`) and
 * where the next starts (`next`). `limit` is the page size asked for (the server's maximum by
 * default). Throws with the server's own code and message when it refuses.
 */
export async function fetchEvents(url: URL, options: { limit?: number } = {}): Promise<MatchEvent[]> {
  const events: MatchEvent[] = [];
  for (let after = 0; ; ) {
    const page = new URL(url);
    page.searchParams.set("after", String(after));
    if (options.limit !== undefined) page.searchParams.set("limit", String(options.limit));
    const response = await fetch(page, { headers: { accept: "application/json" } });
    const text = await response.text();
    let body: { events?: unknown; hasMore?: unknown; next?: unknown; error?: { code?: string; message?: string } };
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${page} answered ${response.status} with something that is not JSON`);
    }
    if (!response.ok) throw new Error(`${page} answered ${response.status} ${body.error?.code ?? ""}: ${body.error?.message ?? text.slice(0, 200)}`);
    if (!Array.isArray(body.events)) throw new Error(`${page} answered no list of events`);
    events.push(...(body.events as MatchEvent[]));
    if (body.hasMore !== true) return events;
    if (typeof body.next !== "number" || body.next <= after) throw new Error(`${page} says more events follow but gives no next page after ${after}`);
    after = body.next;
  }
}
