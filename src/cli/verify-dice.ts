import { verifyDice } from "../match/verify-dice.js";
import { readEventsFile } from "./read-events.js";

const USAGE = "usage: tabula verify-dice <events.json>   (a JSON array of events, or {\"events\": [...]}, or - for stdin)\n";

export async function run(argv: string[]): Promise<number> {
  const [file] = argv;
  if (!file || argv.length > 1) {
    process.stderr.write(USAGE);
    return 2;
  }
  const events = await readEventsFile(file, USAGE);
  if (!events) return 2;
  const result = verifyDice(events);
  if (result.ok) {
    process.stdout.write(`ok: ${result.rolls} rolls verified against the revealed seed\n`);
    return 0;
  }
  for (const problem of result.problems) process.stdout.write(`FAIL: ${problem}\n`);
  return 1;
}
