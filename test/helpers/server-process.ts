import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The real entry point (`npm start` runs the same file through tsx) as a child process. */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** `node --import tsx` runs main.ts in the child itself; the tsx CLI (what `npm start` runs) relays signals to a grandchild. */
const TSX_CLI = fileURLToPath(new URL("../../node_modules/tsx/dist/cli.mjs", import.meta.url));

export interface ServerProcess {
  readonly proc: ChildProcess;
  readonly url: string;
  /** The start-up line. */
  readonly line: string;
  readonly exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

/**
 * Starts `src/server/main.ts` with `args` and resolves once it prints its URL; rejects if it exits
 * first. `onSpawn` gets the process at once, so a test can kill it even if it never listens.
 */
export function startServerProcess(args: readonly string[], options: { via?: "import" | "cli"; onSpawn?: (proc: ChildProcess) => void } = {}): Promise<ServerProcess> {
  const entry = options.via === "cli" ? [TSX_CLI, "src/server/main.ts"] : ["--import", "tsx", "src/server/main.ts"];
  const proc = spawn(process.execPath, [...entry, ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "silent", PORT: "", HOST: "", DYNAMODB_ENDPOINT: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  options.onSpawn?.(proc);
  let stdout = "";
  let stderr = "";
  proc.stderr!.on("data", (chunk) => (stderr += chunk));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.once("exit", (code, signal) => resolve({ code, signal })));
  const started = new Promise<{ url: string; line: string }>((resolve, reject) => {
    proc.stdout!.on("data", (chunk) => {
      stdout += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (match) resolve({ url: match[1] as string, line: stdout.split("\n")[0] as string });
    });
    void exit.then(({ code }) => reject(new Error(`exited with ${code} before listening: ${stderr}`)));
  });
  return started.then((s) => ({ ...s, proc, exit, stderr: () => stderr }));
}
