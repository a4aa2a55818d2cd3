import { readFile } from "node:fs/promises";
import type { MatchEvent } from "../match/events.js";

/** Accepts what the API hands out: REST's `{events: [...]}`, GraphQL's `{data: {match: {events}}}` or a bare array. */
export function eventsOf(json: unknown): MatchEvent[] | null {
  if (Array.isArray(json)) return json as MatchEvent[];
  const o = json as { events?: unknown; data?: { match?: { events?: unknown } } } | null;
  const found = o?.events ?? o?.data?.match?.events;
  return Array.isArray(found) ? (found as MatchEvent[]) : null;
}

/** The events of a match log file (`-` = stdin); null after telling stderr why not, with `usage`. */
export async function readEventsFile(file: string, usage: string): Promise<MatchEvent[] | null> {
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
