import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.js";
import type { ServerMessage } from "../../src/realtime/protocol.js";
import { createLiveHandlers } from "../../src/realtime/aws/live-handlers.js";
import { handleStreamBatch } from "../../src/realtime/aws/fan-out.js";
import { RecentStates } from "../../src/realtime/aws/recent-states.js";
import { createService } from "../../src/api/service.js";
import { hashSeatToken } from "../../src/service/seat-tokens.js";
import { ConnectionStore } from "../../src/store/dynamo/connection-store.js";
import { createDynamoClients } from "../../src/store/dynamo/client.js";
import { tableStores } from "../../src/store/dynamo/stores.js";
import { createViaRest, events } from "../helpers/matches.js";
import type { TestServer } from "../helpers/server.js";
import { eventually, rawSocket, scanTable, startLiveServer, UPDATE_QUERY, updatesOf, watch } from "./support.js";

/**
 * What only the API Gateway path has: connections and subscriptions stored in the table,
 * cleaned up when a push finds the client gone (410), protocol errors answered through the
 * management API, and `$default` possibly running before `$connect` stored the connection.
 */

let t: TestServer;
beforeAll(async () => void (t = await startLiveServer("lambda")));
afterAll(() => t?.close());

const gateway = () => {
  const g = t.server.localGateway;
  if (!g) throw new Error("not in lambda mode");
  return g;
};
/** Items of the API Gateway path (connections and subscriptions), by key. */
const liveItems = async () => (await scanTable(t)).filter((i) => String(i.PK).startsWith("CONN#") || String(i.SK).startsWith("SUB#"));
const keysOf = (items: Record<string, unknown>[]) => items.map((i) => `${i.PK} ${i.SK}`);

describe("the lambda path in the local server", () => {
  it("a client that vanished without $disconnect loses its connection and subscriptions when the next push gets 410", async () => {
    const created = await createViaRest(t);
    const id = created.match.id;
    const before = new Set(gateway().connectionIds());
    const doomed = watch(t, id, { token: created.tokens[0] });
    await doomed.results$(1);
    await gateway().idle();
    const fresh = gateway().connectionIds().filter((c) => !before.has(c));
    expect(fresh).toHaveLength(1);
    const doomedId = fresh[0] as string;
    const survivor = watch(t, id);
    await survivor.results$(1);

    const stored = keysOf(await liveItems());
    expect(stored).toContain(`CONN#${doomedId} CONN`);
    expect(stored.some((k) => k.startsWith(`MATCH#${id} SUB#${doomedId}#`))).toBe(true);

    expect(gateway().vanish(doomedId)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // No $disconnect came: everything is still stored.
    expect(keysOf(await liveItems())).toContain(`CONN#${doomedId} CONN`);

    const rolled = await t.rest("POST", `/api/matches/${id}/dice`, { token: created.tokens[0] });
    expect(rolled.status).toBe(200);
    await survivor.results$(2);
    await eventually(async () => {
      const left = keysOf(await liveItems());
      expect(left.filter((k) => k.includes(doomedId))).toEqual([]);
    });
    // The other subscriber is untouched.
    expect(keysOf(await liveItems()).some((k) => k.startsWith(`MATCH#${id} SUB#`))).toBe(true);
    expect(updatesOf(survivor).map((u) => u.version)).toEqual([1, 2]);
    await survivor.dispose();
    // Its clean close ($disconnect) removes its items too.
    await eventually(async () => expect((await liveItems()).filter((i) => String(i.PK) === `MATCH#${id}`)).toEqual([]));
  });

  it("answers every malformed message with an error message and changes nothing stored", async () => {
    const created = await createViaRest(t);
    const id = created.match.id;
    const subscribe = (subId: string, query = UPDATE_QUERY) => ({ type: "subscribe", id: subId, payload: { query, variables: { id } } });

    const early = await rawSocket(t);
    await gateway().idle();
    let before = await scanTable(t);
    early.send(subscribe("early"));
    expect(await early.next()).toEqual({ type: "error", id: "early", payload: [{ message: expect.stringMatching(/connection_init/), extensions: { code: "UNAUTHENTICATED" } }] });
    await gateway().idle();
    expect(await scanTable(t)).toEqual(before);
    await early.close();

    const s = await rawSocket(t);
    s.send({ type: "connection_init", payload: { authorization: `Bearer ${created.tokens[1]}` } });
    expect(await s.next()).toEqual({ type: "connection_ack" });
    s.send(subscribe("a"));
    expect(await s.next()).toMatchObject({ type: "next", id: "a", payload: { data: { matchUpdated: { version: 1 } } } });
    await gateway().idle();
    before = await scanTable(t);

    const cases: { send: string | object; id: string; code: string; problem?: RegExp }[] = [
      { send: "this is not json", id: "protocol", code: "BAD_USER_INPUT", problem: /JSON/ },
      { send: "", id: "protocol", code: "BAD_USER_INPUT" },
      { send: { type: "hello" }, id: "protocol", code: "BAD_USER_INPUT" },
      { send: { id: "x", payload: {} }, id: "x", code: "BAD_USER_INPUT" },
      { send: { type: "subscribe", payload: { query: UPDATE_QUERY } }, id: "protocol", code: "BAD_USER_INPUT" },
      { send: { type: "subscribe", id: "", payload: { query: UPDATE_QUERY } }, id: "protocol", code: "BAD_USER_INPUT" },
      { send: { type: "subscribe", id: "nopayload" }, id: "nopayload", code: "BAD_USER_INPUT" },
      { send: subscribe("a"), id: "a", code: "BAD_USER_INPUT", problem: /already running/ },
      // Refused as a duplicate whatever the new document: its own errors, or a `complete`, under
      // "a" would end the running "a" for the client (found by the fuzzer).
      { send: { type: "subscribe", id: "a", payload: { query: UPDATE_QUERY, variables: { id: [] } } }, id: "a", code: "BAD_USER_INPUT", problem: /already running/ },
      { send: subscribe("a", "subscription {"), id: "a", code: "BAD_USER_INPUT", problem: /already running/ },
      // Queries and mutations run as over HTTP: these are refused before they run, and store nothing.
      { send: subscribe("a", "{ rulesets }"), id: "a", code: "BAD_USER_INPUT", problem: /already running/ },
      { send: subscribe("q", "{ rulesets } { rulesets }"), id: "q", code: "BAD_USER_INPUT", problem: /name one operation/ },
      { send: subscribe("m", 'mutation { rollDice(matchId: "x") { nope } }'), id: "m", code: "BAD_USER_INPUT" },
      { send: subscribe("bad", "subscription { matchUpdated(matchId: 1) { nope } }"), id: "bad", code: "BAD_USER_INPUT" },
      { send: subscribe("syntax", "subscription {"), id: "syntax", code: "BAD_USER_INPUT" },
      { send: { ...subscribe("big"), padding: "x".repeat(40 * 1024) }, id: "big", code: "BAD_USER_INPUT", problem: /larger than/ },
      { send: { type: "connection_init" }, id: "protocol", code: "BAD_USER_INPUT", problem: /already/ },
      { send: { type: "connection_init", payload: { authorization: "Basic abc" } }, id: "protocol", code: "UNAUTHENTICATED" },
    ];
    for (const c of cases) {
      s.sendText(typeof c.send === "string" ? c.send : JSON.stringify(c.send));
      const reply = await s.next();
      expect(reply, JSON.stringify(c.send).slice(0, 100)).toEqual({
        type: "error",
        id: c.id,
        payload: [expect.objectContaining({ message: c.problem ? expect.stringMatching(c.problem) : expect.any(String), extensions: expect.objectContaining({ code: c.code }) })],
      });
    }
    await s.quiet(100);
    await gateway().idle();
    expect(await scanTable(t)).toEqual(before);

    // The connection still works: ping/pong, and the subscription still delivers.
    s.send({ type: "ping" });
    expect(await s.next()).toEqual({ type: "pong" });
    s.send({ type: "pong" });
    await s.quiet(100);
    const rolled = await t.rest("POST", `/api/matches/${id}/dice`, { token: created.tokens[0] });
    expect(rolled.status).toBe(200);
    expect(await s.next()).toMatchObject({ type: "next", id: "a", payload: { data: { matchUpdated: { version: 2, match: { seat: 1 } } } } });

    // complete from the client ends the subscription: its item goes, nothing more is sent.
    s.send({ type: "complete", id: "a" });
    await eventually(async () => expect(keysOf(await liveItems()).filter((k) => k.startsWith(`MATCH#${id} SUB#`))).toEqual([]));
    await t.rest("POST", `/api/matches/${id}/dice`, { token: created.tokens[1] });
    await t.server.localStream!.idle();
    await s.quiet(200);
    await s.close();
  });

  it("a frame over API Gateway's 128 KB message limit closes the connection, and $disconnect cleans up", async () => {
    const s = await rawSocket(t);
    s.send({ type: "connection_init" });
    expect(await s.next()).toEqual({ type: "connection_ack" });
    await gateway().idle();
    const ids = gateway().connectionIds();
    const closed = new Promise<number>((resolve) => s.socket.once("close", (code) => resolve(code)));
    s.sendText("x".repeat(129 * 1024));
    expect(await closed).toBe(1009);
    await eventually(async () => expect(gateway().connectionIds().length).toBe(ids.length - 1));
    await gateway().idle();
    const stillStored = keysOf(await liveItems()).filter((k) => ids.some((id) => k.includes(id)) && !gateway().connectionIds().some((id) => k.includes(id)));
    expect(stillStored).toEqual([]);
  });

  it("connection_init handled before $connect stored the connection still works (the handlers called in that order)", async () => {
    const created = await createViaRest(t);
    const { client, doc } = createDynamoClients({ endpoint: t.server.embedded!.endpoint });
    try {
      const stores = tableStores(doc, t.server.tableName);
      const { store } = stores;
      const connections = new ConnectionStore(doc, t.server.tableName);
      const posted: { to: string; message: ServerMessage }[] = [];
      const handlers = createLiveHandlers({
        service: createService({ ...stores, now: () => new Date(), randomBytes }),
        store,
        connections,
        post: async (to, message) => (posted.push({ to, message }), "sent"),
        logger: createLogger("silent"),
      });
      const connectionId = "out+of/order=";
      const context = (routeKey: string) => ({ requestContext: { connectionId, routeKey } });

      await handlers.message({ ...context("$default"), body: JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${created.tokens[0]}` } }) });
      expect(posted).toEqual([{ to: connectionId, message: { type: "connection_ack" } }]);
      expect(await handlers.connect({ ...context("$connect"), headers: { "Sec-WebSocket-Protocol": "graphql-transport-ws" } })).toEqual({
        statusCode: 200,
        headers: { "Sec-WebSocket-Protocol": "graphql-transport-ws" },
      });
      const record = await connections.get(connectionId);
      expect(record).toMatchObject({ initialized: true, credential: { hash: hashSeatToken(created.tokens[0]!), playerToken: false, playerId: null } });
      const item = (await scanTable(t)).find((i) => i.PK === `CONN#${connectionId}`);
      expect(item).toMatchObject({ initialized: true, connectedAt: expect.any(String), expiresAt: expect.any(Number) });

      await handlers.message({ ...context("$default"), body: JSON.stringify({ type: "subscribe", id: "1", payload: { query: UPDATE_QUERY, variables: { id: created.match.id } } }) });
      expect(posted.slice(1).map((p) => p.message)).toEqual([
        { type: "next", id: "1", payload: { data: { matchUpdated: expect.objectContaining({ version: 1, match: expect.objectContaining({ seat: 0 }) }) } } },
      ]);
      // Without the subprotocol, $connect refuses.
      expect((await handlers.connect({ requestContext: { connectionId: "other", routeKey: "$connect" }, headers: {} })).statusCode).toBe(400);

      await handlers.disconnect(context("$disconnect"));
      expect(await connections.get(connectionId)).toBeNull();
      expect(keysOf(await liveItems()).filter((k) => k.includes(connectionId))).toEqual([]);
      // Pushes now find nobody: the stream leaves the departed alone.
      await t.rest("POST", `/api/matches/${created.match.id}/dice`, { token: created.tokens[0] });
      await t.server.localStream!.idle();
      expect(posted).toHaveLength(2);
    } finally {
      client.destroy();
    }
  });

  it("a subscription made while commits land neither misses nor repeats one (catch-up and stream share the lease)", async () => {
    const created = await createViaRest(t);
    const id = created.match.id;
    // Commands run while subscribers keep arriving.
    const watchers: ReturnType<typeof watch>[] = [];
    const playing = (async () => {
      for (let i = 0; i < 6; i++) {
        const match = (await t.rest("GET", `/api/matches/${id}`)).body;
        const seat = match.toMove ?? 0;
        const view = (await t.rest("GET", `/api/matches/${id}`, { token: created.tokens[seat] })).body;
        const reply = view.dice && view.legalMoves.length > 0
          ? await t.rest("POST", `/api/matches/${id}/moves`, { token: created.tokens[seat], json: { move: view.legalMoves[0] } })
          : await t.rest("POST", `/api/matches/${id}/dice`, { token: created.tokens[seat] });
        expect(reply.status, reply.raw).toBe(200);
      }
    })();
    for (let i = 0; i < 12; i++) {
      watchers.push(watch(t, id));
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    await playing;
    const log = await events(t, id);
    await Promise.all(watchers.map((w) => w.results$(log.length)));
    await t.server.localStream!.idle();
    await gateway().idle();
    for (const w of watchers) expect(updatesOf(w).map((u) => u.version)).toEqual(log.map((e) => e.version));
    await Promise.all(watchers.map((w) => w.dispose()));
  });
});

/**
 * The stream's retries over real sockets: the fan-out of the local lambda path, wrapped so that
 * Lambda's failure modes happen on cue. Each connection must get each version exactly once.
 */
describe("live delivery under retried and overlapping stream batches (lambda mode)", () => {
  let s: TestServer;
  /** What the next batch suffers: its invocation fails after its pushes (Lambda retries the batch whole), or two containers run it at once. */
  let next: "fail after pushing" | "two at once" | null = null;
  const suffered: string[] = [];
  beforeAll(async () => {
    s = await startLiveServer("lambda", {
      lambdaPath: {
        fanOut: async (deps, batch) => {
          const mode = next;
          next = null;
          if (mode) suffered.push(mode);
          if (mode === "two at once") {
            const [, other] = await Promise.all([handleStreamBatch(deps, batch), handleStreamBatch({ ...deps, states: new RecentStates() }, batch)]);
            return other;
          }
          const response = await handleStreamBatch(deps, batch);
          if (mode === "fail after pushing") throw new Error("the invocation timed out after its pushes");
          return response;
        },
      },
    });
  });
  afterAll(() => s?.close());

  it("a batch retried after its invocation failed, and one run by two containers at once, reach every client once per version", async () => {
    const created = await createViaRest(s);
    const id = created.match.id;
    const watchers = [watch(s, id), watch(s, id), watch(s, id, { token: created.tokens[0] })];
    await Promise.all(watchers.map((w) => w.results$(1)));
    for (const mode of ["fail after pushing", "two at once", null, "fail after pushing", "two at once", null] as const) {
      await s.server.localStream!.idle();
      next = mode;
      const match = (await s.rest("GET", `/api/matches/${id}`)).body;
      const seat = match.toMove ?? 0;
      const view = (await s.rest("GET", `/api/matches/${id}`, { token: created.tokens[seat] })).body;
      const reply = view.dice && view.legalMoves.length > 0
        ? await s.rest("POST", `/api/matches/${id}/moves`, { token: created.tokens[seat], json: { move: view.legalMoves[0] } })
        : await s.rest("POST", `/api/matches/${id}/dice`, { token: created.tokens[seat] });
      expect(reply.status, reply.raw).toBe(200);
    }
    await s.server.localStream!.idle();
    const log = await events(s, id);
    await Promise.all(watchers.map((w) => w.results$(log.length)));
    await s.server.localGateway!.idle();
    expect(suffered).toEqual(["fail after pushing", "two at once", "fail after pushing", "two at once"]);
    for (const w of watchers) expect(updatesOf(w).map((u) => u.version)).toEqual(log.map((e) => e.version));
    await Promise.all(watchers.map((w) => w.dispose()));
  });
});
