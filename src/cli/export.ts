import { parseArgs } from "node:util";
import { defaultNotation, NOTATIONS, type NotationName, writeNotation } from "../interop/match-notation.js";
import { parseMatchRecord } from "../interop/parse-match-record.js";
import type { MatchEvent } from "../match/events.js";
import { incompleteLog } from "./complete-log.js";
import { readRecord, RECORD_HELP } from "./read-record.js";

const USAGE = `usage: tabula export <source> [--format record|mat]
Prints a finished match as text: Tabula's match record (docs/records.md), one line a turn, for
every ruleset; or, for backgammon, by default, a Jellyfish .mat file that gnubg imports.
tabula verify-match reads a match record back and re-checks it.
${RECORD_HELP}`;

const OPTIONS = { format: { type: "string" } } as const;

export async function run(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 1 || (values.format !== undefined && !(NOTATIONS as readonly string[]).includes(values.format))) {
    process.stderr.write(USAGE);
    return 2;
  }
  const record = await readRecord(positionals[0]!);
  if (typeof record === "string") {
    process.stderr.write(`${record}\n`);
    return 2;
  }
  let events: readonly MatchEvent[];
  if (record.kind === "notation") {
    const read = parseMatchRecord(record.text);
    if (!read.ok) {
      process.stderr.write(`cannot export: the match record does not read: line ${read.error.line}: ${read.error.reason}\n`);
      return 1;
    }
    events = read.value;
  } else events = record.kind === "archive" ? record.archive.events : record.events;
  const incomplete = incompleteLog(events, { command: "export", finished: "a record is of a whole match, its seed revealed" });
  if (incomplete) {
    process.stderr.write(`cannot export: ${incomplete}\n`);
    return 1;
  }
  const first = events[0] as Extract<MatchEvent, { type: "MatchCreated" }>;
  const format = (values.format as NotationName | undefined) ?? defaultNotation(first.data.ruleset);
  if (format === "mat" && first.data.ruleset !== "backgammon") {
    process.stderr.write(`cannot export: .mat files hold backgammon matches, and this is a ${first.data.ruleset} match (--format record)\n`);
    return 1;
  }
  try {
    process.stdout.write(writeNotation(events, format));
  } catch (error) {
    process.stderr.write(`cannot export: ${(error as Error).message}\n`);
    return 1;
  }
  return 0;
}
