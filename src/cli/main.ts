/** `tabula <command>`: each command lives in its own file and is loaded only when used. */
const COMMANDS = {
  moves: () => import("./moves.js"),
  "verify-dice": () => import("./verify-dice.js"),
  selfplay: () => import("./selfplay.js"),
  "export-mat": () => import("./export-mat.js"),
  "verify-match": () => import("./verify-match.js"),
  export: () => import("./export.js"),
} as const;
type CommandName = keyof typeof COMMANDS;

const USAGE = `usage: tabula <command> [options]

commands:
  moves         list every legal backgammon play for a position and a roll
  verify-dice   re-check every dice roll of a finished match (from a server or a file of its events)
  selfplay      play seeded bot games of a ruleset to the end, checking invariants and replay
  export-mat    print a finished backgammon match as a .mat file that gnubg imports
  verify-match  re-run a finished match offline (an archive, a log or a match record), any ruleset
  export        print a finished match as text: its match record (one line a turn), or .mat for backgammon
`;

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || !(name in COMMANDS)) {
    process.stderr.write(USAGE);
    return name && name !== "--help" && name !== "-h" ? 2 : 0;
  }
  const command = await COMMANDS[name as CommandName]();
  return command.run(rest);
}
