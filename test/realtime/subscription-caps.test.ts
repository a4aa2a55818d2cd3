import { type Client, createClient } from "graphql-ws";
import WebSocket from "ws";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../src/api/limits.js";
import { actor, createViaRest } from "../helpers/matches.js";
import type { TestServer } from "../helpers/server.js";
import { MODES, startLiveServer, UPDATE_QUERY, wsUrl } from "./support.js";

/**
 * A client cannot hold unbounded live subscriptions (each costs memory and a share of every
 * commit's fan-out): past the cap of its connection, or of its address over all its
 * connections, a subscription is refused with an `error` message for its id alone
 * (TOO_MANY_SUBSCRIPTIONS, docs/api.md "Limits"); what runs already goes on.
 */
const CAPS = { connection: 4, address: 6 };

interface Live {
  readonly updates: unknown[];
  /** Resolves with the errors the subscription was refused or ended with, or "complete". */
  readonly ended: Promise<readonly any[] | "complete">;
  readonly first: Promise<void>;
  stop(): void;
}

function open(client: Client, matchId: string): Live {
  const updates: unknown[] = [];
  let started: () => void = () => {};
  let failed: (reason: unknown) => void = () => {};
  const first = new Promise<void>((resolve, reject) => ((started = resolve), (failed = reject)));
  let stop: () => void = () => {};
  const ended = new Promise<readonly any[] | "complete">((resolve) => {
    stop = client.subscribe(
      { query: UPDATE_QUERY, variables: { id: matchId } },
      {
        next: (value) => {
          updates.push(value);
          started();
        },
        error: (error) => {
          const errors = Array.isArray(error) ? error : [error];
          failed(new Error(`refused: ${JSON.stringify(errors)}`));
          resolve(errors);
        },
        complete: () => resolve("complete"),
      },
    );
  });
  first.catch(() => {}); // a refused one is judged by `ended`
  return { updates, ended, first, stop: () => stop() };
}

const connect = (t: TestServer): Client => createClient({ url: wsUrl(t), webSocketImpl: WebSocket, retryAttempts: 0, lazy: false, lazyCloseTimeout: 0 });

const refusal = (scope: "connection" | "address", limit: number) => [
  expect.objectContaining({ extensions: { code: "TOO_MANY_SUBSCRIPTIONS", scope, limit }, message: expect.stringContaining(`${limit} live subscriptions`) }),
];

describe.each(MODES)("caps on live subscriptions (%s mode)", (mode) => {
  let t: TestServer;
  const clients: Client[] = [];
  beforeAll(async () => void (t = await startLiveServer(mode, { subscriptionCaps: CAPS })));
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await t?.close();
  });
  afterEach(async () => void (await Promise.all(clients.splice(0).map((c) => c.dispose()))));
  const client = () => {
    const c = connect(t);
    clients.push(c);
    return c;
  };

  it("refuses the subscription past its connection's cap, and past its address's, with TOO_MANY_SUBSCRIPTIONS for that id only", async () => {
    const created = await createViaRest(t);
    const id = created.match.id;
    const a = client();
    const running = Array.from({ length: CAPS.connection }, () => open(a, id));
    await Promise.all(running.map((s) => s.first));
    // One more on the same connection: refused, the socket stays open and the others go on.
    expect(await open(a, id).ended).toEqual(refusal("connection", CAPS.connection));

    // Another connection of the same address is not held to the first's cap, only to the
    // address's: 4 + 2 run, the seventh is refused.
    const b = client();
    const more = [open(b, id), open(b, id)];
    await Promise.all(more.map((s) => s.first));
    expect(await open(b, id).ended).toEqual(refusal("address", CAPS.address));

    // Every subscription that was admitted still gets the next commit.
    const counts = [...running, ...more].map((s) => s.updates.length);
    const rolled = await t.rest("POST", `/api/matches/${id}/dice`, { token: created.tokens[actor(created.match)] });
    expect(rolled.status, rolled.raw).toBe(200);
    await expect.poll(() => [...running, ...more].every((s, i) => s.updates.length > counts[i]!), { timeout: 10_000 }).toBe(true);

    // A completed subscription frees its place: the connection (and the address) may subscribe again.
    running[0]!.stop();
    await expect.poll(async () => {
      const again = open(a, id);
      const outcome = await Promise.race([again.first.then(() => "running" as const, () => "refused"), again.ended]);
      if (outcome !== "running") return outcome;
      running.push(again);
      return "running";
    }, { timeout: 10_000 }).toBe("running");

    // A connection that closes gives back every place it held (once API Gateway has run its
    // `$disconnect`: the client does not wait for it).
    await a.dispose();
    await t.server.localGateway?.idle();
    const c = client();
    const after = Array.from({ length: CAPS.connection }, () => open(c, id));
    await Promise.all(after.map((s) => s.first));
    expect(await open(c, id).ended).toEqual(refusal("connection", CAPS.connection));
  }, 30_000);

  it("counts subscriptions only: queries and mutations over a full connection still run", async () => {
    const created = await createViaRest(t);
    const d = client();
    const running = Array.from({ length: CAPS.connection }, () => open(d, created.match.id));
    await Promise.all(running.map((s) => s.first));
    const answer = await new Promise<any>((resolve, reject) => {
      d.subscribe({ query: `query($id: ID!) { match(id: $id) { id } }`, variables: { id: created.match.id } }, { next: resolve, error: reject, complete: () => {} });
    });
    expect(answer).toEqual({ data: { match: { id: created.match.id } } });
    await d.dispose();
  }, 30_000);
});

describe("the default caps (direct mode)", () => {
  let t: TestServer;
  beforeAll(async () => void (t = await startLiveServer("direct")));
  afterAll(() => t?.close());

  it(`are ${LIMITS.maxSubscriptionsPerConnection} per connection and ${LIMITS.maxSubscriptionsPerAddress} per address`, async () => {
    const created = await createViaRest(t);
    const a = connect(t);
    const running = Array.from({ length: LIMITS.maxSubscriptionsPerConnection }, () => open(a, created.match.id));
    await Promise.all(running.map((s) => s.first));
    expect(await open(a, created.match.id).ended).toEqual(refusal("connection", LIMITS.maxSubscriptionsPerConnection));
    await a.dispose();
  }, 30_000);
});
