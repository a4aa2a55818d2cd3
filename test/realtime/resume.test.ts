import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createViaRest, type Created, events, getMatch, rollUntilMovable } from "../helpers/matches.js";
import type { TestServer } from "../helpers/server.js";
import { MODES, startLiveServer, updatesOf, watch } from "./support.js";

/** A cube match: roll, move, double, drop ends it in a handful of events. */
async function move(t: TestServer, created: Created, seat: number, move: unknown): Promise<any> {
  const reply = await t.rest("POST", `/api/matches/${created.match.id}/moves`, { token: created.tokens[seat], json: { move } });
  expect(reply.status, reply.raw).toBe(200);
  return reply.body;
}

describe.each(MODES)("resuming, crashes and refusals (%s mode)", (mode) => {
  let t: TestServer;
  /** Makes the next commits' request die right after the store acknowledged the append. */
  let crashAfterAppend = false;
  beforeAll(
    async () =>
      void (t = await startLiveServer(mode, {
        onCommitted: () => {
          if (crashAfterAppend) throw new Error("the process died between commit and publish");
        },
      })),
  );
  afterAll(() => t?.close());

  it("a client that reconnects with afterVersion = the last version it saw misses nothing and gets nothing twice", async () => {
    const created = await createViaRest(t, { ruleset: "backgammon", options: { cube: true } });
    const id = created.match.id;
    const first = watch(t, id, { token: created.tokens[0] });
    const movable = await rollUntilMovable(t, created);
    await first.results$(movable.version);
    // Leave while commits keep coming: whatever arrived before the socket closed is "seen".
    const mover = movable.seat as number;
    const moving = move(t, created, mover, movable.legalMoves[0]);
    await first.dispose();
    const afterMove = await moving;
    const lastSeen = updatesOf(first).at(-1).version as number;
    expect(lastSeen).toBeGreaterThanOrEqual(movable.version);

    // Offline while the other seat doubles.
    const doubler = afterMove.toMove as number;
    await move(t, created, doubler, "double");

    const second = watch(t, id, { token: created.tokens[0], afterVersion: lastSeen });
    await move(t, created, 1 - doubler, "drop");
    expect(await second.ended).toEqual({ outcome: "complete" });

    const log = await events(t, id);
    expect(log.at(-1)?.type).toBe("MatchFinished");
    const seen = [...updatesOf(first), ...updatesOf(second)];
    expect(seen.map((u) => u.version)).toEqual(log.map((e) => e.version));
    expect(seen.map((u) => u.event)).toEqual(log);
    expect(updatesOf(second)[0].version).toBe(lastSeen + 1);
  });

  it("an event whose request died right after the append is still delivered (the store's writes feed the push)", async () => {
    const created = await createViaRest(t);
    const id = created.match.id;
    const spectator = watch(t, id);
    const seat0 = watch(t, id, { token: created.tokens[0] });
    await Promise.all([spectator.results$(1), seat0.results$(1)]);

    crashAfterAppend = true;
    let rolled;
    try {
      rolled = await t.rest("POST", `/api/matches/${id}/dice`, { token: created.tokens[0] });
    } finally {
      crashAfterAppend = false;
    }
    expect(rolled.status).toBe(500);
    // The append itself happened.
    const log = await events(t, id);
    expect(log.map((e) => e.type)).toEqual(["MatchCreated", "DiceRolled"]);

    await Promise.all([spectator.results$(2), seat0.results$(2)]);
    expect(updatesOf(spectator).map((u) => u.event)).toEqual(log);
    expect(updatesOf(seat0).map((u) => u.event)).toEqual(log);
    await Promise.all([spectator.dispose(), seat0.dispose()]);
  });

  it("after the end: resuming from the last version completes at once; from earlier, gets the rest then completes", async () => {
    const created = await createViaRest(t, { ruleset: "backgammon", options: { cube: true } });
    const id = created.match.id;
    const movable = await rollUntilMovable(t, created);
    const afterMove = await move(t, created, movable.seat as number, movable.legalMoves[0]);
    await move(t, created, afterMove.toMove, "double");
    await move(t, created, 1 - afterMove.toMove, "drop");
    const final = await getMatch(t, id);
    expect(final.status).toBe("FINISHED");
    const log = await events(t, id);

    const whole = watch(t, id);
    const lastTwo = watch(t, id, { afterVersion: final.version - 2 });
    const none = watch(t, id, { afterVersion: final.version });
    for (const w of [whole, lastTwo, none]) expect(await w.ended).toEqual({ outcome: "complete" });
    expect(updatesOf(whole).map((u) => u.event)).toEqual(log);
    expect(updatesOf(lastTwo).map((u) => u.event)).toEqual(log.slice(-2));
    expect(updatesOf(none)).toEqual([]);
    // The seed is revealed in the final view.
    expect(updatesOf(whole).at(-1).match.diceSeed).toBe(final.diceSeed);
  });

  it("a subscription that cannot start gets its error (NOT_FOUND, FORBIDDEN, BAD_USER_INPUT) then complete; bad documents an error", async () => {
    const a = await createViaRest(t);
    const b = await createViaRest(t);
    const codesOf = (w: ReturnType<typeof watch>) => w.results.flatMap((r) => (r.errors ?? []).map((e: any) => e.extensions.code));

    const unknown = watch(t, "no-such-match");
    const foreign = watch(t, a.match.id, { token: b.tokens[0] });
    const negative = watch(t, a.match.id, { afterVersion: -1 });
    for (const w of [unknown, foreign, negative]) expect(await w.ended).toEqual({ outcome: "complete" });
    expect(codesOf(unknown)).toEqual(["NOT_FOUND"]);
    expect(codesOf(foreign)).toEqual(["FORBIDDEN"]);
    expect(codesOf(negative)).toEqual(["BAD_USER_INPUT"]);
    for (const w of [unknown, foreign, negative]) expect(w.results.every((r) => !r.data?.matchUpdated)).toBe(true);

    // A query is run as over HTTP; one that does not validate is refused before it runs.
    const query = watch(t, a.match.id, { query: "{ nope }" });
    const invalid = watch(t, a.match.id, { query: "subscription { matchUpdated(matchId: 1) { nope } }" });
    for (const w of [query, invalid]) {
      const end = await w.ended;
      expect(end.outcome).toBe("error");
      const errors = (end as { error: any[] }).error;
      expect(errors.map((e) => e.extensions.code)).toContain("BAD_USER_INPUT");
    }
  });

  it("variables that do not fit their types are BAD_USER_INPUT, as over HTTP, and open nothing", async () => {
    const { match } = await createViaRest(t);
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ["an Int beyond 32 bits", { id: match.id, after: 1e20 }, /\$after.*Int cannot represent/],
      ["a string for an Int", { id: match.id, after: "3" }, /\$after.*Int cannot represent/],
      ["a missing required variable", { after: 0 }, /\$id.*of required type "ID!" was not provided/],
      ["a fraction", { id: match.id, after: 1.5 }, /\$after/],
    ];
    for (const [what, variables, message] of cases) {
      const w = watch(t, match.id, { variables });
      const end = await w.ended;
      expect(end.outcome, what).toBe("error");
      const errors = (end as { error: any[] }).error;
      expect(errors.length, what).toBeGreaterThan(0);
      for (const error of errors) expect(error.extensions.code, what).toBe("BAD_USER_INPUT");
      expect(errors[0].message, what).toMatch(message);
      expect(w.results, what).toEqual([]);
    }
    // Over HTTP the same mistake in a query is BAD_USER_INPUT too (HTTP 400).
    const http = await t.gql(`query($id: ID!, $after: Int) { match(id: $id) { events(after: $after) { version } } }`, { id: match.id, after: 1e20 });
    expect(http.status).toBe(400);
    expect(http.errors?.[0]?.extensions.code).toBe("BAD_USER_INPUT");
  });
});
