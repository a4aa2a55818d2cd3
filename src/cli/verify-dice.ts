import { readFile } from "node:fs/promises";
import type { MatchEvent } from "../match/events.js";
import { verifyDice } from "../match/verify-dice.js";

const USAGE = "usage: tabula verify-dice <events.json>   (a JSON array of events, or {\"events\": [...]}, or - for stdin)\n";

/** Accepts what the API hands out: REST's `{events: [...]}`, GraphQL's `{data: {match: {events}}}` or a bare array. */
export function eventsOf(json: unknown): MatchEvent[] | null {
  if (Array.isArray(json)) return json as MatchEvent[];
  const o = json as { events?: unknown; data?: { match?: { events?: unknown } } } | null;
  const found = o?.events ?? o?.data?.match?.events;
  return Array.isArray(found) ? (found as MatchEvent[]) : null;
}

export async function run(argv: string[]): Promise<number> {
  const [file] = argv;
  if (!file || argv.length > 1) {
    process.stderr.write(USAGE);
    return 2;
  }
  let events: MatchEvent[] | null;
  try {
    const text = file === "-" ? await new Response(process.stdin as unknown as ReadableStream).text() : await readFile(file, "utf8");
    events = eventsOf(JSON.parse(text));
  } catch (error) {
    process.stderr.write(`cannot read ${file}: ${(error as Error).message}\n`);
    return 2;
  }
  if (!events) {
    process.stderr.write(`${file} holds no list of events\n${USAGE}`);
    return 2;
  }
  const result = verifyDice(events);
  if (result.ok) {
    process.stdout.write(`ok: ${result.rolls} rolls verified against the revealed seed\n`);
    return 0;
  }
  for (const problem of result.problems) process.stdout.write(`FAIL: ${problem}\n`);
  return 1;
}
