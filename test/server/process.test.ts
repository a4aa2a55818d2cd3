import type { ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { startServerProcess } from "../helpers/server-process.js";

let child: ChildProcess | undefined;
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  child = undefined;
});

const start = (args: string[], via: "import" | "cli" = "import") => startServerProcess(args, { via, onSpawn: (proc) => (child = proc) });

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

  it("names its store: the Level store by default, dynalite with --store dynamodb; --store level cannot serve --gateway=lambda", async () => {
    expect((await start(["--memory", "--port", "0"])).line).toContain("Level store in memory");
    child!.kill("SIGKILL");
    const dynalite = await start(["--memory", "--port", "0", "--store", "dynamodb"]);
    expect(dynalite.line).toContain("embedded DynamoDB store (dynalite) in memory");
    expect((await fetch(`${dynalite.url}/healthz`)).status).toBe(200);
    child!.kill("SIGKILL");
    await expect(start(["--memory", "--port", "0", "--store", "level", "--gateway", "lambda"])).rejects.toThrow(/exited with 2.*--gateway=lambda runs on the embedded DynamoDB store/s);
  }, 30_000);
});
