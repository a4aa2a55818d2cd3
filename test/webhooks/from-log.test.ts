import { describe, expect, it } from "vitest";
import type { MatchEvent } from "../../src/match/events.js";
import { evolve } from "../../src/match/evolve.js";
import type { MatchState } from "../../src/match/state.js";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_PAYLOAD_SCHEMAS, type WebhookEvent, type WebhookEventType } from "../../src/webhooks/event-types.js";
import { eventsFromLog, logEventId, type LogEventType } from "../../src/webhooks/from-log.js";
import type { Subscription, WebhookScope } from "../../src/webhooks/subscription.js";
import * as z from "../../src/zod.js";
import { DAY, MatchDriver } from "../support/match-driver.js";

const ann = { id: "p-ann", name: "Ann" };
const bob = { id: "p-bob", name: "Bob" };
const cyd = { id: "p-cyd", name: "Cyd" };

/**
 * Backgammon, 2 days per move: Ann creates it in seat 0 with seat 1 open, Bob joins (v2), then
 * 12 steps: seat 0 rolls the opening (v3), seat 1 won it and moves (v4), then each side rolls
 * and moves in turn (v5/v6 Ann, v7/v8 Bob, ... v14). Seats due after each version:
 * v1 none (a seat open), v2 [0, 1] (the opening roll), v3 [1], v4 [0], v5 [0], v6 [1], v7 [1], ...
 */
function played(): MatchDriver {
  const d = new MatchDriver();
  d.run({
    type: "CreateMatch",
    matchId: "m",
    ruleset: "backgammon",
    options: {},
    diceCommitment: "c",
    timeControl: { daysPerMove: 2 },
    players: [{ seat: 0, player: ann }],
    open: [{ seat: 1 }],
    invitationsExpireAt: new Date(Date.parse(d.at) + 7 * DAY).toISOString(),
  });
  d.wait(DAY).run({ type: "JoinSeat", seat: 1, player: bob });
  for (let i = 0; i < 12; i++) d.wait(60_000).step();
  return d;
}

const sub = (scope: WebhookScope, types: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES, webhookId = "wh-1"): Subscription => ({ ...scope, webhookId, types });

/** Every webhook event the log tells `s`, event by event, as the worker would read the log. */
function deliveries(log: readonly MatchEvent[], s: Subscription): WebhookEvent<LogEventType>[] {
  let before: MatchState | null = null;
  return log.flatMap((event) => {
    const after = evolve(before, event);
    const out = eventsFromLog(s, event, before, after);
    before = after;
    return out;
  });
}

const versionsOf = (events: readonly WebhookEvent<LogEventType>[], type: LogEventType) => events.filter((e) => e.payload.type === type).map((e) => e.payload.data.version);

describe("what the log tells a webhook", () => {
  it("a match webhook hears match.updated for every event, with the version, who is to act and the event's time", () => {
    const d = played();
    const events = deliveries(d.log, sub({ scope: "match", matchId: "m" }));
    const updated = events.filter((e) => e.payload.type === "match.updated");
    expect(updated.map((e) => e.payload.data.version)).toEqual(d.log.map((e) => e.version));
    expect(updated[1]!.payload).toEqual({
      type: "match.updated",
      timestamp: d.log[1]!.at,
      data: { matchId: "m", ruleset: "backgammon", version: 2, status: "WAITING", toMove: null, toAct: [0, 1], event: "SeatJoined", seat: 1, notes: [] },
    });
    expect(updated[2]!.payload.data).toMatchObject({ version: 3, status: "ACTIVE", toMove: 1, toAct: [1], event: "DiceRolled", seat: 0 });
  });

  it("every payload is what its schema describes", () => {
    const d = played();
    d.run({ type: "Resign", seat: 0 });
    const events = [ann, bob].flatMap((p) => deliveries(d.log, sub({ scope: "player", playerId: p.id })));
    expect(new Set(events.map((e) => e.payload.type))).toEqual(new Set(["match.updated", "match.yourTurn", "invitation.accepted", "match.finished"]));
    for (const e of events) expect(() => z.parse(WEBHOOK_PAYLOAD_SCHEMAS[e.payload.type], e.payload)).not.toThrow();
  });

  it("ids are stable per (webhook, match, version, type): the same on a second reading, different for another webhook, version or type", () => {
    const d = played();
    const first = deliveries(d.log, sub({ scope: "player", playerId: ann.id }));
    expect(deliveries(d.log, sub({ scope: "player", playerId: ann.id }))).toEqual(first);
    const ids = first.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(first[0]!.id).toBe(logEventId("wh-1", "m", 1, "match.updated"));
    expect(first[0]!.id).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
    const other = deliveries(d.log, sub({ scope: "player", playerId: ann.id }, WEBHOOK_EVENT_TYPES, "wh-2")).map((e) => e.id);
    expect(other.filter((id) => ids.includes(id))).toEqual([]);
    expect(logEventId("wh-1", "m", 1, "match.updated")).not.toBe(logEventId("wh-1", "m", 1, "match.yourTurn"));
    expect(logEventId("wh-1", "m1", 1, "match.updated")).not.toBe(logEventId("wh-1m", "1", 1, "match.updated"));
  });

  it("hears only the types it asked for", () => {
    const d = played();
    d.run({ type: "Resign", seat: 1 });
    const events = deliveries(d.log, sub({ scope: "match", matchId: "m" }, ["match.finished"]));
    expect(events.map((e) => e.payload.type)).toEqual(["match.finished"]);
    expect(events[0]!.payload.data).toMatchObject({ version: d.log.length, status: "FINISHED", outcome: { reason: "resignation", winner: 0 } });
  });

  it("a webhook of another match, or of a player who sits in none of it, hears nothing", () => {
    const d = played();
    expect(deliveries(d.log, sub({ scope: "match", matchId: "other" }))).toEqual([]);
    expect(deliveries(d.log, sub({ scope: "player", playerId: cyd.id }))).toEqual([]);
  });

  it("a player webhook hears a match from when the player sits in it: Bob from his join on", () => {
    const d = played();
    const bobs = deliveries(d.log, sub({ scope: "player", playerId: bob.id }, ["match.updated"]));
    expect(bobs.map((e) => e.payload.data.version)[0]).toBe(2);
    expect(deliveries(d.log, sub({ scope: "player", playerId: ann.id }, ["match.updated"]))[0]!.payload.data.version).toBe(1);
  });
});

describe("match.yourTurn", () => {
  it("goes to a player once per turn: when its seat becomes due, not for the roll and moves of the same turn", () => {
    const d = played();
    expect(versionsOf(deliveries(d.log, sub({ scope: "player", playerId: ann.id })), "match.yourTurn")).toEqual([2, 4, 8, 12]);
    // Bob is due from the opening roll (v2) until his first move (v4): his v3 is no new turn.
    expect(versionsOf(deliveries(d.log, sub({ scope: "player", playerId: bob.id })), "match.yourTurn")).toEqual([2, 6, 10, 14]);
  });

  it("goes to a match webhook's own seat, and never to one without a seat", () => {
    const d = played();
    expect(versionsOf(deliveries(d.log, sub({ scope: "match", matchId: "m", seat: 1 })), "match.yourTurn")).toEqual([2, 6, 10, 14]);
    expect(versionsOf(deliveries(d.log, sub({ scope: "match", matchId: "m" })), "match.yourTurn")).toEqual([]);
  });

  it("says which seats and their deadline", () => {
    const d = played();
    const turn = deliveries(d.log, sub({ scope: "player", playerId: ann.id })).find((e) => e.payload.type === "match.yourTurn" && e.payload.data.version === 4)!;
    expect(turn.payload.data).toMatchObject({ seats: [0], toMove: 0, toAct: [0], deadline: new Date(Date.parse(d.log[3]!.at) + 2 * DAY).toISOString() });
  });

  it("is not sent once the match is finished", () => {
    const d = played();
    d.run({ type: "Resign", seat: 1 });
    const tail = deliveries(d.log, sub({ scope: "player", playerId: ann.id })).filter((e) => e.payload.data.version > 14);
    expect(tail.map((e) => e.payload.type)).toEqual(["match.updated", "match.updated", "match.finished"]);
  });
});

describe("invitation.accepted", () => {
  it("tells the inviter and the match, not the one who joined", () => {
    const d = played();
    const [accepted] = deliveries(d.log, sub({ scope: "player", playerId: ann.id }, ["invitation.accepted"]));
    expect(accepted!.payload).toEqual({
      type: "invitation.accepted",
      timestamp: d.log[1]!.at,
      data: { matchId: "m", ruleset: "backgammon", version: 2, status: "WAITING", seat: 1, player: bob, openSeats: [] },
    });
    expect(deliveries(d.log, sub({ scope: "match", matchId: "m" }, ["invitation.accepted"]))).toHaveLength(1);
    expect(deliveries(d.log, sub({ scope: "player", playerId: bob.id }, ["invitation.accepted"]))).toEqual([]);
    expect(deliveries(d.log, sub({ scope: "match", matchId: "m", seat: 1 }, ["invitation.accepted"]))).toEqual([]);
  });
});

describe("notes", () => {
  it("match.updated carries the notes a move recorded", () => {
    const d = played();
    const move = d.log[3]!;
    expect(move.type).toBe("MovePlayed");
    const noted = { ...move, data: { ...move.data, notes: [{ type: "hit", point: 20 }] } } as MatchEvent;
    const before = d.log.slice(0, 3).reduce<MatchState | null>(evolve, null);
    const [updated] = eventsFromLog(sub({ scope: "match", matchId: "m" }, ["match.updated"]), noted, before, evolve(before, noted));
    expect(updated!.payload.data).toMatchObject({ event: "MovePlayed", notes: [{ type: "hit", point: 20 }] });
  });
});
