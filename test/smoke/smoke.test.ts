import { spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RULESETS } from "../../src/engine/registry.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { deliveryProblem, main, STEPS } from "./smoke.js";

/**
 * `npm run smoke` against the local server in lambda mode: the deployed WebSocket route handlers
 * behind the local API Gateway, fed by the local stream, as CI's stand-in for a deployed stack.
 */

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await main(args, (line) => out.push(line), (line) => err.push(line));
  return { status, out: out.join("\n"), err: err.join("\n") };
}

/** A loopback port nothing listens on (taken, then given back). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("npm run smoke", () => {
  let t: TestServer;
  beforeAll(async () => void (t = await startTestServer({ gateway: "lambda" })));
  afterAll(() => t?.close());
  const ws = () => `${t.url.replace(/^http/, "ws")}/graphql`;

  it("plays every ruleset with a live watcher against the lambda gateway and prints each step's latency", async () => {
    const { status, out, err } = await run([t.url, ws(), "--commands", "4"]);
    expect(err).toBe("");
    expect(status).toBe(0);
    const rows = out.split("\n");
    expect(rows[0]!.split(/\s+/)).toEqual(["ruleset", "step", "n", "p50", "ms", "p90", "ms", "max", "ms"]);
    for (const ruleset of RULESETS) {
      const steps = rows.filter((r) => r.startsWith(`${ruleset} `)).map((r) => r.split(/\s+/));
      // create, subscribe, then a roll or a move per command and a push for each: 4 of them.
      expect(steps.map((s) => s[1])).toEqual(STEPS.filter((step) => steps.some((s) => s[1] === step)));
      expect(steps.find((s) => s[1] === "create")?.[2]).toBe("1");
      expect(steps.find((s) => s[1] === "push")?.[2]).toBe("4");
      const commands = steps.filter((s) => s[1] === "roll" || s[1] === "move").reduce((n, s) => n + Number(s[2]), 0);
      expect(commands).toBe(4);
    }
    expect(rows.at(-1)).toMatch(/^ok: 4 rulesets \(.*\), 16 commands, every version pushed once and in order/);
  });

  it("plays a match to its end by default: the watcher has every version through MatchFinished, then the subscription completes", async () => {
    const { status, out, err } = await run([t.url, ws(), "--ruleset", "golnard-estafeta"]);
    expect(err).toBe("");
    expect(status).toBe(0);
    expect(out.split("\n").filter((r) => r.startsWith("golnard-estafeta ")).map((r) => r.split(/\s+/)[1])).toEqual(["create", "subscribe", "roll", "move", "push"]);
    expect(out.split("\n").at(-1)).toMatch(/^ok: 1 ruleset \(golnard-estafeta v\d+ FINISHED\), \d+ commands, every version pushed once and in order, each finished match's subscription completed, in /);
  });

  it("fails with the reason when the API is not there, and when the WebSocket is not", async () => {
    const port = await deadPort();
    const noApi = await run([`http://127.0.0.1:${port}`, `ws://127.0.0.1:${port}/graphql`]);
    expect(noApi.status).toBe(1);
    expect(noApi.out).toBe("");
    expect(noApi.err).toBe(`smoke FAILED: backgammon: createMatch: cannot reach http://127.0.0.1:${port}/graphql: fetch failed (ECONNREFUSED)`);

    const noWs = await run([t.url, `ws://127.0.0.1:${port}/graphql`, "--commands", "1"]);
    expect(noWs.status).toBe(1);
    expect(noWs.err).toMatch(new RegExp(`^smoke FAILED: subscription to \\S+ over ws://127\\.0\\.0\\.1:${port}/graphql failed: connect ECONNREFUSED`));
  });

  it("answers bad arguments with its usage and status 2, also as the command `npm run smoke` runs", async () => {
    const cli = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(new URL("./smoke.ts", import.meta.url)), t.url], { encoding: "utf8" });
    expect(cli.status).toBe(2);
    expect(cli.stderr).toContain("give the API's URL and the WebSocket URL\nusage: npm run smoke --");
    for (const args of [[], [t.url], [ws(), t.url], [t.url, ws(), "--commands", "0"], [t.url, ws(), "--fast"], [t.url, ws(), "--ruleset", "chess"]]) {
      const { status, err } = await run(args);
      expect(status, args.join(" ")).toBe(2);
      expect(err).toContain("usage: npm run smoke -- <http(s) api url> <ws(s) url> [--commands N] [--ruleset id ...]");
    }
  });
});

describe("what the smoke's watcher must have received: the log, each version once, in order", () => {
  const log = [
    { version: 1, type: "MatchCreated" },
    { version: 2, type: "DiceRolled" },
    { version: 3, type: "MovePlayed" },
  ];
  it.each([
    ["the log itself", log, null],
    ["a repeat", [log[0]!, log[1]!, log[1]!, log[2]!], "the watcher got version 2 more than once (got 1,2,2,3)"],
    ["out of order", [log[0]!, log[2]!, log[1]!], "the watcher got version 2 after 3 (got 1,3,2)"],
    ["a gap", [log[0]!, log[2]!], "the watcher never got version 2 of the log's 3"],
    ["a version the log lacks", [...log, { version: 4, type: "TurnPassed" }], "the watcher got version 4, which the log does not have (its last is 3)"],
    ["another event", [log[0]!, { version: 2, type: "MovePlayed" }, log[2]!], "version 2 came as MovePlayed, the log has DiceRolled"],
  ])("%s", (_name, received, problem) => {
    expect(deliveryProblem(received, log)).toBe(problem);
  });
});
