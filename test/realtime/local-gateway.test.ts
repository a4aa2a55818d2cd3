import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GetConnectionCommand,
  GoneException,
  PayloadTooLargeException,
  PostToConnectionCommand,
} from "@aws-sdk/client-apigatewaymanagementapi";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createLogger } from "../../src/logger.js";
import { managementApiPoster } from "../../src/realtime/aws/management-api.js";
import type { WebSocketResult } from "../../src/realtime/aws/connection-routes.js";
import { type GatewayEvent, type LocalWebSocketApi, startLocalWebSocketApi } from "../../src/local-aws/websocket-api.js";
import { eventually } from "./support.js";

/**
 * The local API Gateway on its own, with recording routes: what the Lambda handlers receive,
 * when the handshake completes, and its management API as the real AWS SDK client sees it.
 */

let http: Server;
let gateway: LocalWebSocketApi;
let url: string;
let sdk: ApiGatewayManagementApiClient;
const events: GatewayEvent[] = [];
const logged: string[] = [];
let ids: string[];
let connectAnswer: (event: GatewayEvent) => Promise<WebSocketResult>;
let messageRoute: (event: GatewayEvent) => Promise<WebSocketResult>;
const sockets: WebSocket[] = [];

beforeEach(async () => {
  events.length = 0;
  logged.length = 0;
  // Ids with every character base64 has that a URL path must escape.
  ids = ["ab+/cd=", "L0SM9cOFvHcCIhw=", "x/y+z==", "c4", "c5", "c6", "c7", "c8"];
  let next = 0;
  connectAnswer = async () => ({ statusCode: 200, headers: { "Sec-WebSocket-Protocol": "graphql-transport-ws" } });
  messageRoute = async () => ({ statusCode: 200 });
  http = createServer((_req, res) => res.end("plain http"));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/graphql`;
  gateway = await startLocalWebSocketApi({
    httpServer: http,
    path: "/graphql",
    logger: createLogger("debug", (line) => logged.push(line)),
    newConnectionId: () => ids[next++] ?? `id${next}`,
    routes: {
      connect: async (e) => (events.push(e), connectAnswer(e)),
      disconnect: async (e) => (events.push(e), { statusCode: 200 }),
      message: async (e) => (events.push(e), messageRoute(e)),
    },
  });
  sdk = new ApiGatewayManagementApiClient({ endpoint: gateway.managementEndpoint, region: "us-east-1", credentials: { accessKeyId: "x", secretAccessKey: "y" } });
});

afterEach(async () => {
  for (const s of sockets.splice(0)) s.terminate();
  sdk.destroy();
  await gateway.close();
  await new Promise<void>((resolve) => http.close(() => resolve()));
});

function open(protocols: string[] = ["graphql-transport-ws"], path = "/graphql"): Promise<{ socket: WebSocket; frames: string[] }> {
  const socket = new WebSocket(url.replace("/graphql", path), protocols);
  sockets.push(socket);
  const frames: string[] = [];
  socket.on("message", (data) => frames.push(String(data)));
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve({ socket, frames }));
    socket.once("unexpected-response", (_req, res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => reject(Object.assign(new Error(`refused ${res.statusCode}`), { status: res.statusCode, body })));
    });
    socket.once("error", reject);
  });
}

const routes = (key: string) => events.filter((e) => e.requestContext.routeKey === key);

describe("the local API Gateway", () => {
  it("runs $connect with an API Gateway-shaped event and completes the handshake with the echoed subprotocol", async () => {
    const { socket } = await open(["graphql-transport-ws"]);
    expect(socket.protocol).toBe("graphql-transport-ws");
    const [connect] = routes("$connect");
    expect(connect).toBeDefined();
    const context = connect!.requestContext;
    expect(context).toMatchObject({ routeKey: "$connect", eventType: "CONNECT", connectionId: "ab+/cd=", stage: "local", messageDirection: "IN" });
    expect(context.domainName).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(context.apiId).toMatch(/^[0-9a-f]{10}$/);
    expect(context.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(context.connectedAt).toBeGreaterThan(Date.now() - 10_000);
    expect(context.requestTime).toMatch(/^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/);
    expect(context.identity.sourceIp).toBe("127.0.0.1");
    // Headers keep the client's spelling, as API Gateway passes them.
    expect(connect!.headers?.["Sec-WebSocket-Protocol"]).toBe("graphql-transport-ws");
    expect(connect!.headers?.["Sec-WebSocket-Version"]).toBe("13");
    expect(connect!.isBase64Encoded).toBe(false);
    expect(gateway.connectionIds()).toEqual(["ab+/cd="]);
  });

  it("refuses the upgrade with the status $connect answered, or 500 if it threw; a wrong path never reaches $connect", async () => {
    connectAnswer = async () => ({ statusCode: 401, body: "who are you" });
    await expect(open()).rejects.toMatchObject({ status: 401, body: "who are you" });
    connectAnswer = async () => {
      throw new Error("connect blew up");
    };
    await expect(open()).rejects.toMatchObject({ status: 500 });
    expect(logged.map((l) => JSON.parse(l)).some((l) => l.level === "error" && l.err?.message === "connect blew up")).toBe(true);
    const before = events.length;
    await expect(open(["graphql-transport-ws"], "/elsewhere")).rejects.toMatchObject({ status: 404 });
    expect(events.length).toBe(before);
    expect(gateway.connectionIds()).toEqual([]);
    // Still serving.
    connectAnswer = async () => ({ statusCode: 200, headers: { "Sec-WebSocket-Protocol": "graphql-transport-ws" } });
    await open();
  });

  it("hands frames to $default one at a time, in order, and survives a handler that throws", async () => {
    let active = 0;
    let maxActive = 0;
    messageRoute = async (e) => {
      active++;
      maxActive = Math.max(maxActive, active);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
      active--;
      if (e.body === "boom") throw new Error("handler failed");
      return { statusCode: 200 };
    };
    const { socket, frames } = await open();
    const bodies = Array.from({ length: 30 }, (_, i) => (i === 10 ? "boom" : `frame ${i}`));
    for (const body of bodies) socket.send(body);
    await eventually(() => expect(routes("$default")).toHaveLength(30));
    await gateway.idle();
    expect(routes("$default").map((e) => e.body)).toEqual(bodies);
    expect(maxActive).toBe(1);
    const first = routes("$default")[0]!;
    expect(first.requestContext).toMatchObject({ routeKey: "$default", eventType: "MESSAGE", connectionId: "ab+/cd=" });
    expect(first.requestContext.messageId).toBeTruthy();
    // As API Gateway reports a failed integration to the client:
    expect(frames.map((f) => JSON.parse(f))).toEqual([{ message: "Internal server error", connectionId: "ab+/cd=", requestId: expect.any(String) }]);
    expect(logged.some((l) => l.includes("handler failed"))).toBe(true);
  });

  it("serves the management API to the real SDK client: post, get, delete (then $disconnect), 410 when gone", async () => {
    const { socket, frames } = await open();
    const other = await open();
    const id = "ab+/cd=";
    await sdk.send(new PostToConnectionCommand({ ConnectionId: id, Data: Buffer.from('{"type":"connection_ack"}') }));
    await sdk.send(new PostToConnectionCommand({ ConnectionId: id, Data: new TextEncoder().encode("second") }));
    await eventually(() => expect(frames).toEqual(['{"type":"connection_ack"}', "second"]));
    expect(other.frames).toEqual([]);

    const info = await sdk.send(new GetConnectionCommand({ ConnectionId: id }));
    expect(info.ConnectedAt).toBeInstanceOf(Date);
    expect(info.LastActiveAt).toBeInstanceOf(Date);
    expect(info.ConnectedAt!.getTime()).toBeLessThanOrEqual(info.LastActiveAt!.getTime());
    expect(info.Identity?.SourceIp).toBe("127.0.0.1");

    // managementApiPoster (what the Lambdas use) over the same endpoint.
    const { post, destroy } = managementApiPoster(gateway.managementEndpoint);
    expect(await post("L0SM9cOFvHcCIhw=", { type: "pong" })).toBe("sent");
    await eventually(() => expect(other.frames).toEqual(['{"type":"pong"}']));
    expect(await post("never-was", { type: "pong" })).toBe("gone");
    destroy();

    await expect(sdk.send(new PostToConnectionCommand({ ConnectionId: "never-was", Data: Buffer.from("x") }))).rejects.toBeInstanceOf(GoneException);
    await expect(sdk.send(new PostToConnectionCommand({ ConnectionId: id, Data: Buffer.alloc(129 * 1024, 97) }))).rejects.toBeInstanceOf(PayloadTooLargeException);

    const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
    await sdk.send(new DeleteConnectionCommand({ ConnectionId: id }));
    expect(await closed).toBe(1000);
    await eventually(() => expect(routes("$disconnect").map((e) => e.requestContext.connectionId)).toEqual([id]));
    expect(routes("$disconnect")[0]!.requestContext.eventType).toBe("DISCONNECT");
    await expect(sdk.send(new GetConnectionCommand({ ConnectionId: id }))).rejects.toBeInstanceOf(GoneException);
    expect(gateway.connectionIds()).toEqual(["L0SM9cOFvHcCIhw="]);
  });

  it("is not reachable through the public port", async () => {
    await open();
    const publicUrl = url.replace("ws://", "http://").replace("/graphql", "");
    const response = await fetch(`${publicUrl}/local/@connections/${encodeURIComponent("ab+/cd=")}`, { method: "POST", body: "x" });
    expect(await response.text()).toBe("plain http");
    expect(new URL(gateway.managementEndpoint).hostname).toBe("127.0.0.1");
    expect(new URL(gateway.managementEndpoint).port).not.toBe(new URL(publicUrl).port);
  });

  it("a client closing gets $disconnect after its frames; a vanished one gets none and answers 410", async () => {
    const a = await open();
    a.socket.send("last words");
    a.socket.close(4000, "bye");
    await eventually(() => expect(routes("$disconnect")).toHaveLength(1));
    expect(events.filter((e) => e.requestContext.connectionId === "ab+/cd=").map((e) => e.requestContext.routeKey)).toEqual(["$connect", "$default", "$disconnect"]);
    expect(routes("$disconnect")[0]!.requestContext).toMatchObject({ disconnectStatusCode: 4000, disconnectReason: "bye" });

    const b = await open();
    const closed = new Promise((resolve) => b.socket.once("close", resolve));
    expect(gateway.vanish("L0SM9cOFvHcCIhw=")).toBe(true);
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(routes("$disconnect")).toHaveLength(1);
    await expect(sdk.send(new PostToConnectionCommand({ ConnectionId: "L0SM9cOFvHcCIhw=", Data: Buffer.from("x") }))).rejects.toBeInstanceOf(GoneException);
  });

  it("a client that leaves while $connect runs gets its $disconnect; close() disconnects everyone", async () => {
    let release!: () => void;
    connectAnswer = () =>
      new Promise((resolve) => (release = () => resolve({ statusCode: 200, headers: { "Sec-WebSocket-Protocol": "graphql-transport-ws" } })));
    const socket = new WebSocket(url, ["graphql-transport-ws"]);
    socket.on("error", () => {});
    await eventually(() => expect(routes("$connect")).toHaveLength(1));
    socket.terminate();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await eventually(() => expect(routes("$disconnect").map((e) => e.requestContext.connectionId)).toEqual(["ab+/cd="]));
    expect(gateway.connectionIds()).toEqual([]);

    connectAnswer = async () => ({ statusCode: 200, headers: { "Sec-WebSocket-Protocol": "graphql-transport-ws" } });
    const one = await open();
    const two = await open();
    const codes = Promise.all([one, two].map((c) => new Promise((resolve) => c.socket.once("close", resolve))));
    await gateway.close();
    expect(await codes).toEqual([1001, 1001]);
    expect(routes("$disconnect")).toHaveLength(3);
  });
});
