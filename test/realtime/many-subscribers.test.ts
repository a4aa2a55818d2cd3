import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createViaRest, events, rollUntilMovable } from "../helpers/matches.js";
import type { TestServer } from "../helpers/server.js";
import { MODES, startLiveServer, updatesOf, type Watcher, watch } from "./support.js";

/**
 * 500 clients, each on its own socket, on one match: every one receives every event, once, in
 * order. The lambda path costs about a dozen DynamoDB and management API calls per subscriber
 * to connect and three per subscriber and event (claim, post, release), each through the real
 * AWS SDK into the in-process store, all on this one thread, so it is the slowest test here.
 */
const SUBSCRIBERS = 500;

describe.each(MODES)("many subscribers (%s mode)", (mode) => {
  let t: TestServer;
  beforeAll(async () => void (t = await startLiveServer(mode)));
  afterAll(() => t?.close());

  const count = SUBSCRIBERS;
  it(`${count} subscribers on one match all receive every event, then complete`, async () => {
    const created = await createViaRest(t, { ruleset: "backgammon", options: { cube: true } });
    const id = created.match.id;
    const started = Date.now();
    const watchers: Watcher[] = [];
    // Connect in waves, as real clients would not all arrive in the same millisecond.
    for (let i = 0; i < count; i += 50) {
      const wave = Array.from({ length: Math.min(50, count - i) }, (_, j) => watch(t, id, (i + j) % 3 === 2 ? {} : { token: created.tokens[(i + j) % 3] }));
      watchers.push(...wave);
      await Promise.all(wave.map((w) => w.results$(1, 60_000)));
    }
    const connected = Date.now();

    // A short game played while everyone watches: roll(s), a move, a double, a drop.
    const movable = await rollUntilMovable(t, created);
    const moved = await t.rest("POST", `/api/matches/${id}/moves`, { token: created.tokens[movable.seat as number], json: { move: movable.legalMoves[0] } });
    expect(moved.status, moved.raw).toBe(200);
    const doubler = moved.body.toMove as number;
    for (const move of ["double", "drop"]) {
      const seat = move === "double" ? doubler : 1 - doubler;
      const reply = await t.rest("POST", `/api/matches/${id}/moves`, { token: created.tokens[seat], json: { move } });
      expect(reply.status, reply.raw).toBe(200);
    }
    const played = Date.now();
    const ends = await Promise.all(watchers.map((w) => w.ended));
    const done = Date.now();

    const log = await events(t, id);
    expect(log.at(-1)?.type).toBe("MatchFinished");
    expect(ends.every((e) => e.outcome === "complete")).toBe(true);
    for (const [i, w] of watchers.entries()) {
      const updates = updatesOf(w);
      expect(updates.map((u) => u.event)).toEqual(log);
      expect(updates.every((u) => u.match.seat === (i % 3 === 2 ? null : i % 3))).toBe(true);
    }
    console.info(
      `[${mode}] ${count} subscribers x ${log.length} events: connected+caught up in ${connected - started} ms, ` +
        `played in ${played - connected} ms, last delivery ${done - played} ms after the last command (total ${done - started} ms)`,
    );
  }, 300_000);
});
