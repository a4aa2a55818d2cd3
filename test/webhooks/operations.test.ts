import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.js";
import { DEPLOYED_POLICY } from "../../src/webhooks/target-policy.js";
import { playCommands } from "../helpers/play-api.js";
import { createViaRest } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { type Receiver, startReceiver, verify } from "./receiver.js";

const FAST = { retryDelaysMs: [50, 50], timeoutMs: 2000 };

describe("the webhook operations", () => {
  let t: TestServer;
  let receiver: Receiver;
  const lines: string[] = [];
  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startTestServer({ webhooks: FAST, logger: createLogger("debug", (line) => void lines.push(line)) });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const player = async (name = "Ada"): Promise<{ id: string; token: string }> => {
    const reply = await t.rest("POST", "/api/players", { json: { name } });
    return { id: reply.body.player.id, token: reply.body.token };
  };
  const create = (token: string | undefined, json: Record<string, unknown>) => t.rest("POST", "/api/webhooks", { token, json });

  it("registers a match webhook for the token's seat and a player webhook, answering the secret once", async () => {
    const created = await createViaRest(t);
    const made = await create(created.tokens[1], { url: receiver.url, matchId: created.match.id, events: ["match.yourTurn", "match.updated"] });
    expect(made.status).toBe(201);
    expect(made.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(made.body.webhook).toMatchObject({ id: expect.stringMatching(/^wh_/), url: receiver.url, scope: "match", matchId: created.match.id, seat: 1, playerId: null, status: "active", reason: null, events: ["match.updated", "match.yourTurn"] });
    const ada = await player();
    const mine = await create(ada.token, { url: receiver.url, playerId: ada.id });
    expect(mine.status).toBe(201);
    expect(mine.body.webhook).toMatchObject({ scope: "player", playerId: ada.id, matchId: null, seat: null, events: ["match.updated", "match.yourTurn", "match.finished", "invitation.accepted"] });
    // Over GraphQL too, listed as the caller's.
    const listed = await t.gql(`{ webhooks { id scope playerId events status } }`, undefined, { token: ada.token });
    expect(listed.errors).toBeUndefined();
    expect(listed.data.webhooks).toEqual([{ id: mine.body.webhook.id, scope: "player", playerId: ada.id, events: mine.body.webhook.events, status: "active" }]);
    const seatList = await t.rest("GET", `/api/webhooks?matchId=${created.match.id}`, { token: created.tokens[1] });
    expect(seatList.body.webhooks.map((w: { id: string }) => w.id)).toEqual([made.body.webhook.id]);
    // The other seat has none of its own.
    expect((await t.rest("GET", `/api/webhooks?matchId=${created.match.id}`, { token: created.tokens[0] })).body.webhooks).toEqual([]);
  });

  it("registers over GraphQL", async () => {
    const ada = await player();
    const made = await t.gql(`mutation($url: String!, $p: ID) { createWebhook(url: $url, playerId: $p, events: ["match.finished"]) { secret webhook { id events } } }`, { url: receiver.url, p: ada.id }, { token: ada.token });
    expect(made.errors).toBeUndefined();
    expect(made.data.createWebhook).toMatchObject({ secret: expect.stringMatching(/^whsec_/), webhook: { events: ["match.finished"] } });
  });

  it("serves every operation over GraphQL: pause, rotate, test, the log, delete", async () => {
    const ada = await player();
    const as = { token: ada.token };
    const made = await t.gql(`mutation($url: String!, $p: ID) { createWebhook(url: $url, playerId: $p) { secret webhook { id } } }`, { url: receiver.url, p: ada.id }, as);
    const id = made.data.createWebhook.webhook.id as string;
    const paused = await t.gql(`mutation($id: ID!) { updateWebhook(id: $id, paused: true, events: ["match.finished"]) { status events } }`, { id }, as);
    expect(paused.data.updateWebhook).toEqual({ status: "paused", events: ["match.finished"] });
    const rotated = await t.gql(`mutation($id: ID!) { rotateWebhookSecret(id: $id) { secret webhook { previousSecretUntil } } }`, { id }, as);
    expect(rotated.data.rotateWebhookSecret.secret).not.toBe(made.data.createWebhook.secret);
    const sent = await t.gql(`mutation($id: ID!) { testWebhook(id: $id) { ok status type eventId } }`, { id }, as);
    expect(sent.data.testWebhook).toMatchObject({ ok: true, status: 200, type: "webhook.test" });
    verify(rotated.data.rotateWebhookSecret.secret, receiver.received.find((r) => r.id === sent.data.testWebhook.eventId)!);
    const log = await t.gql(`query($id: ID!) { webhookDeliveries(id: $id) { eventId ok } }`, { id }, as);
    expect(log.data.webhookDeliveries).toEqual([{ eventId: sent.data.testWebhook.eventId, ok: true }]);
    const refused = await t.gql(`mutation($id: ID!) { updateWebhook(id: $id, url: "http://10.1.2.3/") { status } }`, { id }, as);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "private" });
    const other = await player("Eve");
    const forbidden = await t.gql(`mutation($id: ID!) { deleteWebhook(id: $id) }`, { id }, { token: other.token });
    expect(forbidden.errors?.[0]?.extensions.code).toBe("FORBIDDEN");
    const deleted = await t.gql(`mutation($id: ID!) { deleteWebhook(id: $id) }`, { id }, as);
    expect(deleted.data.deleteWebhook).toBe(id);
    expect((await t.gql(`{ webhooks { id } }`, undefined, as)).data.webhooks).toEqual([]);
  });

  it("refuses without a token, with another match's or player's token, and for an id that does not exist; nothing is created", async () => {
    const a = await createViaRest(t);
    const b = await createViaRest(t);
    const ada = await player();
    const bob = await player("Bob");
    expect((await create(undefined, { url: receiver.url, matchId: a.match.id })).body.error.code).toBe("UNAUTHENTICATED");
    expect((await create(b.tokens[0], { url: receiver.url, matchId: a.match.id })).body.error.code).toBe("FORBIDDEN");
    expect((await create(bob.token, { url: receiver.url, playerId: ada.id })).body.error.code).toBe("FORBIDDEN");
    expect((await create(a.tokens[0], { url: receiver.url, playerId: ada.id })).body.error.code).toBe("FORBIDDEN");
    expect((await create(a.tokens[0], { url: receiver.url, matchId: "nosuchmatch" })).body.error.code).toBe("NOT_FOUND");
    expect((await t.rest("GET", "/api/webhooks")).body.error.code).toBe("UNAUTHENTICATED");
    expect((await t.rest("GET", "/api/webhooks", { token: ada.token })).body.webhooks).toEqual([]);
    expect((await t.rest("GET", `/api/webhooks?matchId=${a.match.id}`, { token: a.tokens[0] })).body.webhooks).toEqual([]);

    const hook = (await create(a.tokens[0], { url: receiver.url, matchId: a.match.id })).body.webhook.id as string;
    const adaHook = (await create(ada.token, { url: receiver.url, playerId: ada.id })).body.webhook.id as string;
    const calls: [string, string, unknown?][] = [
      ["POST", `/api/webhooks/{id}`, { paused: true }],
      ["POST", `/api/webhooks/{id}/rotate-secret`],
      ["POST", `/api/webhooks/{id}/delete`],
      ["GET", `/api/webhooks/{id}/deliveries`],
      ["POST", `/api/webhooks/{id}/test`],
    ];
    for (const [method, path, json] of calls) {
      const on = (id: string, token?: string) => t.rest(method, path.replace("{id}", id), method === "GET" ? { token } : { token, json: json ?? {} }).then((r) => [r.status, r.body.error?.code]);
      expect(await on(hook), path).toEqual([401, "UNAUTHENTICATED"]);
      // The other seat of the same match, another match's seat, a player: none is this seat.
      expect(await on(hook, a.tokens[1]), path).toEqual([403, "FORBIDDEN"]);
      expect(await on(hook, b.tokens[0]), path).toEqual([403, "FORBIDDEN"]);
      expect(await on(adaHook, bob.token), path).toEqual([403, "FORBIDDEN"]);
      expect(await on(adaHook, a.tokens[0]), path).toEqual([403, "FORBIDDEN"]);
      expect(await on("wh_nothing", ada.token), path).toEqual([404, "NOT_FOUND"]);
    }
    // Still there, unchanged.
    expect((await t.rest("GET", `/api/webhooks?matchId=${a.match.id}`, { token: a.tokens[0] })).body.webhooks).toMatchObject([{ id: hook, status: "active" }]);
  });

  it("refuses bad URLs and event types with BAD_USER_INPUT and the policy's reason, creating nothing", async () => {
    const ada = await player();
    const refused = async (json: Record<string, unknown>) => {
      const reply = await create(ada.token, { playerId: ada.id, ...json });
      expect(reply.status, JSON.stringify(json)).toBe(400);
      return reply.body.error;
    };
    expect(await refused({ url: "ftp://127.0.0.1/x" })).toMatchObject({ code: "BAD_USER_INPUT", reason: "scheme" });
    expect(await refused({ url: "http://10.0.0.1/x" })).toMatchObject({ code: "BAD_USER_INPUT", reason: "private" });
    expect(await refused({ url: "http://169.254.169.254/latest" })).toMatchObject({ reason: "linkLocal" });
    expect(await refused({ url: "http://user:pw@127.0.0.1/x" })).toMatchObject({ reason: "credentials" });
    expect(await refused({ url: "http://127.0.0.1/x#frag" })).toMatchObject({ reason: "fragment" });
    expect(await refused({ url: "not a url" })).toMatchObject({ reason: "invalidUrl" });
    expect((await refused({ url: receiver.url, events: [] })).code).toBe("BAD_USER_INPUT");
    expect((await refused({ url: receiver.url, events: ["match.nothing"] })).code).toBe("BAD_USER_INPUT");
    expect((await refused({ url: receiver.url, playerId: null })).code).toBe("BAD_USER_INPUT");
    expect((await t.rest("GET", "/api/webhooks", { token: ada.token })).body.webhooks).toEqual([]);
    const hook = (await create(ada.token, { url: receiver.url, playerId: ada.id })).body.webhook.id;
    const changed = await t.rest("POST", `/api/webhooks/${hook}`, { token: ada.token, json: { url: "http://192.168.1.1/" } });
    expect(changed.body.error).toMatchObject({ code: "BAD_USER_INPUT", reason: "private" });
    expect((await t.rest("GET", "/api/webhooks", { token: ada.token })).body.webhooks[0].url).toBe(receiver.url);
  });

  it("rotates the secret: for a day deliveries verify with the new and the previous one", async () => {
    const ada = await player();
    const made = (await create(ada.token, { url: receiver.url, playerId: ada.id })).body;
    const rotated = await t.rest("POST", `/api/webhooks/${made.webhook.id}/rotate-secret`, { token: ada.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(made.secret);
    expect(Date.parse(rotated.body.webhook.previousSecretUntil) - Date.now()).toBeGreaterThan(23 * 3600_000);
    const sent = await t.rest("POST", `/api/webhooks/${made.webhook.id}/test`, { token: ada.token });
    expect(sent.body).toMatchObject({ ok: true, status: 200, type: "webhook.test", attempt: 1, matchId: null });
    const delivery = receiver.received.find((r) => r.id === sent.body.eventId)!;
    expect(delivery.payload).toMatchObject({ type: "webhook.test", data: { webhookId: made.webhook.id } });
    expect(verify(rotated.body.secret, delivery)).toBeTruthy();
    expect(verify(made.secret, delivery)).toBeTruthy();
    expect(() => verify("whsec_" + Buffer.alloc(32, 7).toString("base64"), delivery)).toThrow();
  });

  it("pauses (nothing is sent), resumes (what was missed arrives, in order) and deletes (nothing more)", async () => {
    const created = await createViaRest(t);
    const matchId = created.match.id;
    const token = created.tokens[0]!;
    const hook = (await create(token, { url: receiver.url, matchId, events: ["match.updated"] })).body;
    const ofHook = () => receiver.accepted().filter((r) => r.payload.data.matchId === matchId);
    const paused = await t.rest("POST", `/api/webhooks/${hook.webhook.id}`, { token, json: { paused: true } });
    expect(paused.body.status).toBe("paused");
    const view = await playCommands(t, created, 4);
    await t.server.webhooks.idle();
    expect(ofHook()).toEqual([]);
    await t.rest("POST", `/api/webhooks/${hook.webhook.id}`, { token, json: { paused: false } });
    await receiver.waitFor(() => ofHook().some((r) => r.payload.data.version === view.version));
    expect(ofHook().map((r) => r.payload.data.version)).toEqual(Array.from({ length: view.version - created.match.version }, (_, i) => created.match.version + 1 + i));
    for (const r of ofHook()) verify(hook.secret, r);

    const deleted = await t.rest("POST", `/api/webhooks/${hook.webhook.id}/delete`, { token });
    expect(deleted.body).toEqual({ deleted: true, id: hook.webhook.id });
    const before = ofHook().length;
    await playCommands(t, created, 2);
    await t.server.webhooks.idle();
    expect(ofHook()).toHaveLength(before);
    expect((await t.rest("GET", `/api/webhooks/${hook.webhook.id}/deliveries`, { token })).body.error.code).toBe("NOT_FOUND");
    expect((await t.rest("GET", `/api/webhooks?matchId=${matchId}`, { token })).body.webhooks).toEqual([]);
  });

  it("never shows a secret outside the answers that create or rotate it, nor logs one", async () => {
    const ada = await player();
    const made = (await create(ada.token, { url: receiver.url, playerId: ada.id })).body;
    const rotated = (await t.rest("POST", `/api/webhooks/${made.webhook.id}/rotate-secret`, { token: ada.token })).body;
    await t.rest("POST", `/api/webhooks/${made.webhook.id}/test`, { token: ada.token });
    const answers = [
      await t.rest("GET", "/api/webhooks", { token: ada.token }),
      await t.rest("GET", `/api/webhooks/${made.webhook.id}/deliveries`, { token: ada.token }),
      await t.rest("POST", `/api/webhooks/${made.webhook.id}`, { token: ada.token, json: { events: ["match.updated"] } }),
      await t.gql(`{ webhooks { id url events scope status reason previousSecretUntil createdAt updatedAt } webhookDeliveries(id: "${made.webhook.id}") { eventId error } }`, undefined, { token: ada.token }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.raw).not.toContain("whsec_");
    }
    expect(rotated.webhook).not.toHaveProperty("secrets");
    const logged = lines.join("\n");
    for (const secret of [made.secret, rotated.secret]) expect(logged).not.toContain(secret.slice("whsec_".length));
    expect(logged).not.toContain(ada.token);
  });
});

describe("a server with the deployed URL policy", () => {
  let t: TestServer;
  beforeAll(async () => void (t = await startTestServer({ webhooks: { policy: DEPLOYED_POLICY } })));
  afterAll(() => t.close());

  it("refuses http and loopback receivers", async () => {
    const reply = await t.rest("POST", "/api/players", { json: { name: "Ada" } });
    const { token, player } = reply.body;
    for (const [url, reason] of [
      ["http://example.com/hook", "scheme"],
      ["https://127.0.0.1/hook", "loopback"],
      ["https://localhost/hook", "loopback"],
    ]) {
      const made = await t.rest("POST", "/api/webhooks", { token, json: { url, playerId: player.id } });
      expect(made.body.error, url).toMatchObject({ code: "BAD_USER_INPUT", reason });
    }
    expect((await t.rest("POST", "/api/webhooks", { token, json: { url: "https://example.com/hook", playerId: player.id } })).status).toBe(201);
  });
});

describe("clock warnings", () => {
  let t: TestServer;
  let receiver: Receiver;
  // A minute per move and a lead of 59.4 s: each seat is warned 0.6 s after its turn starts.
  const LEAD = 59_400;
  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startTestServer({ webhooks: { ...FAST, clockWarningLeadMs: LEAD } });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it("warns the seat's webhook when its deadline nears, once, signed, not before it is due", async () => {
    const created = await createViaRest(t, { ruleset: "backgammon", timeControl: { minutesPerMove: 1 } });
    const matchId = created.match.id;
    const hook = (await t.rest("POST", "/api/webhooks", { token: created.tokens[0], json: { url: receiver.url, matchId, events: ["clock.warning"] } })).body;
    await receiver.waitFor(() => receiver.received.some((r) => r.payload.type === "clock.warning"), 5000);
    const arrived = Date.now();
    const warning = receiver.received.find((r) => r.payload.type === "clock.warning")!;
    verify(hook.secret, warning);
    expect(warning.payload.data).toMatchObject({ matchId, ruleset: "backgammon", seat: expect.any(Number), deadline: expect.any(String) });
    expect(arrived).toBeGreaterThanOrEqual(Date.parse(warning.payload.data.deadline) - LEAD - 50);
    expect(warning.payload.timestamp).toBe(new Date(Date.parse(warning.payload.data.deadline) - LEAD).toISOString());
    // Another look at the match (as a commit's) finds the same warning again while the seat is due: it is not sent twice.
    t.server.webhooks.committed(matchId);
    await t.server.webhooks.idle();
    expect(receiver.received.filter((r) => r.id === warning.id)).toHaveLength(1);
    const log = (await t.rest("GET", `/api/webhooks/${hook.webhook.id}/deliveries`, { token: created.tokens[0] })).body.deliveries;
    expect(log.map((d: { type: string }) => d.type)).toContain("clock.warning");
  });
});
