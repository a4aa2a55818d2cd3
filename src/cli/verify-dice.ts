import { parseArgs } from "node:util";
import { verifyDice } from "../match/verify-dice.js";
import { incompleteLog } from "./complete-log.js";
import { readEvents, SOURCE_HELP, SOURCE_OPTIONS } from "./read-events.js";
import { joinStringValues } from "./string-values.js";

const USAGE = `usage: tabula verify-dice <source>
       tabula verify-dice --url <server> --match <id>
Re-checks every dice roll of a finished match against the seed its end revealed.
${SOURCE_HELP}`;

export async function run(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: joinStringValues(argv, SOURCE_OPTIONS), allowPositionals: true, options: SOURCE_OPTIONS });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const events = await readEvents(parsed.positionals, parsed.values, USAGE);
  if (!events) return 2;
  const incomplete = incompleteLog(events, { command: "verify-dice", finished: "the dice seed is revealed only at the end" });
  if (incomplete) {
    process.stderr.write(`cannot verify: ${incomplete}\n`);
    return 1;
  }
  const result = verifyDice(events);
  if (result.ok) {
    process.stdout.write(`ok: ${result.rolls} rolls verified against the revealed seed\n`);
    return 0;
  }
  for (const problem of result.problems) process.stdout.write(`FAIL: ${problem}\n`);
  return 1;
}
