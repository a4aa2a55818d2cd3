import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { sendWebhook, type Delivery, type Resolver } from "../../src/webhooks/send.js";
import { generateSecret, signHeaders } from "../../src/webhooks/sign.js";
import { LOCAL_POLICY, type TargetPolicy } from "../../src/webhooks/target-policy.js";

/** http allowed (the receivers here have no certificate), loopback not: the policy of AWS but for the scheme. */
const NO_LOOPBACK: TargetPolicy = { allowHttp: true, allowLoopback: false };

interface Received {
  readonly headers: IncomingMessage["headers"];
  readonly body: string;
  readonly url: string;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise((done) => s.close(done));
    }),
  );
});

/** A receiver on 127.0.0.1 answering with `answer`; `received` lists what it was sent. */
async function receiver(answer: (req: IncomingMessage, res: ServerResponse) => void, host = "127.0.0.1") {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), url: req.url ?? "" });
      answer(req, res);
    });
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, host, done));
  const port = (server.address() as AddressInfo).port;
  return { port, url: `http://${host.includes(":") ? `[${host}]` : host}:${port}/hook?site=1`, received };
}

const secret = generateSecret();
const body = JSON.stringify({ type: "webhook.test", timestamp: "2026-01-01T00:00:00.000Z", data: { webhookId: "wh-1" } });
const delivery = (url: string): Delivery => ({ url, body, headers: signHeaders(secret, "msg_test", new Date(), body) });

describe("one delivery attempt", () => {
  it("a 200 delivers: the receiver gets the body and headers its library verifies", async () => {
    const r = await receiver((_, res) => res.writeHead(200).end("thanks"));
    const result = await sendWebhook(delivery(r.url), { policy: LOCAL_POLICY });
    expect(result).toMatchObject({ ok: true, status: 200, answer: "thanks" });
    expect(result.error).toBeUndefined();
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    const [got] = r.received;
    expect(got).toMatchObject({ url: "/hook?site=1", body });
    expect(got!.headers["content-type"]).toBe("application/json");
    expect(new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>)).toEqual(JSON.parse(body));
  });

  it("reaches an IPv6 literal (local mode's ::1)", async () => {
    const r = await receiver((_, res) => res.writeHead(200).end(), "::1");
    expect(await sendWebhook(delivery(r.url), { policy: LOCAL_POLICY })).toMatchObject({ ok: true, status: 200 });
    expect(r.received[0]!.headers.host).toBe(`[::1]:${r.port}`);
  });

  it("a 500 fails with its status and answer", async () => {
    const r = await receiver((_, res) => res.writeHead(500).end("boom"));
    expect(await sendWebhook(delivery(r.url), { policy: LOCAL_POLICY })).toMatchObject({ ok: false, status: 500, error: { code: "status" }, answer: "boom" });
  });

  it("a redirect is not followed: it fails with its status, and its target hears nothing", async () => {
    const elsewhere = await receiver((_, res) => res.writeHead(200).end());
    const r = await receiver((_, res) => res.writeHead(307, { location: elsewhere.url }).end());
    const result = await sendWebhook(delivery(r.url), { policy: LOCAL_POLICY });
    expect(result).toMatchObject({ ok: false, status: 307, error: { code: "redirect" } });
    expect(result.error!.message).toContain(elsewhere.url);
    expect(r.received).toHaveLength(1);
    expect(elsewhere.received).toHaveLength(0);
  });

  it("a receiver that does not answer in time fails with a timeout, at the timeout", async () => {
    const r = await receiver(() => {});
    const result = await sendWebhook(delivery(r.url), { policy: LOCAL_POLICY, timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, status: null, error: { code: "timeout" } });
    expect(result.latencyMs).toBeGreaterThanOrEqual(290);
    expect(result.latencyMs).toBeLessThan(2000);
  });

  it("the connect timeout ends with the connection: a slower answer within the total timeout is fine", async () => {
    const r = await receiver((_, res) => setTimeout(() => res.writeHead(200).end(), 300));
    expect(await sendWebhook(delivery(r.url), { policy: LOCAL_POLICY, connectTimeoutMs: 100, timeoutMs: 2000 })).toMatchObject({ ok: true, status: 200 });
  });

  it("reads no more of an answer than the cap: an endless body still gives its 200 at once", async () => {
    const r = await receiver((_, res) => {
      res.writeHead(200);
      const chunk = "x".repeat(64 * 1024);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once("drain", pump);
      };
      pump();
    });
    const result = await sendWebhook(delivery(r.url), { policy: LOCAL_POLICY, timeoutMs: 5000 });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(result.answer).toHaveLength(4096);
    expect(result.latencyMs).toBeLessThan(4000);
  });

  it("a 2xx that then stalls in its body is still delivered, by the deadline", async () => {
    const r = await receiver((_, res) => {
      res.writeHead(204);
      res.flushHeaders();
    });
    const result = await sendWebhook(delivery(r.url), { policy: LOCAL_POLICY, timeoutMs: 300 });
    expect(result).toMatchObject({ ok: true, status: 204 });
  });

  it("a refused connection fails as such", async () => {
    const r = await receiver(() => {});
    await new Promise((done) => servers.pop()!.close(done));
    expect(await sendWebhook(delivery(r.url), { policy: LOCAL_POLICY })).toMatchObject({ ok: false, status: null, error: { code: "connection" } });
  });

  it("https to a receiver without TLS fails in the handshake", async () => {
    const r = await receiver((_, res) => res.writeHead(200).end());
    const result = await sendWebhook(delivery(`https://127.0.0.1:${r.port}/hook`), { policy: LOCAL_POLICY });
    expect(result).toMatchObject({ ok: false, status: null, error: { code: "connection" } });
  });
});

describe("where it may connect", () => {
  it("refuses a loopback target unless local mode allows it, and sends nothing", async () => {
    const r = await receiver((_, res) => res.writeHead(200).end());
    expect(await sendWebhook(delivery(r.url), { policy: NO_LOOPBACK })).toMatchObject({ ok: false, status: null, error: { code: "refusedTarget" } });
    expect(await sendWebhook(delivery(`http://[::1]:${r.port}/`), { policy: NO_LOOPBACK })).toMatchObject({ error: { code: "refusedTarget" } });
    expect(r.received).toHaveLength(0);
  });

  it("refuses http outside local mode before any lookup", async () => {
    let looked = 0;
    const resolve: Resolver = async () => (looked++, [{ address: "93.184.215.14", family: 4 }]);
    expect(await sendWebhook(delivery("http://hooks.example.com/"), { policy: { allowHttp: false, allowLoopback: false }, resolve })).toMatchObject({ error: { code: "refusedTarget" } });
    expect(looked).toBe(0);
  });

  it("refuses a name that resolves to a private, loopback or metadata address, or to any such among public ones", async () => {
    const r = await receiver((_, res) => res.writeHead(200).end());
    const table: Record<string, string[]> = {
      "private.example": ["10.0.0.5"],
      "loop.example": ["127.0.0.1"],
      "metadata.example": ["169.254.169.254"],
      "v6.example": ["fd00:ec2::254"],
      "mixed.example": ["93.184.215.14", "192.168.1.1"],
    };
    const resolve: Resolver = async (host) => table[host]!.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    for (const host of Object.keys(table)) {
      const result = await sendWebhook(delivery(`http://${host}:${r.port}/hook`), { policy: NO_LOOPBACK, resolve });
      expect(result, host).toMatchObject({ ok: false, status: null, error: { code: "refusedTarget" } });
      expect(result.error!.message).toContain(host);
    }
    expect(r.received).toHaveLength(0);
  });

  it("connects to the address it checked, resolving the name once: a second answer (a rebinding) is never used", async () => {
    const r = await receiver((_, res) => res.writeHead(200).end());
    const answers = ["127.0.0.1", "10.0.0.1"];
    let calls = 0;
    const resolve: Resolver = async () => [{ address: answers[calls++]!, family: 4 }];
    const result = await sendWebhook(delivery(`http://receiver.test:${r.port}/hook`), { policy: LOCAL_POLICY, resolve });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(calls).toBe(1);
    // The name, not the address, is what the receiver is told (its Host header, and TLS's SNI and certificate check).
    expect(r.received[0]!.headers.host).toBe(`receiver.test:${r.port}`);
  });

  it("a name that does not resolve fails as dns, one whose lookup hangs at the deadline", async () => {
    const missing: Resolver = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND nowhere.test"), { code: "ENOTFOUND" });
    };
    expect(await sendWebhook(delivery("http://nowhere.test/"), { policy: LOCAL_POLICY, resolve: missing })).toMatchObject({ ok: false, error: { code: "dns" } });
    const none: Resolver = async () => [];
    expect(await sendWebhook(delivery("http://nowhere.test/"), { policy: LOCAL_POLICY, resolve: none })).toMatchObject({ error: { code: "dns" } });
    const hangs: Resolver = () => new Promise(() => {});
    expect(await sendWebhook(delivery("http://slow.test/"), { policy: LOCAL_POLICY, resolve: hangs, timeoutMs: 200 })).toMatchObject({ error: { code: "timeout" } });
  });
});
