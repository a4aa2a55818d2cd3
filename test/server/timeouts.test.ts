import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HTTP_TIMEOUTS } from "../../src/server/app.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/** The local server does not leave a slow or idle client a connection for minutes (docs/api.md). */
let t: TestServer;
beforeAll(async () => void (t = await startTestServer()));
afterAll(() => t?.close());

/** A raw connection: what it received and when the server closed it. */
function rawClient(first: string) {
  const { port, hostname } = new URL(t.url);
  const socket = connect(Number(port), hostname, () => socket.write(first));
  let received = "";
  socket.on("data", (chunk) => void (received += String(chunk)));
  const closed = new Promise<string>((resolve) => socket.on("close", () => resolve(received)));
  return { socket, closed };
}

describe("HTTP timeouts", () => {
  it("are set explicitly: 10 s for the headers, 30 s for the whole request, 5 s idle between requests", () => {
    const { httpServer } = t.server;
    expect({ headersTimeout: httpServer.headersTimeout, requestTimeout: httpServer.requestTimeout, keepAliveTimeout: httpServer.keepAliveTimeout }).toEqual({
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      keepAliveTimeout: 5_000,
    });
    expect(HTTP_TIMEOUTS.connectionsCheckingInterval).toBeLessThanOrEqual(1_000);
  });

  it("answer a client that never finishes its headers with 408 and close it; close an idle keep-alive connection", async () => {
    const slow = rawClient("GET /healthz HTTP/1.1\r\nHost: x\r\n");
    const idle = rawClient("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(await slow.closed).toMatch(/^HTTP\/1\.1 408 /);
    expect(await idle.closed).toMatch(/^HTTP\/1\.1 200 [\s\S]*\{"ok":true\}$/);
  }, 20_000);
});
