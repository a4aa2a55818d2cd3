import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/**
 * A client that declares a body and goes away before sending it is no error of the server's:
 * anyone can do it, so it must not fill the log with errors and stack traces, and nothing is
 * written to its dead socket.
 */
describe("a request body cut short by the client", () => {
  const lines: Record<string, any>[] = [];
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ logger: createLogger("info", (line) => lines.push(JSON.parse(line))) });
  });
  afterAll(async () => t?.close());

  /** Sends `head` and `partial`, then ends (or resets) the socket; resolves with what came back once it is closed. */
  const cutShort = (partial: string, how: "end" | "reset") =>
    new Promise<string>((resolve, reject) => {
      const { port, hostname } = new URL(t.url);
      let received = "";
      const socket = connect(Number(port), hostname, () => {
        socket.write(`POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n${partial}`, () => {
          if (how === "end") socket.end();
          else setTimeout(() => socket.resetAndDestroy(), 20);
        });
      });
      socket.on("data", (chunk) => void (received += String(chunk)));
      socket.on("error", (error) => (how === "reset" ? undefined : reject(error)));
      socket.on("close", () => resolve(received));
    });

  it("is logged once at info (aborted, no status, no stack), answered nothing, and the server stays healthy", async () => {
    const before = lines.length;
    // A half-closed socket: the server could still write; it must not (there is nobody to answer).
    expect(await cutShort("{\"", "end")).toBe("");
    await cutShort("{\"rule", "reset");
    // Both lines are written once node has seen each socket go.
    await expect.poll(() => lines.slice(before).filter((l) => l.aborted === true).length).toBe(2);
    const mine = lines.slice(before).filter((l) => l.path === "/api/matches");
    expect(mine).toHaveLength(2);
    for (const line of mine) {
      expect(line).toEqual(expect.objectContaining({ level: "info", method: "POST", path: "/api/matches", status: null, aborted: true, operation: "createMatch" }));
      expect(line).not.toHaveProperty("err");
      expect(line.msg).toBe("POST /api/matches client went away");
    }
    expect(lines.slice(before).filter((l) => l.level === "error" || l.level === "warn")).toEqual([]);
    const health = await fetch(`${t.url}/healthz`);
    expect(health.status).toBe(200);
    const created = await t.rest("POST", "/api/matches", { json: { ruleset: "backgammon" } });
    expect(created.status, created.raw).toBe(201);
  });
});
