import { parseArgs } from "node:util";
import { DEFAULT_MAT_NAMES, exportMat } from "../interop/backgammon-mat.js";
import { incompleteLog } from "./complete-log.js";
import { readEvents, SOURCE_HELP, SOURCE_OPTIONS } from "./read-events.js";
import { joinStringValues } from "./string-values.js";

const USAGE = `usage: tabula export-mat <source> [--names "Alice,Bob"]
       tabula export-mat --url <server> --match <id> [--names "Alice,Bob"]
Prints a finished backgammon match as a Jellyfish .mat file that gnubg imports (import mat).
${SOURCE_HELP}--names: player 1 (seat 0) and player 2 (seat 1), default ${DEFAULT_MAT_NAMES.join(",")}.
`;

const OPTIONS = { ...SOURCE_OPTIONS, names: { type: "string" } } as const;

export async function run(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: joinStringValues(argv, OPTIONS), allowPositionals: true, options: OPTIONS });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  let names: [string, string] = [DEFAULT_MAT_NAMES[0], DEFAULT_MAT_NAMES[1]];
  if (values.names !== undefined) {
    const parts = values.names.split(",").map((n) => n.trim());
    if (parts.length !== 2 || parts.some((n) => n.length === 0)) {
      process.stderr.write(`--names takes two names separated by a comma, e.g. "Alice,Bob"\n${USAGE}`);
      return 2;
    }
    names = [parts[0]!, parts[1]!];
  }
  const events = await readEvents(positionals, values, USAGE);
  if (!events) return 2;
  // A .mat file is a whole match: a log cut short would be exported as a match that never ended.
  const incomplete = incompleteLog(events, { command: "export-mat", ruleset: "backgammon", finished: "a .mat file records whole matches" });
  if (incomplete) {
    process.stderr.write(`cannot export: ${incomplete}\n`);
    return 1;
  }
  let mat: string;
  try {
    mat = exportMat(events, names);
  } catch (error) {
    process.stderr.write(`cannot export: ${(error as Error).message}\n`);
    return 1;
  }
  process.stdout.write(mat);
  return 0;
}
