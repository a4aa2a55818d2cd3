export async function run(_argv: string[]): Promise<number> { process.stdout.write("moves\n"); return 0; }
