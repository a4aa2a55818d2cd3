import type { MatchVerification } from "../match/verify-match.js";
import { verifyArchive, verifyLog } from "../match/verify-match.js";
import { parseMatchRecord } from "../interop/parse-match-record.js";
import { type MatchRecord, readRecord, RECORD_HELP } from "./read-record.js";

const USAGE = `usage: tabula verify-match <source>
Re-runs a finished match offline, for any ruleset, trusting none of the states it records: every
command must have been legal when it was played, every roll the one the revealed seed derives, every
automatic pass due, and the outcome the rules' own. Prints one line: ok, or the first event that
does not check and why. Exit status 0 when it checks, 1 when it does not, 2 for a usage error.
${RECORD_HELP}`;

function verdict(result: MatchVerification): string {
  if (!result.ok) return `FAIL: ${result.version === null ? "" : `event ${result.version} (${result.type}): `}${result.reason}`;
  const { state } = result;
  const outcome = state.outcome!;
  const ended = outcome.winningSide !== null ? `${outcome.winningSide} won` : outcome.winners.length > 0 ? `shared by seats ${outcome.winners.join(", ")}` : "no winner";
  return `ok: ${state.ruleset} match ${state.id} (rules version ${state.rulesVersion}): ${result.events} events re-run, ${result.rolls} rolls re-derived from the revealed seed, ${result.passes} automatic passes; ${ended} (${outcome.reason})`;
}

function verifyRecord(record: MatchRecord): MatchVerification {
  if (record.kind === "archive") return verifyArchive(record.archive);
  if (record.kind === "events") return verifyLog(record.events);
  const parsed = parseMatchRecord(record.text);
  return parsed.ok ? verifyLog(parsed.value, { notesRecorded: false }) : { ok: false, version: null, type: null, reason: `the match record does not read: line ${parsed.error.line}: ${parsed.error.reason}` };
}

export async function run(argv: string[]): Promise<number> {
  const [source, ...extra] = argv;
  if (source === undefined || extra.length > 0 || source === "--help" || source === "-h") {
    process.stderr.write(USAGE);
    return source === "--help" || source === "-h" ? 0 : 2;
  }
  const record = await readRecord(source);
  if (typeof record === "string") {
    process.stderr.write(`${record}\n`);
    return 2;
  }
  let result: MatchVerification;
  try {
    result = verifyRecord(record);
  } catch (error) {
    // Whatever a hand-edited file holds, the answer is a verdict.
    result = { ok: false, version: null, type: null, reason: `it cannot be re-run: ${(error as Error).message}` };
  }
  process.stdout.write(`${verdict(result)}\n`);
  return result.ok ? 0 : 1;
}
