/**
 * `argv` with every string option of `options` joined to the argument after it (`--match <v>`
 * becomes `--match=<v>`), for node:util's parseArgs: it refuses a value that begins with `-` as
 * an ambiguous flag, and a match id is base64url, so about one in 64 begins with one.
 */
export function joinStringValues(argv: readonly string[], options: Readonly<Record<string, { readonly type: "string" | "boolean" }>>): string[] {
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = argv[i + 1];
    if (arg.startsWith("--") && options[arg.slice(2)]?.type === "string" && value !== undefined) {
      joined.push(`${arg}=${value}`);
      i++;
    } else joined.push(arg);
  }
  return joined;
}
