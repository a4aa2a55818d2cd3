import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { sendCorked } from "../../src/server/corked-send.js";

let http: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (http ? http.close(resolve) : resolve(undefined)));
  http = undefined;
});

/** A WebSocket server whose first connection gets `onConnection`, and a client that collects what it is sent. */
async function connected(onConnection: (ws: WebSocket, tcp: Socket) => void): Promise<{ received: string[]; client: WebSocket }> {
  http = createServer();
  const wss = new WebSocketServer({ server: http });
  wss.on("connection", (ws, request) => onConnection(ws, request.socket));
  await new Promise<void>((resolve) => http!.listen(0, "127.0.0.1", resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(http.address() as AddressInfo).port}`);
  const received: string[] = [];
  client.on("message", (data) => received.push(String(data)));
  await new Promise((resolve) => client.once("open", resolve));
  return { received, client };
}

/** Counts the writes the TCP socket hands to the operating system (net.Socket's _write and _writev). */
function countWrites(tcp: Socket): { writes: number } {
  const count = { writes: 0 };
  const socket = tcp as Socket & { _write: (...a: unknown[]) => void; _writev: (...a: unknown[]) => void };
  for (const method of ["_write", "_writev"] as const) {
    const original = socket[method].bind(socket);
    socket[method] = (...args: unknown[]) => (count.writes++, original(...args));
  }
  return count;
}

describe("sending graphql-ws messages on a corked socket", () => {
  it("sends the messages of one turn of the event loop in one write, in order", async () => {
    let count: { writes: number } | undefined;
    const { received, client } = await connected((ws, tcp) => {
      count = countWrites(tcp);
      void sendCorked(ws, tcp, '{"type":"next","id":"1","payload":{}}');
      void sendCorked(ws, tcp, '{"type":"complete","id":"1"}');
    });
    for (let i = 0; i < 100 && received.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(received).toEqual(['{"type":"next","id":"1","payload":{}}', '{"type":"complete","id":"1"}']);
    expect(count!.writes).toBe(1);
    client.close();
  });

  it("resolves at once for a client that keeps up, and only once written for one that has 64 KiB waiting", async () => {
    const outcomes: string[] = [];
    const { client } = await connected((ws, tcp) => {
      void sendCorked(ws, tcp, "small").then(() => outcomes.push("small"));
      void sendCorked(ws, tcp, "x".repeat(70 * 1024)).then(() => outcomes.push("large"));
      // Checked in the same turn: the socket is still corked, nothing is written yet.
      void Promise.resolve().then(() => outcomes.push("turn"));
    });
    for (let i = 0; i < 100 && outcomes.length < 3; i++) await new Promise((r) => setTimeout(r, 10));
    expect(outcomes).toEqual(["small", "turn", "large"]);
    client.close();
  });
});
