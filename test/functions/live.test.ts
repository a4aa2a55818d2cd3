import { GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalLambda } from "../../infra/local-lambda.js";
import { TABLE_ACCESS } from "../../infra/stack.js";
import type { StoredItem } from "../../src/store/dynamo/embedded-store.js";
import { matchIdOfCommit } from "../../src/store/dynamo/table.js";
import { BUILD_TIMEOUT_MS, call, createMatchVia, type Fixture, httpEvent, managementStub, type ManagementStub, rollVia, setUp, streamRecord, wsEvent } from "./support.js";

/**
 * The WebSocket route bundles and the stream fan-out exactly as deployed, fed the events API
 * Gateway and DynamoDB Streams send. Their answers to clients go through the management API,
 * stood up here as a small HTTP server that records every `POST /@connections/{id}`.
 */
const STAGE = "test";
let fx: Fixture;
let connect: LocalLambda;
let message: LocalLambda;
let disconnect: LocalLambda;
let fanout: LocalLambda;
/** A second container of the stream fan-out. */
let otherFanout: LocalLambda;
let rest: LocalLambda;
let management: ManagementStub;
const commits: StoredItem[] = [];

beforeAll(async () => {
  fx = await setUp(["ws-connect", "ws-default", "ws-disconnect", "stream-fanout", "rest"]);
  management = await managementStub(STAGE);
  const endpoint = management.endpoint;
  fx.store.onPut((written) => {
    if (written.tableName === fx.tableName && matchIdOfCommit(written.item)) commits.push(written);
  });
  const live = { WEBSOCKET_MANAGEMENT_ENDPOINT: endpoint };
  [connect, message, disconnect, fanout, otherFanout, rest] = await Promise.all([
    fx.start("ws-connect", live),
    fx.start("ws-default", live),
    fx.start("ws-disconnect", live),
    fx.start("stream-fanout", live),
    fx.start("stream-fanout", live),
    fx.start("rest"),
  ]);
}, BUILD_TIMEOUT_MS);
afterAll(async () => {
  await fx?.close();
  await management?.close();
});

let connectionCount = 0;
const newConnectionId = () => `Cc${++connectionCount}xyzAbc=`;

/** A new connection, acknowledged, with subscription `s1` to the match from `after`; returns its id. */
async function subscribed(matchId: string, after: number): Promise<string> {
  const conn = newConnectionId();
  await connect.invoke(wsEvent("$connect", conn, { headers: { "sec-websocket-protocol": "graphql-transport-ws" } }));
  await send(conn, { type: "connection_init" });
  await send(conn, { id: "s1", type: "subscribe", payload: { query: SUBSCRIPTION, variables: { id: matchId, after } } });
  return conn;
}

const send = (connectionId: string, msg: unknown) => message.invoke<{ statusCode: number }>(wsEvent("$default", connectionId, { body: JSON.stringify(msg) }));
const postedTo = (connectionId: string) => management.postedTo(connectionId);

const createMatch = () => createMatchVia(rest);
const roll = (id: string, tokens: string[]) => rollVia(rest, commits, id, tokens);

const SUBSCRIPTION = `subscription($id: ID!, $after: Int) { matchUpdated(matchId: $id, afterVersion: $after) { version event { type } match { version } } }`;

describe("WebSocket routes (graphql-transport-ws over API Gateway)", () => {
  it("$connect accepts only graphql-transport-ws and echoes it; the connection is stored", async () => {
    const id = newConnectionId();
    const refused = await connect.invoke<{ statusCode: number }>(wsEvent("$connect", id, { headers: { "Sec-WebSocket-Protocol": "graphql-ws" } }));
    expect(refused.statusCode).toBe(400);

    const accepted = await connect.invoke<{ statusCode: number; headers: Record<string, string> }>(
      wsEvent("$connect", id, { headers: { "Sec-WebSocket-Protocol": "graphql-transport-ws", "Sec-WebSocket-Version": "13" } }),
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.headers["Sec-WebSocket-Protocol"]).toBe("graphql-transport-ws");
    const { Item } = await fx.doc.send(new GetCommand({ TableName: fx.tableName, Key: { PK: `CONN#${id}`, SK: "CONN" } }));
    expect(Item).toBeDefined();
  });

  it("$default: connection_init is acknowledged through the management API; ping gets pong", async () => {
    const id = newConnectionId();
    await connect.invoke(wsEvent("$connect", id, { headers: { "sec-websocket-protocol": "graphql-transport-ws" } }));
    expect((await send(id, { type: "connection_init" })).statusCode).toBe(200);
    await send(id, { type: "ping" });
    expect(postedTo(id)).toEqual([{ type: "connection_ack" }, { type: "pong" }]);
  });

  it("subscribe catches up with next messages; the stream fan-out pushes the next commit; $disconnect removes the items", async () => {
    const { id: matchId, tokens } = await createMatch();
    await roll(matchId, tokens);

    const conn = await subscribed(matchId, 0);
    const caughtUp = postedTo(conn).filter((m) => m.type === "next");
    expect(caughtUp.map((m) => m.id)).toEqual(["s1", "s1"]);
    expect(caughtUp.map((m) => m.payload.data.matchUpdated.version)).toEqual([1, 2]);
    expect(caughtUp.map((m) => m.payload.data.matchUpdated.event.type)).toEqual(["MatchCreated", "DiceRolled"]);

    // A commit the subscriber has not seen: its stream record reaches the fan-out.
    const fresh = await moveOrRoll(matchId, tokens);
    expect(fresh).toHaveLength(1);
    const result = await fanout.invoke<{ batchItemFailures: unknown[] }>({ Records: fresh.map((w, i) => streamRecord(w, i)) });
    expect(result.batchItemFailures).toEqual([]);
    const pushed = postedTo(conn).filter((m) => m.type === "next").slice(2);
    expect(pushed.length).toBeGreaterThan(0);
    expect(pushed[0].payload.data.matchUpdated.version).toBe(3);

    // A second subscription, ended by the client.
    await send(conn, { id: "s2", type: "subscribe", payload: { query: SUBSCRIPTION, variables: { id: matchId, after: 3 } } });
    await send(conn, { id: "s2", type: "complete" });

    // The same batch again (Lambda retries at least once): nothing is sent twice.
    const before = management.posted.length;
    await fanout.invoke({ Records: fresh.map((w, i) => streamRecord(w, i)) });
    expect(management.posted.length).toBe(before);

    await disconnect.invoke(wsEvent("$disconnect", conn));
    const { Item } = await fx.doc.send(new GetCommand({ TableName: fx.tableName, Key: { PK: `CONN#${conn}`, SK: "CONN" } }));
    expect(Item).toBeUndefined();
    const subs = await fx.doc.send(
      new QueryCommand({
        TableName: fx.tableName,
        KeyConditionExpression: "PK = :pk AND begins_with(SK, :sub)",
        ExpressionAttributeValues: { ":pk": `MATCH#${matchId}`, ":sub": "SUB#" },
        ConsistentRead: true,
      }),
    );
    expect(subs.Items).toEqual([]);
  });

  it("runs a mutation sent over a connection with its connection_init token, and refuses one from a spectator's", async () => {
    const { id: matchId, tokens } = await createMatch();
    const ROLL = `mutation($id: ID!) { rollDice(matchId: $id) { version } }`;
    const opened = async (payload?: unknown) => {
      const conn = newConnectionId();
      await connect.invoke(wsEvent("$connect", conn, { headers: { "sec-websocket-protocol": "graphql-transport-ws" } }));
      await send(conn, payload === undefined ? { type: "connection_init" } : { type: "connection_init", payload });
      return conn;
    };
    const spectator = await opened();
    const before = commits.length;
    await send(spectator, { id: "r0", type: "subscribe", payload: { query: ROLL, variables: { id: matchId } } });
    const refused = postedTo(spectator).find((m) => m.id === "r0");
    expect(refused.payload.errors[0].extensions.code).toBe("UNAUTHENTICATED");
    expect(commits.length).toBe(before);

    // The opening roll may be asked by either seat.
    const seat = await opened({ authorization: `Bearer ${tokens[0]}` });
    await send(seat, { id: "r1", type: "subscribe", payload: { query: ROLL, variables: { id: matchId } } });
    const answered = postedTo(seat).filter((m) => m.id === "r1");
    expect(answered.map((m) => m.type)).toEqual(["next", "complete"]);
    expect(answered[0].payload.data.rollDice.version).toBeGreaterThan(1);
    expect(commits.length).toBe(before + 1);
    expect(JSON.stringify(postedTo(seat))).not.toContain(tokens[0]);
    // From its tenth run on, a document runs compiled (graphql-jit, bundled): refused alike.
    for (let run = 3; run <= 10; run++) {
      await send(spectator, { id: `r${run}`, type: "subscribe", payload: { query: ROLL, variables: { id: matchId } } });
      expect(postedTo(spectator).find((m) => m.id === `r${run}`)).toEqual({ ...refused, id: `r${run}` });
    }
    expect(commits.length).toBe(before + 1);
  });

  it("serves the webhook operations over a connection as over HTTP: register, list, delete", async () => {
    const { id: matchId, tokens } = await createMatch();
    const conn = newConnectionId();
    await connect.invoke(wsEvent("$connect", conn, { headers: { "sec-websocket-protocol": "graphql-transport-ws" } }));
    await send(conn, { type: "connection_init", payload: { authorization: `Bearer ${tokens[0]}` } });
    const answer = async (id: string, query: string, variables: Record<string, unknown>) => {
      await send(conn, { id, type: "subscribe", payload: { query, variables } });
      const reply = postedTo(conn).find((m) => m.id === id && m.type === "next");
      expect(reply, JSON.stringify(postedTo(conn).filter((m) => m.id === id))).toBeDefined();
      return reply.payload;
    };
    const made = await answer("w1", `mutation($m: ID!) { createWebhook(url: "https://example.com/hook", matchId: $m) { secret webhook { id seat } } }`, { m: matchId });
    expect(made.errors).toBeUndefined();
    expect(made.data.createWebhook.secret).toMatch(/^whsec_/);
    const webhookId = made.data.createWebhook.webhook.id;
    const listed = await answer("w2", `query($m: ID!) { webhooks(matchId: $m) { id seat } }`, { m: matchId });
    expect(listed.data.webhooks).toEqual([{ id: webhookId, seat: 0 }]);
    expect(JSON.stringify(listed)).not.toContain("whsec_");
    const deleted = await answer("w3", `mutation($id: ID!) { deleteWebhook(id: $id) }`, { id: webhookId });
    expect(deleted.data.deleteWebhook).toBe(webhookId);
    expect((await answer("w4", `query($m: ID!) { webhooks(matchId: $m) { id } }`, { m: matchId })).data.webhooks).toEqual([]);
  });

  it("the fan-out leaves the match's mark at the version every follower has; a batch run by two containers at once, and retried, reaches each connection once per version", async () => {
    const { id: matchId, tokens } = await createMatch();
    const conns = [await subscribed(matchId, 0), await subscribed(matchId, 0), await subscribed(matchId, 0)];
    const mark = async () =>
      (await fx.doc.send(new GetCommand({ TableName: fx.tableName, Key: { PK: `MATCH#${matchId}`, SK: "SUB" }, ConsistentRead: true }))).Item?.deliveredThrough;
    const versions = (conn: string) => postedTo(conn).filter((m) => m.type === "next").map((m) => m.payload.data.matchUpdated.version);

    const first = await roll(matchId, tokens);
    await fanout.invoke({ Records: first.map((w, i) => streamRecord(w, i)) });
    expect(await mark()).toBe(2);
    // Two containers handed the same records (an overlap), then each handed them again (retries).
    const next = [...(await moveOrRoll(matchId, tokens)), ...(await moveOrRoll(matchId, tokens))];
    const batch = { Records: next.map((w, i) => streamRecord(w, i)) };
    await Promise.all([fanout.invoke(batch), otherFanout.invoke(batch)]);
    await Promise.all([fanout.invoke(batch), otherFanout.invoke(batch)]);
    const log = (await call(rest, httpEvent("GET", `/api/matches/${matchId}/events`, { query: "after=0&limit=500" }))).body.events.map((e: { version: number }) => e.version);
    expect(await mark()).toBe(log.at(-1));
    for (const conn of conns) expect(versions(conn)).toEqual(log);
  });

  it("the fan-out forgets a subscriber whose connection is gone (410)", async () => {
    const { id: matchId, tokens } = await createMatch();
    const conn = await subscribed(matchId, 1);
    management.gone.add(conn);
    const written = await roll(matchId, tokens);
    const result = await fanout.invoke<{ batchItemFailures: unknown[] }>({ Records: written.map((w, i) => streamRecord(w, i)) });
    expect(result.batchItemFailures).toEqual([]);
    const { Item } = await fx.doc.send(new GetCommand({ TableName: fx.tableName, Key: { PK: `CONN#${conn}`, SK: "CONN" }, ConsistentRead: true }));
    expect(Item).toBeUndefined();
  });
});

/** After a roll, the seat to act plays its first legal move (or rolls, if the turn passed). */
async function moveOrRoll(id: string, tokens: string[]): Promise<StoredItem[]> {
  const before = commits.length;
  const actor = (await call(rest, httpEvent("GET", `/api/matches/${id}`))).body.toMove ?? 0;
  const view = (await call(rest, httpEvent("GET", `/api/matches/${id}`, { token: tokens[actor] }))).body;
  const reply =
    view.legalMoves.length > 0
      ? await call(rest, httpEvent("POST", `/api/matches/${id}/moves`, { json: { move: view.legalMoves[0] }, token: tokens[actor] }))
      : await call(rest, httpEvent("POST", `/api/matches/${id}/dice`, { token: tokens[actor] }));
  expect(reply.status, reply.raw).toBe(200);
  return commits.slice(before);
}

/**
 * What the stack grants each function (infra/stack.ts) is exactly what its code called above:
 * nothing it needs is missing (AccessDenied on AWS), nothing granted goes unused.
 */
describe("table permissions match what the code does", () => {
  for (const name of ["ws-connect", "ws-default", "ws-disconnect", "stream-fanout"] as const) {
    it(`${name}: ${TABLE_ACCESS[name].join(", ")}`, () => {
      expect(fx.operations(name)).toEqual(TABLE_ACCESS[name].map((a) => `dynamodb:${a}`).sort());
    });
  }
});
