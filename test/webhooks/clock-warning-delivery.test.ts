import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { STORE_KINDS } from "../../src/server/store-kind.js";
import { createViaRest } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { type Receiver, startReceiver, verify } from "./receiver.js";

let dataDir: string;
beforeAll(async () => void (dataDir = await mkdtemp(join(tmpdir(), "tabula-warnings-"))));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const FAST = { retryDelaysMs: [100, 100, 100], timeoutMs: 2000 };
/** A minute per move and a warning 59 s before the deadline: each turn is warned a second after it starts. */
const MATCH = { ruleset: "backgammon", timeControl: { minutesPerMove: 1 } };
const LEAD_SECONDS = 59;

describe.each(STORE_KINDS)("clock warnings on the %s store", (store) => {
  let receiver: Receiver;
  const servers: TestServer[] = [];
  const start = async (options: Parameters<typeof startTestServer>[0] = {}) => {
    const t = await startTestServer({ store, webhooks: FAST, ...options });
    servers.push(t);
    return t;
  };
  beforeAll(async () => void (receiver = await startReceiver()));
  afterAll(() => receiver.close());
  afterEach(async () => {
    for (const t of servers.splice(0)) await t.close();
    receiver.received.length = 0;
    receiver.status = 200;
  });

  const warningsReceived = () => receiver.received.filter((r) => r.payload.type === "clock.warning");

  it("come the webhook's own lead before the deadline, between commits, with nobody acting", async () => {
    const t = await start();
    const created = await createViaRest(t, MATCH);
    const reply = await t.rest("POST", "/api/webhooks", { token: created.tokens[0], json: { url: receiver.url, matchId: created.match.id, events: ["clock.warning"], clockWarningSeconds: LEAD_SECONDS } });
    expect(reply.status).toBe(201);
    expect(reply.body.webhook.clockWarningSeconds).toBe(LEAD_SECONDS);
    await receiver.waitFor(() => warningsReceived().length > 0, 5000);
    const arrived = Date.now();
    const [warning] = warningsReceived();
    verify(reply.body.secret, warning!);
    const deadline = Date.parse(warning!.payload.data.deadline);
    expect(warning!.payload.timestamp).toBe(new Date(deadline - LEAD_SECONDS * 1000).toISOString());
    expect(arrived).toBeGreaterThanOrEqual(deadline - LEAD_SECONDS * 1000 - 50);
  });

  it("are retried on the schedule when the receiver fails, under the same id, until one gets through", async () => {
    const t = await start();
    const created = await createViaRest(t, MATCH);
    receiver.status = 503;
    const hook = (await t.rest("POST", "/api/webhooks", { token: created.tokens[0], json: { url: receiver.url, matchId: created.match.id, events: ["clock.warning"], clockWarningSeconds: LEAD_SECONDS } })).body;
    await receiver.waitFor(() => warningsReceived().length >= 2, 5000);
    receiver.status = 200;
    // Before the opening roll both seats are due: a warning each (the second waits for the first), every one delivered in the end.
    const ids = () => [...new Set(warningsReceived().map((r) => r.id))];
    await receiver.waitFor(() => ids().every((id) => receiver.accepted().some((r) => r.id === id)), 5000);
    await t.server.webhooks.idle();
    const log = (await t.rest("GET", `/api/webhooks/${hook.webhook.id}/deliveries`, { token: created.tokens[0] })).body.deliveries as { eventId: string; attempt: number; ok: boolean; status: number; nextAttemptAt: string | null }[];
    const firstTried = log.filter((d) => d.eventId === ids()[0]).reverse();
    expect(firstTried[0]).toMatchObject({ attempt: 1, ok: false, status: 503, nextAttemptAt: expect.any(String) });
    for (const id of ids()) {
      const attempts = log.filter((d) => d.eventId === id).reverse();
      expect(attempts.at(-1)).toMatchObject({ ok: true, status: 200, nextAttemptAt: null });
      expect(attempts.map((d) => d.attempt)).toEqual(attempts.map((_, i) => i + 1));
      expect(receiver.accepted().filter((r) => r.id === id)).toHaveLength(1);
    }
  });

  it("are not sent again after a restart, and one that fell due while the server was down comes once it is back", async () => {
    const dir = join(dataDir, `restart-${store}`);
    const first = await start({ dataDir: dir });
    const created = await createViaRest(first, MATCH);
    const token = created.tokens[0]!;
    await first.rest("POST", "/api/webhooks", { token, json: { url: receiver.url, matchId: created.match.id, events: ["clock.warning"], clockWarningSeconds: LEAD_SECONDS } });
    await receiver.waitFor(() => warningsReceived().length > 0, 5000);
    await first.server.webhooks.idle();
    const before = warningsReceived().length;
    await first.close();
    servers.splice(servers.indexOf(first), 1);

    const second = await start({ dataDir: dir });
    await second.server.webhooks.idle();
    // A second match's warning falls due while nothing runs: registered, then the server stops before it is due.
    const other = await createViaRest(second, MATCH);
    await second.rest("POST", "/api/webhooks", { token: other.tokens[0], json: { url: receiver.url, matchId: other.match.id, events: ["clock.warning"], clockWarningSeconds: LEAD_SECONDS } });
    await second.close();
    servers.splice(servers.indexOf(second), 1);
    await new Promise((resolve) => setTimeout(resolve, 1200));

    const third = await start({ dataDir: dir });
    await receiver.waitFor(() => warningsReceived().some((r) => r.payload.data.matchId === other.match.id), 5000);
    await third.server.webhooks.idle();
    const ofMatch = (matchId: string) => warningsReceived().filter((r) => r.payload.data.matchId === matchId);
    expect(ofMatch(created.match.id)).toHaveLength(before);
    expect(new Set(ofMatch(other.match.id).map((r) => r.id)).size).toBe(ofMatch(other.match.id).length);
  });
});

describe("clockWarningSeconds", () => {
  let t: TestServer;
  beforeAll(async () => void (t = await startTestServer({ webhooks: FAST })));
  afterAll(() => t.close());

  it("is a whole number of seconds from 1 to 30 days, refused otherwise with nothing registered", async () => {
    const created = await createViaRest(t, MATCH);
    const token = created.tokens[0]!;
    for (const bad of [0, -5, 1.5, 30 * 86_400 + 1, "60", true]) {
      const reply = await t.rest("POST", "/api/webhooks", { token, json: { url: "http://127.0.0.1:9/hook", matchId: created.match.id, clockWarningSeconds: bad } });
      expect(reply.status, String(bad)).toBe(400);
      expect(reply.body.error.code).toBe("BAD_USER_INPUT");
    }
    expect((await t.rest("GET", `/api/webhooks?matchId=${created.match.id}`, { token })).body.webhooks).toEqual([]);
    const made = (await t.rest("POST", "/api/webhooks", { token, json: { url: "http://127.0.0.1:9/hook", matchId: created.match.id } })).body.webhook;
    expect(made.clockWarningSeconds).toBeNull();
    const changed = await t.gql(`mutation($id: ID!) { updateWebhook(id: $id, clockWarningSeconds: 600) { clockWarningSeconds } }`, { id: made.id }, { token });
    expect(changed.data).toEqual({ updateWebhook: { clockWarningSeconds: 600 } });
  });
});
