import { createInterface } from "node:readline";
import { playsFromPositionId } from "../engine/backgammon/id-plays.js";

const USAGE = `usage: tabula moves --position-id <gnubg Position ID> --dice <a-b>
       tabula moves < lines

With --position-id and --dice: prints every legal play, one per distinct resulting position,
as "<notation><TAB><Position ID after the play, opponent on roll>".
Without arguments: reads JSON lines {"positionId": "...", "dice": [6, 5]} from stdin and writes
one JSON line per input: {"plays": [{"notation": "...", "positionId": "..."}]} or {"error": "..."}.
The input ID is seen by the player on roll, as gnubg shows it.
`;

class UsageError extends Error {}

function parseDiceText(text: string): number[] {
  const m = /^([1-6])\s*[-,/ ]?\s*([1-6])$/.exec(text.trim());
  if (!m) throw new UsageError(`--dice: expected two dice like 6-5, got "${text}"`);
  return [Number(m[1]), Number(m[2])];
}

function parseArgs(argv: readonly string[]): { positionId: string; dice: number[] } | "help" | null {
  if (argv.length === 0) return null;
  let positionId: string | undefined;
  let dice: number[] | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (flag === "--help" || flag === "-h") return "help";
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    if (flag === "--position-id") positionId = value();
    else if (flag === "--dice") dice = parseDiceText(value());
    else throw new UsageError(`unknown argument "${arg}"`);
  }
  if (positionId === undefined || dice === undefined) throw new UsageError("give both --position-id and --dice, or neither");
  return { positionId, dice };
}

/** One stdin line to one output line; never throws, so one bad line cannot stop the stream. */
function answerLine(line: string): string {
  let input: unknown;
  try {
    input = JSON.parse(line);
  } catch {
    return JSON.stringify({ error: "not valid JSON" });
  }
  if (typeof input !== "object" || input === null) return JSON.stringify({ error: "expected a JSON object" });
  const { positionId, dice } = input as { positionId?: unknown; dice?: unknown };
  if (typeof positionId !== "string") return JSON.stringify({ error: "positionId must be a string" });
  let diceList: unknown = dice;
  if (typeof dice === "string") {
    try {
      diceList = parseDiceText(dice);
    } catch (e) {
      return JSON.stringify({ error: (e as Error).message });
    }
  }
  if (!Array.isArray(diceList)) return JSON.stringify({ error: "dice must be an array of two dice" });
  const result = playsFromPositionId(positionId, diceList as number[]);
  return JSON.stringify(result.ok ? { plays: result.value } : { error: result.error.message });
}

async function streamLines(): Promise<void> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let pending: string[] = [];
  const flush = async (): Promise<void> => {
    if (pending.length === 0) return;
    const chunk = pending.join("");
    pending = [];
    if (!process.stdout.write(chunk)) await new Promise((resolve) => process.stdout.once("drain", resolve));
  };
  for await (const line of lines) {
    if (line.trim() === "") continue;
    pending.push(`${answerLine(line)}\n`);
    if (pending.length >= 256) await flush();
  }
  await flush();
}

export async function run(argv: string[]): Promise<number> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`tabula moves: ${e.message}\n${USAGE}`);
    return 2;
  }
  if (args === "help") {
    process.stdout.write(USAGE);
    return 0;
  }
  if (args === null) {
    await streamLines();
    return 0;
  }
  const result = playsFromPositionId(args.positionId, args.dice);
  if (!result.ok) {
    process.stderr.write(`tabula moves: ${result.error.message}\n`);
    return 2;
  }
  process.stdout.write(result.value.map((p) => `${p.notation}\t${p.positionId}\n`).join(""));
  return 0;
}
