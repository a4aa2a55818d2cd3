import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
});
