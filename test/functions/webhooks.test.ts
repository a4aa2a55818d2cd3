import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalLambda } from "../../infra/local-lambda.js";
import { TABLE_ACCESS } from "../../infra/stack.js";
import type { StoredItem } from "../../src/store/dynamo/embedded-store.js";
import { matchIdOfCommit } from "../../src/store/dynamo/table.js";
import { BUILD_TIMEOUT_MS, call, createMatchVia, type Fixture, httpEvent, rollVia, setUp, streamRecord } from "./support.js";

/**
 * Webhooks on the deployed path: registered through the REST bundle, delivered by the
 * webhook-deliver bundle from a DynamoDB Streams batch of the commits, retried by its scheduled
 * sweep. The receiver is on 127.0.0.1, so both run with WEBHOOK_ALLOW_LOOPBACK=1 (tests only:
 * the stack never sets it, and a REST bundle without it refuses the same URL).
 */
let fx: Fixture;
let rest: LocalLambda;
let deployedRest: LocalLambda;
let deliver: LocalLambda;
let receiver: Server;
let receiverUrl: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
/** The receiver answers 500 while set. */
let failing = false;
const commits: StoredItem[] = [];

beforeAll(async () => {
  fx = await setUp(["rest", "webhook-deliver"]);
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      if (failing) {
        res.writeHead(500).end();
        return;
      }
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  fx.store.onPut((written) => {
    if (written.tableName === fx.tableName && matchIdOfCommit(written.item)) commits.push(written);
  });
  const loopback = { WEBHOOK_ALLOW_LOOPBACK: "1" };
  [rest, deliver, deployedRest] = await Promise.all([fx.start("rest", loopback), fx.start("webhook-deliver", loopback), fx.start("rest")]);
}, BUILD_TIMEOUT_MS);
afterAll(async () => {
  await fx?.close();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

let sequence = 0;
const batchOf = (written: StoredItem[]) => ({ Records: written.map((w) => streamRecord(w, ++sequence)) });
const sweep = () => deliver.invoke<{ due: { kind: string; webhookId: string; matchId: string | null }[] }>({ source: "aws.events", "detail-type": "Scheduled Event", time: new Date().toISOString(), detail: {} });

const createMatch = (extra: Record<string, unknown> = {}) => createMatchVia(rest, extra);
const roll = (id: string, tokens: string[]) => rollVia(rest, commits, id, tokens);

async function register(matchId: string, token: string, extra: Record<string, unknown> = {}): Promise<{ id: string; secret: string }> {
  const created = await call(rest, httpEvent("POST", "/api/webhooks", { token, json: { url: receiverUrl, matchId, ...extra } }));
  expect(created.status, created.raw).toBe(201);
  return { id: created.body.webhook.id, secret: created.body.secret };
}

const deliveries = async (id: string, token: string) => (await call(rest, httpEvent("GET", `/api/webhooks/${id}/deliveries`, { token }))).body.deliveries as any[];

describe("webhooks on Lambda", () => {
  it("the REST bundle with the deployed policy refuses a loopback receiver", async () => {
    const { id, tokens } = await createMatch();
    const refused = await call(deployedRest, httpEvent("POST", "/api/webhooks", { token: tokens[0]!, json: { url: receiverUrl, matchId: id } }));
    expect(refused.status, refused.raw).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("BAD_USER_INPUT");
    expect(JSON.stringify(refused.body)).toContain('"reason":"scheme"');
  });

  it("a stream batch of new commits is delivered by webhook-deliver, signed (standardwebhooks verifies it)", async () => {
    const { id, tokens } = await createMatch();
    const hook = await register(id, tokens[0]!);
    const written = await roll(id, tokens);
    expect(written.length).toBeGreaterThan(0);
    const before = received.length;
    expect(await deliver.invoke(batchOf(written))).toEqual({ batchItemFailures: [] });
    const got = received.slice(before);
    expect(got.length).toBeGreaterThan(0);
    const verifier = new Webhook(hook.secret);
    const events = got.map((r) => verifier.verify(r.body, r.headers as Record<string, string>) as { type: string; data: { matchId: string } });
    expect(events[0]).toMatchObject({ type: "match.updated", data: { matchId: id } });
    // The same batch again (the stream retries): nothing new, the cursor has moved on.
    expect(await deliver.invoke(batchOf(written))).toEqual({ batchItemFailures: [] });
    expect(received.length).toBe(before + got.length);
  });

  it("a receiver that fails gets the event again from the scheduled sweep once the retry is due, not before", async () => {
    const { id, tokens } = await createMatch();
    const hook = await register(id, tokens[0]!);
    failing = true;
    const written = await roll(id, tokens);
    const before = received.length;
    try {
      expect(await deliver.invoke(batchOf(written))).toEqual({ batchItemFailures: [] });
    } finally {
      failing = false;
    }
    const [failed] = await deliveries(hook.id, tokens[0]!);
    expect(failed).toMatchObject({ attempt: 1, ok: false, status: 500 });
    expect(failed.nextAttemptAt).not.toBeNull();
    const dueAt = Date.parse(failed.nextAttemptAt);
    // Not yet due (the first retry comes about 5 s later): the sweep sends nothing. (It may run
    // the catch-up the registration queued, which finds the retry not due.)
    if (Date.now() < dueAt - 500) {
      expect((await sweep()).due.filter((d) => d.webhookId === hook.id && d.matchId !== null)).toEqual([]);
      expect(received.length).toBe(before);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt - Date.now() + 50)));
    const report = await sweep();
    expect(report.due).toContainEqual({ kind: "events", webhookId: hook.id, matchId: id });
    const got = received.slice(before);
    expect(got.length).toBeGreaterThan(0);
    const first = new Webhook(hook.secret).verify(got[0]!.body, got[0]!.headers as Record<string, string>) as { type: string };
    expect(first.type).toBe("match.updated");
    expect(got[0]!.headers["webhook-id"]).toBe(failed.eventId);
    expect((await deliveries(hook.id, tokens[0]!))[0]).toMatchObject({ eventId: failed.eventId, ok: true, nextAttemptAt: null });
    // Delivered: nothing of it is due any more.
    expect((await sweep()).due.filter((d) => d.webhookId === hook.id)).toEqual([]);
  }, 20_000);

  it("a paused webhook misses commits; resumed, its catch-up is queued and the sweep delivers what it missed", async () => {
    const { id, tokens } = await createMatch();
    const hook = await register(id, tokens[0]!);
    const paused = await call(rest, httpEvent("POST", `/api/webhooks/${hook.id}`, { token: tokens[0]!, json: { paused: true } }));
    expect(paused.status, paused.raw).toBe(200);
    const written = await roll(id, tokens);
    const before = received.length;
    await deliver.invoke(batchOf(written));
    expect(received.length).toBe(before);
    const resumed = await call(rest, httpEvent("POST", `/api/webhooks/${hook.id}`, { token: tokens[0]!, json: { paused: false } }));
    expect(resumed.status, resumed.raw).toBe(200);
    expect(received.length).toBe(before);
    const report = await sweep();
    expect(report.due).toContainEqual({ kind: "catchUp", webhookId: hook.id, matchId: null });
    expect(received.length).toBeGreaterThan(before);
    expect(new Webhook(hook.secret).verify(received[before]!.body, received[before]!.headers as Record<string, string>)).toMatchObject({ type: "match.updated" });
    // The catch-up is done: not queued again.
    expect((await sweep()).due.filter((d) => d.webhookId === hook.id)).toEqual([]);
  });

  it("a clock warning that falls due between commits is sent by the sweep, once", async () => {
    // A minute per move, warned 59 s before the deadline: due a second after the match starts, with no commit then.
    const { id, tokens } = await createMatch({ timeControl: { minutesPerMove: 1 } });
    const created = Date.now();
    const hook = await register(id, tokens[0]!, { events: ["clock.warning"], clockWarningSeconds: 59 });
    const warnings = () => received.filter((r) => JSON.parse(r.body).type === "clock.warning" && JSON.parse(r.body).data.matchId === id);
    await sweep(); // the registration's catch-up: it finds the warning not yet due, and stores when it is
    if (Date.now() < created + 800) expect(warnings()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, created + 1100 - Date.now())));
    const report = await sweep();
    expect(report.due).toContainEqual({ kind: "warnings", webhookId: hook.id, matchId: id });
    expect(warnings().length).toBeGreaterThan(0);
    const verified = new Webhook(hook.secret).verify(warnings()[0]!.body, warnings()[0]!.headers as Record<string, string>) as { type: string; data: { deadline: string } };
    expect(verified.type).toBe("clock.warning");
    const sent = warnings().length;
    // Sent: the next sweeps send it no more (what falls due next is the timeout, a commit).
    await sweep();
    expect(warnings().length).toBe(sent);
  }, 20_000);

  it("testWebhook sends webhook.test from the REST function itself and answers the attempt", async () => {
    const { id, tokens } = await createMatch();
    const hook = await register(id, tokens[0]!);
    const before = received.length;
    const tested = await call(rest, httpEvent("POST", `/api/webhooks/${hook.id}/test`, { token: tokens[0]! }));
    expect(tested.status, tested.raw).toBe(200);
    expect(tested.body).toMatchObject({ type: "webhook.test", ok: true, status: 204 });
    expect(received.length).toBe(before + 1);
    expect(new Webhook(hook.secret).verify(received[before]!.body, received[before]!.headers as Record<string, string>)).toMatchObject({ type: "webhook.test" });
    const deleted = await call(rest, httpEvent("POST", `/api/webhooks/${hook.id}/delete`, { token: tokens[0]! }));
    expect(deleted.status, deleted.raw).toBe(200);
  });
});

describe("table permissions cover what the code does", () => {
  for (const name of ["rest", "webhook-deliver"] as const) {
    it(`${name}: within ${TABLE_ACCESS[name].join(", ")}`, () => {
      const allowed = TABLE_ACCESS[name].map((a) => `dynamodb:${a}`);
      const used = fx.operations(name);
      expect(used.length).toBeGreaterThan(0);
      for (const action of used) expect(allowed).toContain(action);
    });
  }
});
