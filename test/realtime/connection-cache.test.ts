import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createService } from "../../src/api/service.js";
import { createLogger } from "../../src/logger.js";
import { CONNECTION_CACHE_MS } from "../../src/realtime/aws/connection-cache.js";
import { createLiveHandlers, type LiveHandlers } from "../../src/realtime/aws/live-handlers.js";
import type { ServerMessage } from "../../src/realtime/protocol.js";
import { ConnectionStore } from "../../src/store/dynamo/connection-store.js";
import { startTestStore, type TestStore } from "../support/dynamo.js";
import { UPDATE_QUERY } from "./support.js";

/**
 * The `$default` route answers a connection's messages from what its container learnt at
 * `connection_init` and from its own subscribes and completes, reading the connection's item
 * again once CONNECTION_CACHE_MS have passed since it last did, and before any refusal. Two
 * handler sets over one real embedded table stand for two warm containers that API Gateway
 * spreads one connection's messages over; their clock is the test's.
 */
let t: TestStore;
let now = Date.UTC(2026, 11, 7, 12);
const posted: { to: string; message: ServerMessage }[] = [];
const ROLL = `mutation($id: ID!) { rollDice(matchId: $id) { version } }`;

const container = (): LiveHandlers =>
  createLiveHandlers({
    service: createService({ ...t, now: () => new Date(now), randomBytes }),
    store: t.store,
    connections: new ConnectionStore(t.doc, t.tableName, () => now),
    post: async (to, message) => (posted.push({ to, message }), "sent"),
    logger: createLogger("silent"),
    subscriptionCaps: { connection: 2, address: 100 },
    nowMs: () => now,
  });

beforeAll(async () => {
  t = await startTestStore();
});
afterAll(async () => t?.close());

let count = 0;
/** A connection opened and acknowledged through container `a`; returns its id and how to send on it through either. */
async function opened(a: LiveHandlers, token?: string) {
  const connectionId = `cache${++count}=`;
  const event = (routeKey: string, body?: unknown) => ({
    requestContext: { connectionId, routeKey, identity: { sourceIp: "203.0.113.9" } },
    headers: { "Sec-WebSocket-Protocol": "graphql-transport-ws" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  await a.connect(event("$connect"));
  await a.message(event("$default", { type: "connection_init", ...(token ? { payload: { authorization: `Bearer ${token}` } } : {}) }));
  const send = (via: LiveHandlers, message: unknown) => via.message(event("$default", message));
  const answers = (id: string) => posted.filter((p) => p.to === connectionId && "id" in p.message && p.message.id === id).map((p) => p.message);
  return { connectionId, send, answers };
}

async function match() {
  const created = await createService({ ...t, now: () => new Date(now), randomBytes }).createMatch({ ruleset: "backgammon" });
  return { matchId: created.state.id, token: created.seats[0]!.token };
}

/** The reads of connection items (GetItem) made by `run`. */
async function connectionReads(run: () => Promise<unknown>): Promise<number> {
  t.resetCalls();
  await run();
  return t.calls.filter((c) => c === "GetItem").length;
}

describe("the connection cache of the $default route", () => {
  it("a mutation reads no connection item while the container's knowledge is younger than CONNECTION_CACHE_MS, and one after", async () => {
    const a = container();
    const { matchId, token } = await match();
    const c = await opened(a, token);
    expect(await connectionReads(() => c.send(a, { id: "m1", type: "subscribe", payload: { query: ROLL, variables: { id: matchId } } }))).toBe(0);
    expect(c.answers("m1").map((m) => m.type)).toEqual(["next", "complete"]);
    now += CONNECTION_CACHE_MS - 1;
    expect(await connectionReads(() => c.send(a, { id: "m2", type: "subscribe", payload: { query: `{ match(id: "${matchId}") { version } }` } }))).toBe(0);
    now += 1;
    expect(await connectionReads(() => c.send(a, { id: "m3", type: "subscribe", payload: { query: `{ match(id: "${matchId}") { version } }` } }))).toBe(1);
    expect(c.answers("m3").map((m) => m.type)).toEqual(["next", "complete"]);
    // Read again just now: the next message is answered from memory once more.
    expect(await connectionReads(() => c.send(a, { id: "m4", type: "subscribe", payload: { query: `{ match(id: "${matchId}") { version } }` } }))).toBe(0);
  });

  it("a connection closed elsewhere is noticed within CONNECTION_CACHE_MS: its next subscribe is refused UNAUTHENTICATED", async () => {
    const a = container();
    const { matchId } = await match();
    const c = await opened(a);
    // A push in another container found it gone (410) and forgot it.
    await new ConnectionStore(t.doc, t.tableName, () => now).close(c.connectionId);
    now += CONNECTION_CACHE_MS;
    await c.send(a, { id: "s1", type: "subscribe", payload: { query: UPDATE_QUERY, variables: { id: matchId } } });
    expect(c.answers("s1")).toEqual([{ type: "error", id: "s1", payload: [expect.objectContaining({ extensions: { code: "UNAUTHENTICATED" } })] }]);
  });

  it("a subscription started in another container is missed for at most CONNECTION_CACHE_MS; the store still refuses its id twice and the cap", async () => {
    const [a, b] = [container(), container()];
    const { matchId } = await match();
    const c = await opened(a);
    await c.send(b, { id: "s1", type: "subscribe", payload: { query: UPDATE_QUERY, variables: { id: matchId } } });
    expect(c.answers("s1").map((m) => m.type)).toEqual(["next"]);

    // A query under it is answered within the bound (the one thing staleness does), refused after it.
    const query = { id: "s1", type: "subscribe", payload: { query: `{ match(id: "${matchId}") { version } }` } };
    await c.send(a, query);
    expect(c.answers("s1").slice(-2).map((m) => m.type)).toEqual(["next", "complete"]);
    now += CONNECTION_CACHE_MS;
    await c.send(a, query);
    const alreadyRunning = { type: "error", id: "s1", payload: [{ message: expect.stringContaining("already running"), extensions: { code: "BAD_USER_INPUT" } }] };
    expect(c.answers("s1").at(-1)).toEqual(alreadyRunning);

    // A subscription under an id started elsewhere just now: the store's atomic check refuses
    // it, whatever `a` kept, and `a` reads the connection again for its next message.
    await c.send(b, { id: "s2", type: "subscribe", payload: { query: UPDATE_QUERY, variables: { id: matchId } } });
    await c.send(a, { id: "s2", type: "subscribe", payload: { query: UPDATE_QUERY, variables: { id: matchId } } });
    expect(c.answers("s2").at(-1)).toEqual({ ...alreadyRunning, id: "s2" });
    expect(await connectionReads(() => c.send(a, { ...query, id: "s2" }))).toBe(1);
    expect(c.answers("s2").at(-1)).toEqual({ ...alreadyRunning, id: "s2" });

    // The connection's cap (2) counts what the other container stored, at once.
    const d = await opened(a);
    await d.send(b, { id: "x1", type: "subscribe", payload: { query: UPDATE_QUERY, variables: { id: matchId } } });
    await d.send(b, { id: "x2", type: "subscribe", payload: { query: UPDATE_QUERY, variables: { id: matchId } } });
    await d.send(a, { id: "x3", type: "subscribe", payload: { query: UPDATE_QUERY, variables: { id: matchId } } });
    expect(d.answers("x3")).toEqual([{ type: "error", id: "x3", payload: [expect.objectContaining({ extensions: expect.objectContaining({ code: "TOO_MANY_SUBSCRIPTIONS", scope: "connection" }) })] }]);
  });

  it("a subscription ended in another container never makes its id refused: a refusal is checked on a fresh read", async () => {
    const [a, b] = [container(), container()];
    const { matchId } = await match();
    const c = await opened(a);
    await c.send(a, { id: "s1", type: "subscribe", payload: { query: UPDATE_QUERY, variables: { id: matchId } } });
    await c.send(b, { id: "s1", type: "complete" });
    // `a` still lists s1: it reads the connection before refusing, and finds it ended.
    expect(await connectionReads(() => c.send(a, { id: "s1", type: "subscribe", payload: { query: `{ match(id: "${matchId}") { version } }` } }))).toBe(1);
    expect(c.answers("s1").slice(-2).map((m) => m.type)).toEqual(["next", "complete"]);
    // Its own complete needs no read to find the subscription's match.
    await c.send(a, { id: "s2", type: "subscribe", payload: { query: UPDATE_QUERY, variables: { id: matchId } } });
    expect(await connectionReads(() => c.send(a, { id: "s2", type: "complete" }))).toBe(0);
    expect((await new ConnectionStore(t.doc, t.tableName, () => now).get(c.connectionId))?.subscriptions).toEqual([]);
  });
});
