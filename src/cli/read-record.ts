import { readFile } from "node:fs/promises";
import { ARCHIVE_FORMAT, type MatchArchive } from "../match/archive.js";
import type { MatchEvent } from "../match/events.js";
import { eventsUrl } from "./fetch-events.js";

/** What `verify-match` and `export` can read a match from: an archive, a bare log, or the match as text in its notation. */
export type MatchRecord =
  | { readonly kind: "archive"; readonly archive: MatchArchive }
  | { readonly kind: "events"; readonly events: MatchEvent[] }
  | { readonly kind: "notation"; readonly text: string };

export const RECORD_HELP = `<source>: a finished match's URL on a server (http://127.0.0.1:4000/api/matches/<id>, whose
  archive is read); or a file (- for stdin) holding its archive (GET .../archive), its log (a JSON
  array, {"events": [...]} or GraphQL's {"data": {"match": {"events": [...]}}}), or the match as text
  in its ruleset's notation (tabula export).
`;

/** The archive URL of a match, from its URL, its `/events` or its `/archive`. */
export function archiveUrl(source: string): URL {
  const url = eventsUrl({ url: source.replace(/\/archive\/?$/, "") });
  url.pathname = url.pathname.replace(/\/events$/, "/archive");
  return url;
}

async function fetchArchive(url: URL): Promise<MatchArchive> {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  const text = await response.text();
  let body: { error?: { code?: string; message?: string } };
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${url} answered ${response.status} with something that is not JSON`);
  }
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${body.error?.code ?? ""}: ${body.error?.message ?? text.slice(0, 200)}`);
  return body as unknown as MatchArchive;
}

/** A record from its text: JSON (an archive or a log), else notation. */
export function recordOf(text: string): MatchRecord | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: "notation", text };
  }
  if (Array.isArray(json)) return { kind: "events", events: json as MatchEvent[] };
  const o = json as { format?: unknown; events?: unknown; data?: { match?: { events?: unknown } } } | null;
  if (o?.format === ARCHIVE_FORMAT) return { kind: "archive", archive: json as MatchArchive };
  const events = o?.events ?? o?.data?.match?.events;
  return Array.isArray(events) ? { kind: "events", events: events as MatchEvent[] } : "it holds JSON that is neither a match archive nor a list of events";
}

/** The record a command was pointed at; a string saying why not otherwise. */
export async function readRecord(source: string): Promise<MatchRecord | string> {
  if (/^https?:\/\//i.test(source)) {
    try {
      return { kind: "archive", archive: await fetchArchive(archiveUrl(source)) };
    } catch (error) {
      return `cannot read the match from ${source}: ${(error as Error).message}`;
    }
  }
  let text: string;
  try {
    text = source === "-" ? await new Response(process.stdin as unknown as ReadableStream).text() : await readFile(source, "utf8");
  } catch (error) {
    return `cannot read ${source}: ${(error as Error).message}`;
  }
  const record = recordOf(text);
  return typeof record === "string" ? `cannot read ${source}: ${record}` : record;
}
