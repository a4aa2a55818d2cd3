import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { STORE_KINDS } from "../../src/server/store-kind.js";
import { playCommands } from "../helpers/play-api.js";
import { createViaRest, events, getMatch } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { type Receiver, startReceiver, verify } from "./receiver.js";

let dataDir: string;
beforeAll(async () => void (dataDir = await mkdtemp(join(tmpdir(), "tabula-hooks-"))));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Short retries, so the tests wait milliseconds where a real receiver gets minutes. */
const FAST = { retryDelaysMs: [50, 100, 150, 200, 250, 300, 300, 300, 300], timeoutMs: 2000 };

async function register(t: TestServer, token: string, body: Record<string, unknown>): Promise<{ id: string; secret: string }> {
  const reply = await t.rest("POST", "/api/webhooks", { token, json: body });
  if (reply.status !== 201) throw new Error(`createWebhook: ${reply.status} ${reply.raw}`);
  return { id: reply.body.webhook.id, secret: reply.body.secret };
}

/** The match's versions after `from`, as its log holds them. */
const versionsAfter = async (t: TestServer, matchId: string, from: number): Promise<number[]> => (await events(t, matchId)).map((e) => e.version).filter((v) => v > from);

describe.each(STORE_KINDS)("webhook delivery on the %s store", (store) => {
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
    receiver.hold = false;
  });

  it("delivers every event of a played match, in order, signed, each id once", async () => {
    const t = await start();
    const created = await createViaRest(t);
    const matchId = created.match.id;
    const hook = await register(t, created.tokens[0]!, { url: receiver.url, matchId });
    await playCommands(t, created, 12);
    const resigned = await t.rest("POST", `/api/matches/${matchId}/resign`, { token: created.tokens[1] });
    expect(resigned.body.status).toBe("FINISHED");
    const final = resigned.body.version as number;
    await receiver.waitFor(() => receiver.accepted().some((r) => r.payload.type === "match.finished"));

    const got = receiver.accepted();
    for (const r of got) verify(hook.secret, r);
    // One match.updated per committed event after the registration, in the log's order.
    const updated = got.filter((r) => r.payload.type === "match.updated").map((r) => r.payload.data.version);
    expect(updated).toEqual(await versionsAfter(t, matchId, created.match.version));
    expect(updated.at(-1)).toBe(final);
    // Every delivery in version order, the seat's turns among them, the end last.
    const versions = got.map((r) => r.payload.data.version as number);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(got.some((r) => r.payload.type === "match.yourTurn" && r.payload.data.seats.includes(0))).toBe(true);
    expect(got.at(-1)!.payload).toMatchObject({ type: "match.finished", data: { matchId, version: final } });
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(receiver.received.length);

    // The delivery log says the same, newest first.
    const log = await t.rest("GET", `/api/webhooks/${hook.id}/deliveries`, { token: created.tokens[0] });
    expect(log.status).toBe(200);
    expect(log.body.deliveries[0]).toMatchObject({ type: "match.finished", ok: true, status: 200, attempt: 1, error: null, nextAttemptAt: null });
    expect(log.body.deliveries.map((d: { eventId: string }) => d.eventId).reverse()).toEqual(got.map((r) => r.id));
  });

  it("follows a player into its matches: a player webhook hears its turns and its invitations taken", async () => {
    const t = await start();
    const player = (await t.rest("POST", "/api/players", { json: { name: "Ada" } })).body;
    const hook = await register(t, player.token, { url: receiver.url, playerId: player.player.id, events: ["invitation.accepted", "match.yourTurn"] });
    const made = await t.rest("POST", "/api/matches", { token: player.token, json: { ruleset: "backgammon", playerSeat: 0, openSeats: [{ seat: 1 }] } });
    expect(made.status).toBe(201);
    const matchId = made.body.match.id as string;
    const joined = await t.rest("POST", `/api/matches/${matchId}/join`, { json: { invitation: made.body.invitations[0].code } });
    expect(joined.status).toBe(200);
    await receiver.waitFor(() => receiver.accepted().some((r) => r.payload.type === "invitation.accepted"));
    const got = receiver.accepted();
    for (const r of got) verify(hook.secret, r);
    expect(got[0]!.payload).toMatchObject({ type: "invitation.accepted", data: { matchId, seat: 1 } });
    expect(got.every((r) => ["invitation.accepted", "match.yourTurn"].includes(r.payload.type))).toBe(true);
  });

  it("retries a receiver that answers 503 until it is back, then delivers everything, in order", async () => {
    const t = await start();
    const created = await createViaRest(t);
    const matchId = created.match.id;
    const hook = await register(t, created.tokens[0]!, { url: receiver.url, matchId, events: ["match.updated"] });
    receiver.status = 503;
    const view = await playCommands(t, created, 6);
    await receiver.waitFor(() => receiver.received.filter((r) => r.answered === 503).length >= 3);
    const log = await t.rest("GET", `/api/webhooks/${hook.id}/deliveries`, { token: created.tokens[0] });
    expect(log.body.deliveries[0]).toMatchObject({ ok: false, status: 503, error: "status: The receiver answered 503", nextAttemptAt: expect.any(String) });
    receiver.status = 200;
    await receiver.waitFor(() => receiver.accepted().some((r) => r.payload.data.version === view.version));
    const got = receiver.accepted();
    for (const r of got) verify(hook.secret, r);
    expect(got.map((r) => r.payload.data.version)).toEqual(await versionsAfter(t, matchId, created.match.version));
    // Every retry of an event carries its id: a receiver that dedupes keeps each once.
    const failed = receiver.received.filter((r) => r.answered === 503);
    expect(failed.every((r) => got.some((g) => g.id === r.id && g.body === r.body))).toBe(true);
    expect((await t.rest("GET", `/api/webhooks?matchId=${matchId}`, { token: created.tokens[0] })).body.webhooks[0].status).toBe("active");
  });

  it("disables a webhook after the last attempt; resuming it delivers what it missed", async () => {
    const t = await start({ webhooks: { retryDelaysMs: [20, 20], timeoutMs: 2000 } });
    const created = await createViaRest(t);
    const matchId = created.match.id;
    const token = created.tokens[0]!;
    const hook = await register(t, token, { url: receiver.url, matchId, events: ["match.updated"] });
    receiver.status = 500;
    const view = await playCommands(t, created, 3);
    const listed = async () => (await t.rest("GET", `/api/webhooks?matchId=${matchId}`, { token })).body.webhooks[0];
    for (let i = 0; i < 200 && (await listed()).status !== "disabled"; i++) await new Promise((r) => setTimeout(r, 20));
    const disabled = await listed();
    expect(disabled).toMatchObject({ status: "disabled", reason: expect.stringMatching(/failed 3 attempts.*500/) });
    expect(receiver.received).toHaveLength(3);
    // Nothing more is tried while disabled, even for new commits.
    await playCommands(t, created, 1);
    await t.server.webhooks.idle();
    expect(receiver.received).toHaveLength(3);

    receiver.status = 200;
    const resumed = await t.rest("POST", `/api/webhooks/${hook.id}`, { token, json: { paused: false } });
    expect(resumed.body).toMatchObject({ status: "active", reason: null });
    const last = (await getMatch(t, matchId)).version;
    expect(last).toBeGreaterThan(view.version);
    await receiver.waitFor(() => receiver.accepted().some((r) => r.payload.data.version === last));
    expect(receiver.accepted().map((r) => r.payload.data.version)).toEqual(await versionsAfter(t, matchId, created.match.version));
  });

  it("keeps a scheduled retry across a restart: the next attempt comes when it was due, not before", async () => {
    const dir = join(dataDir, `retry-${store}`);
    const slow = { retryDelaysMs: [1500, 1500], timeoutMs: 2000 };
    const first = await start({ dataDir: dir, webhooks: slow });
    const created = await createViaRest(first);
    const matchId = created.match.id;
    const token = created.tokens[0]!;
    const hook = await register(first, token, { url: receiver.url, matchId, events: ["match.updated"] });
    receiver.status = 503;
    await playCommands(first, created, 1);
    await receiver.waitFor(() => receiver.received.length === 1);
    const failedAt = Date.now();
    servers.splice(servers.indexOf(first), 1);
    await first.close();

    receiver.status = 200;
    const second = await start({ dataDir: dir, webhooks: slow });
    const log = (await second.rest("GET", `/api/webhooks/${hook.id}/deliveries`, { token })).body.deliveries;
    expect(log).toMatchObject([{ attempt: 1, ok: false, status: 503, nextAttemptAt: expect.any(String) }]);
    const due = Date.parse(log[0].nextAttemptAt);
    await receiver.waitFor(() => receiver.accepted().length === 1);
    // The stored schedule, not an immediate catch-up (a little slack for the clock's granularity).
    expect(Date.now()).toBeGreaterThanOrEqual(due - 50);
    expect(due - failedAt).toBeGreaterThan(1000);
    const [retried] = receiver.accepted();
    expect(retried!.id).toBe(receiver.received[0]!.id);
    verify(hook.secret, retried!);
    // The receiver has it before the server has logged its answer.
    await second.server.webhooks.idle();
    expect((await second.rest("GET", `/api/webhooks/${hook.id}/deliveries`, { token })).body.deliveries[0]).toMatchObject({ attempt: 2, ok: true, nextAttemptAt: null });
  });

  it("loses nothing when the server closes between a commit and its delivery", async () => {
    const dir = join(dataDir, `crash-${store}`);
    const first = await start({ dataDir: dir });
    const created = await createViaRest(first);
    const matchId = created.match.id;
    const hook = await register(first, created.tokens[0]!, { url: receiver.url, matchId, events: ["match.updated"] });
    // The receiver takes the first delivery and never answers it: the server closes meanwhile.
    receiver.hold = true;
    const view = await playCommands(first, created, 5);
    await receiver.waitFor(() => receiver.received.length >= 1);
    servers.splice(servers.indexOf(first), 1);
    await first.close();
    expect(receiver.accepted()).toEqual([]);

    receiver.hold = false;
    const second = await start({ dataDir: dir });
    await receiver.waitFor(() => receiver.accepted().some((r) => r.payload.data.version === view.version));
    const got = receiver.accepted();
    for (const r of got) verify(hook.secret, r);
    expect(got.map((r) => r.payload.data.version)).toEqual(await versionsAfter(second, matchId, created.match.version));
    // The one held before the close came again with the same id and body.
    const heldOne = receiver.received.find((r) => r.answered === null)!;
    expect(got.find((r) => r.id === heldOne.id)?.body).toBe(heldOne.body);
  });
});
