import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createViaRest } from "../helpers/matches.js";
import type { TestServer } from "../helpers/server.js";
import { rawSocket, startLiveServer, UPDATE_QUERY } from "./support.js";

/** In direct mode graphql-ws itself enforces the protocol by closing the socket with a code (docs/api.md). */
let t: TestServer;
beforeAll(async () => void (t = await startLiveServer("direct")));
afterAll(() => t?.close());

const closeCode = (s: Awaited<ReturnType<typeof rawSocket>>) => new Promise<number>((resolve) => s.socket.once("close", (code) => resolve(code)));

describe("protocol errors in direct mode", () => {
  it("closes with 4400 (bad message), 4401 (subscribe before ack), 4409 (duplicate id), 4403 (bad authorization); answers ping", async () => {
    const created = await createViaRest(t);
    const subscribe = (id: string) => ({ type: "subscribe", id, payload: { query: UPDATE_QUERY, variables: { id: created.match.id } } });

    const bad = await rawSocket(t);
    const badClosed = closeCode(bad);
    bad.sendText("not json");
    expect(await badClosed).toBe(4400);

    const early = await rawSocket(t);
    const earlyClosed = closeCode(early);
    early.send(subscribe("1"));
    expect(await earlyClosed).toBe(4401);

    const dup = await rawSocket(t);
    dup.send({ type: "connection_init" });
    expect(await dup.next()).toEqual({ type: "connection_ack" });
    dup.send({ type: "ping" });
    expect(await dup.next()).toEqual({ type: "pong" });
    dup.send(subscribe("1"));
    expect(await dup.next()).toMatchObject({ type: "next", id: "1" });
    const dupClosed = closeCode(dup);
    dup.send(subscribe("1"));
    expect(await dupClosed).toBe(4409);

    const forbidden = await rawSocket(t);
    const forbiddenClosed = closeCode(forbidden);
    forbidden.send({ type: "connection_init", payload: { authorization: "Basic abc" } });
    expect(await forbiddenClosed).toBe(4403);
  });

  // Found by the fuzz harness: graphql-ws puts the id in the reason of 4409, and ws refuses a
  // reason over 123 bytes, so a long duplicate id was answered 4500 Internal Server Error.
  it("closes with 4409 on a duplicate id of any length, its reason cut to what a close frame holds", async () => {
    const created = await createViaRest(t);
    for (const id of ["é".repeat(100), "x".repeat(200), "x".repeat(99)]) {
      const s = await rawSocket(t);
      s.send({ type: "connection_init" });
      expect(await s.next()).toEqual({ type: "connection_ack" });
      const subscribe = { type: "subscribe", id, payload: { query: UPDATE_QUERY, variables: { id: created.match.id } } };
      s.send(subscribe);
      expect(await s.next()).toMatchObject({ type: "next", id });
      const closed = new Promise<[number, Buffer]>((resolve) => s.socket.once("close", (code, reason) => resolve([code, reason])));
      s.send(subscribe);
      const [code, reason] = await closed;
      expect(code).toBe(4409);
      expect(reason.length).toBeLessThanOrEqual(123);
      // graphql-ws's own reason, cut at a whole character and marked so.
      const text = reason.toString("utf8");
      expect(text).toMatch(/^Subscriber for .*\.\.\.$/);
      expect(`Subscriber for ${id} already exists`.startsWith(text.slice(0, -3))).toBe(true);
    }
  });

  // Found by the fuzz harness (test/fuzz/): graphql-ws's own socket glue answered these with 4500
  // Internal Server Error and a stack trace on the console, for what is the client's mistake.
  it("closes with 4400 on a message type only servers send, and quietly with 1007/1009 on frames ws refuses", async () => {
    const console_ = vi.spyOn(console, "error");
    try {
      for (const message of [{ type: "connection_ack" }, { type: "next", id: "1", payload: {} }, { type: "error", id: "1", payload: [] }]) {
        const s = await rawSocket(t);
        const closed = new Promise<[number, string]>((resolve) => s.socket.once("close", (code, reason) => resolve([code, String(reason)])));
        s.send({ type: "connection_init" });
        expect(await s.next()).toEqual({ type: "connection_ack" });
        s.send(message);
        expect(await closed).toEqual([4400, `Bad request: only servers send ${message.type}`]);
      }
      // The same type spelt with a JSON escape: a text without the word itself is read too.
      const escaped = await rawSocket(t);
      const escapedClosed = new Promise<[number, string]>((resolve) => escaped.socket.once("close", (code, reason) => resolve([code, String(reason)])));
      escaped.send({ type: "connection_init" });
      expect(await escaped.next()).toEqual({ type: "connection_ack" });
      escaped.sendText(String.raw`{"type":"n\u0065xt","id":"1","payload":{}}`);
      expect(await escapedClosed).toEqual([4400, "Bad request: only servers send next"]);
      const badUtf8 = await rawSocket(t);
      const badUtf8Closed = closeCode(badUtf8);
      badUtf8.socket.send(Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]), { binary: false });
      expect(await badUtf8Closed).toBe(1007);
      const huge = await rawSocket(t);
      const hugeClosed = closeCode(huge);
      huge.sendText(JSON.stringify({ type: "connection_init", payload: { x: "x".repeat(40_000) } }));
      expect(await hugeClosed).toBe(1009);
      expect(console_).not.toHaveBeenCalled();
    } finally {
      console_.mockRestore();
    }
  });
});
