import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

/** The real entry point (`npm start` runs the same file through tsx) as a child process. */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
let child: ChildProcess | undefined;
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  child = undefined;
});

/** `node --import tsx` runs main.ts in this process; the tsx CLI (what `npm start` runs) relays signals to a child. */
const TSX_CLI = fileURLToPath(new URL("../../node_modules/tsx/dist/cli.mjs", import.meta.url));

function start(args: string[], via: "import" | "cli" = "import"): Promise<{ url: string; line: string; exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>; stderr: () => string }> {
  const entry = via === "cli" ? [TSX_CLI, "src/server/main.ts"] : ["--import", "tsx", "src/server/main.ts"];
  const proc = spawn(process.execPath, [...entry, ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "silent", PORT: "", HOST: "", DYNAMODB_ENDPOINT: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child = proc;
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
  return started.then((s) => ({ ...s, exit, stderr: () => stderr }));
}

describe("src/server/main.ts", () => {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    it(`prints its URLs, answers /healthz and exits 0 on ${signal}`, async () => {
      const server = await start(["--memory", "--port", "0"]);
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.line).toContain(`${server.url}/graphql`);
      expect(server.line).toContain("in memory");
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ ok: true });
      const created = await fetch(`${server.url}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"ruleset":"backgammon"}' });
      expect(created.status).toBe(201);

      child!.kill(signal);
      expect(await server.exit).toEqual({ code: 0, signal: null });
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    }, 30_000);
  }

  it("exits 0 on SIGINT when run through the tsx CLI, as `npm start` does", async () => {
    const server = await start(["--memory", "--port", "0"], "cli");
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    child!.kill("SIGINT");
    expect(await server.exit).toEqual({ code: 0, signal: null });
  }, 30_000);

  it("refuses unknown flags with exit code 2 and usage", async () => {
    await expect(start(["--nope"])).rejects.toThrow(/exited with 2/);
  });
});
