import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createViaRest, events, getMatch, rollUntilMovable } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/** Retries and races: one move per version, whatever the clients do. */
let t: TestServer;
beforeAll(async () => void (t = await startTestServer()));
afterAll(() => t?.close());

const MOVE = `mutation($id: ID!, $move: JSON!, $v: Int, $key: String) {
  submitMove(matchId: $id, move: $move, expectedVersion: $v, idempotencyKey: $key) { version status toMove seat dice } }`;

/** One submitMove, over GraphQL or REST, reduced to the code (or "OK") and the version. */
async function submit(transport: "graphql" | "rest", id: string, token: string, move: unknown, expectedVersion?: number, key?: string) {
  if (transport === "graphql") {
    const reply = await t.gql(MOVE, { id, move, v: expectedVersion, key }, { token });
    const error = reply.errors?.[0];
    return error ? { code: error.extensions.code, currentVersion: error.extensions.currentVersion } : { code: "OK", version: reply.data.submitMove.version as number };
  }
  const reply = await t.rest("POST", `/api/matches/${id}/moves`, { token, json: { move, ...(expectedVersion !== undefined ? { expectedVersion } : {}), ...(key ? { idempotencyKey: key } : {}) } });
  return reply.status === 200 ? { code: "OK", version: reply.body.version as number } : { code: reply.body.error.code as string, currentVersion: reply.body.error.currentVersion };
}

const gapFree = (versions: number[]) => expect(versions).toEqual(versions.map((_, i) => i + 1));

describe("idempotency", () => {
  it("the same submitMove twice with the same key gives the same answer and appends once", async () => {
    const created = await createViaRest(t);
    const view = await rollUntilMovable(t, created);
    const token = created.tokens[view.seat as number] as string;
    const body = { move: view.legalMoves[0], idempotencyKey: "retry-me" };

    const first = await t.rest("POST", `/api/matches/${view.id}/moves`, { token, json: body });
    expect(first.status).toBe(200);
    const logAfterFirst = await events(t, view.id);
    const second = await t.rest("POST", `/api/matches/${view.id}/moves`, { token, json: body });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await events(t, view.id)).toEqual(logAfterFirst);
    expect(logAfterFirst.filter((e) => e.type === "MovePlayed")).toHaveLength(1);

    // The same retry through GraphQL (same seat, same key, same move) is the same request.
    const third = await t.gql(MOVE, { id: view.id, move: view.legalMoves[0], key: "retry-me" }, { token });
    expect(third.errors).toBeUndefined();
    expect(third.data.submitMove.version).toBe(first.body.version);
    expect(await events(t, view.id)).toEqual(logAfterFirst);
  });
});

describe("50 concurrent submitMove on one version", () => {
  it("with expectedVersion: exactly one is appended, the others get VERSION_CONFLICT", async () => {
    const created = await createViaRest(t);
    const view = await rollUntilMovable(t, created);
    const token = created.tokens[view.seat as number] as string;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        submit(i % 2 ? "graphql" : "rest", view.id, token, view.legalMoves[0], view.version, i % 3 === 0 ? undefined : `racer-${i}`),
      ),
    );
    const winners = results.filter((r) => r.code === "OK");
    expect(winners).toHaveLength(1);
    const losers = results.filter((r) => r.code !== "OK");
    expect(losers).toHaveLength(49);
    for (const loser of losers) expect(loser).toEqual({ code: "VERSION_CONFLICT", currentVersion: winners[0]!.version });

    const log = await events(t, view.id);
    gapFree(log.map((e) => e.version));
    expect(log.filter((e) => e.version > view.version && e.type === "MovePlayed")).toHaveLength(1);
    expect((await getMatch(t, view.id)).version).toBe(winners[0]!.version);
  });

  it("without expectedVersion: exactly one is appended, the others find it is no longer their turn", async () => {
    const created = await createViaRest(t);
    const view = await rollUntilMovable(t, created);
    const token = created.tokens[view.seat as number] as string;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => submit(i % 2 ? "graphql" : "rest", view.id, token, view.legalMoves[0], undefined, i % 2 ? `racer-${i}` : undefined)),
    );
    expect(results.filter((r) => r.code === "OK")).toHaveLength(1);
    for (const loser of results.filter((r) => r.code !== "OK")) expect(["NOT_YOUR_TURN", "ILLEGAL_MOVE", "DICE_NOT_ROLLED"]).toContain(loser.code);
    const log = await events(t, view.id);
    gapFree(log.map((e) => e.version));
    expect(log.filter((e) => e.version > view.version && e.type === "MovePlayed")).toHaveLength(1);
  });

  it("with one shared idempotency key: all get the same answer and one move is appended", async () => {
    const created = await createViaRest(t);
    const view = await rollUntilMovable(t, created);
    const token = created.tokens[view.seat as number] as string;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => submit(i % 2 ? "graphql" : "rest", view.id, token, view.legalMoves[0], view.version, "shared-key")),
    );
    const versions = new Set(results.map((r) => r.version));
    expect(results.every((r) => r.code === "OK")).toBe(true);
    expect(versions.size).toBe(1);
    const log = await events(t, view.id);
    gapFree(log.map((e) => e.version));
    expect(log.filter((e) => e.version > view.version && e.type === "MovePlayed")).toHaveLength(1);
  });
});
