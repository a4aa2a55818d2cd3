import { parseArgs } from "node:util";
import { DEFAULT_MAT_NAMES, exportMat } from "../interop/backgammon-mat.js";
import { readEventsFile } from "./read-events.js";

const USAGE = `usage: tabula export-mat <events.json> [--names "Alice,Bob"]
Prints a backgammon match log as a Jellyfish .mat file that gnubg imports (import mat).
<events.json>: a JSON array of events, or {"events": [...]}, or {"data": {"match": {"events": [...]}}}, or - for stdin.
--names: player 1 (seat 0) and player 2 (seat 1), default ${DEFAULT_MAT_NAMES.join(",")}.
`;

export async function run(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { names: { type: "string" } } });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  const [file] = positionals;
  if (!file || positionals.length > 1) {
    process.stderr.write(USAGE);
    return 2;
  }
  let names: [string, string] = [DEFAULT_MAT_NAMES[0], DEFAULT_MAT_NAMES[1]];
  if (values.names !== undefined) {
    const parts = values.names.split(",").map((n) => n.trim());
    if (parts.length !== 2 || parts.some((n) => n.length === 0)) {
      process.stderr.write(`--names takes two names separated by a comma, e.g. "Alice,Bob"\n${USAGE}`);
      return 2;
    }
    names = [parts[0]!, parts[1]!];
  }
  const events = await readEventsFile(file, USAGE);
  if (!events) return 2;
  let mat: string;
  try {
    mat = exportMat(events, names);
  } catch (error) {
    process.stderr.write(`cannot export ${file}: ${(error as Error).message}\n`);
    return 1;
  }
  process.stdout.write(mat);
  return 0;
}
