import { afterEach, describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import { type LocalManagementApi, type ManagedConnection, startLocalManagementApi } from "../../src/local-aws/management-api.js";
import { createLogger } from "../../src/logger.js";
import { managementApiPoster } from "../../src/realtime/aws/management-api.js";

/**
 * The local management API's answers as API Gateway's: 200 for an open connection, 410 Gone for
 * one that is not, and, with a throttle, 429 LimitExceededException once the account's token
 * bucket is empty. The fan-out's poster reads them as it reads AWS's.
 */

/** A connection whose socket only records what it is sent. */
function connection(received: string[]): ManagedConnection {
  const socket = { OPEN: 1, readyState: 1, send: (data: Buffer, _options: unknown, done: (error?: Error) => void) => (received.push(data.toString("utf8")), done()) };
  return { socket: socket as unknown as WebSocket, connectedAt: Date.now(), lastActiveAt: Date.now(), sourceIp: "127.0.0.1", userAgent: undefined };
}

const post = (api: LocalManagementApi, id: string, body = '{"type":"ping"}') => fetch(`${api.endpoint}/@connections/${id}`, { method: "POST", body });

describe("the local management API", () => {
  let api: LocalManagementApi | undefined;
  afterEach(() => api?.close());

  it("answers 200 to an open connection and 410 Gone to any other, and counts both (no throttle unless given)", async () => {
    const received: string[] = [];
    api = await startLocalManagementApi({ connections: new Map([["open", connection(received)]]), stage: "local", logger: createLogger("silent") });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => post(api!, i % 5 === 0 ? "dead" : "open", `{"n":${i}}`)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 50 }, (_, i) => (i % 5 === 0 ? 410 : 200)));
    expect(answers[0]!.headers.get("x-amzn-errortype")).toBe("GoneException");
    expect(received.sort()).toEqual(Array.from({ length: 50 }, (_, i) => i).filter((i) => i % 5 !== 0).map((i) => `{"n":${i}}`).sort());
    expect(api.counts()).toEqual({ requests: 50, sent: 40, gone: 10, throttled: 0 });
  });

  it("with a throttle, answers 429 LimitExceededException once the burst is spent, and the poster gives up after its retries", async () => {
    const received: string[] = [];
    // A bucket that refills once in about 17 minutes: no request of this test gets a new token.
    api = await startLocalManagementApi({ connections: new Map([["open", connection(received)]]), stage: "local", logger: createLogger("silent"), throttle: { rateLimit: 0.001, burstLimit: 2 } });
    expect((await post(api, "open")).status).toBe(200);
    expect((await post(api, "dead")).status).toBe(410);
    const throttled = await post(api, "open");
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("x-amzn-errortype")).toBe("LimitExceededException");
    expect(received).toHaveLength(1);

    const { post: push, destroy } = managementApiPoster(api.endpoint);
    try {
      await expect(push("open", { type: "ping" })).rejects.toThrow(/PostToConnection open: HTTP 429/);
    } finally {
      destroy();
    }
    // The poster tried three times.
    expect(api.counts()).toEqual({ requests: 6, sent: 1, gone: 1, throttled: 4 });
  });

  it("the poster reads 200 as sent and 410 as gone", async () => {
    const received: string[] = [];
    api = await startLocalManagementApi({ connections: new Map([["open", connection(received)]]), stage: "local", logger: createLogger("silent"), answerDelayMs: 5 });
    const { post: push, destroy } = managementApiPoster(api.endpoint);
    try {
      expect(await push("open", { type: "ping" })).toBe("sent");
      expect(await push("dead", { type: "ping" })).toBe("gone");
    } finally {
      destroy();
    }
    expect(received).toEqual(['{"type":"ping"}']);
  });
});
