import { readFile } from "node:fs/promises";
import type { MatchEvent } from "../match/events.js";
import { eventsUrl, fetchEvents } from "./fetch-events.js";

/** Where a command may read a match log from; used in every such command's usage. */
export const SOURCE_HELP = `<source>: a match's URL on a server (http://127.0.0.1:4000/api/matches/<id>), read page after page;
  or --url <server> --match <id>; or a file of events: a JSON array, {"events": [...]} (REST),
  {"data": {"match": {"events": [...]}}} (GraphQL), or - for stdin.
`;

/** The flags of a log source, for parseArgs. */
export const SOURCE_OPTIONS = { url: { type: "string" }, match: { type: "string" } } as const;

/** Accepts what the API hands out: REST's `{events: [...]}`, GraphQL's `{data: {match: {events}}}` or a bare array. */
function eventsOf(json: unknown): MatchEvent[] | null {
  if (Array.isArray(json)) return json as MatchEvent[];
  const o = json as { events?: unknown; data?: { match?: { events?: unknown } } } | null;
  const found = o?.events ?? o?.data?.match?.events;
  return Array.isArray(found) ? (found as MatchEvent[]) : null;
}

/**
 * The events of the log a command was pointed at (one positional, or --url and --match); null
 * after telling stderr why not, with `usage`.
 */
export async function readEvents(positionals: readonly string[], values: { url?: string | undefined; match?: string | undefined }, usage: string): Promise<MatchEvent[] | null> {
  const [source, ...extra] = positionals;
  const byFlags = values.url !== undefined || values.match !== undefined;
  if (extra.length > 0 || (byFlags ? source !== undefined || values.url === undefined || values.match === undefined : source === undefined)) {
    process.stderr.write(usage);
    return null;
  }
  if (byFlags || /^https?:\/\//i.test(source!)) {
    const from = byFlags ? { url: values.url!, match: values.match } : { url: source! };
    try {
      return await fetchEvents(eventsUrl(from));
    } catch (error) {
      process.stderr.write(`cannot read the match from ${from.url}: ${(error as Error).message}\n`);
      return null;
    }
  }
  return readEventsFile(source!, usage);
}

/** The events of a match log file (`-` = stdin); null after telling stderr why not, with `usage`. */
async function readEventsFile(file: string, usage: string): Promise<MatchEvent[] | null> {
  let events: MatchEvent[] | null;
  try {
    const text = file === "-" ? await new Response(process.stdin as unknown as ReadableStream).text() : await readFile(file, "utf8");
    events = eventsOf(JSON.parse(text));
  } catch (error) {
    process.stderr.write(`cannot read ${file}: ${(error as Error).message}\n`);
    return null;
  }
  if (!events) process.stderr.write(`${file} holds no list of events\n${usage}`);
  return events;
}
