import { describe, expect, it } from "vitest";
import { clockWarningEvents, clockWarningId, nextWarningAt, warnedSeats } from "../../src/webhooks/clock-warning.js";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_PAYLOAD_SCHEMAS, type WebhookEventType } from "../../src/webhooks/event-types.js";
import type { Subscription, WebhookScope } from "../../src/webhooks/subscription.js";
import * as z from "../../src/zod.js";
import { DAY, HOUR, MatchDriver } from "../support/match-driver.js";

const ann = { id: "p-ann", name: "Ann" };
const bob = { id: "p-bob", name: "Bob" };
const LEAD = 6 * HOUR;

/** Backgammon, 2 days per move, Ann (seat 0) and Bob (seat 1) seated; after the opening roll Bob moves, then Ann is due. */
function annDue(): { d: MatchDriver; deadline: number } {
  const d = new MatchDriver();
  d.run({ type: "CreateMatch", matchId: "m", ruleset: "backgammon", options: {}, diceCommitment: "c", timeControl: { daysPerMove: 2 }, players: [{ seat: 0, player: ann }, { seat: 1, player: bob }] });
  d.step(); // the opening roll: seat 1 won it
  d.wait(HOUR).step(); // seat 1 moves: seat 0 is due from now
  expect(d.toAct).toBe(0);
  return { d, deadline: Date.parse(d.at) + 2 * DAY };
}

const sub = (scope: WebhookScope, types: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES): Subscription => ({ ...scope, webhookId: "wh-1", types });
const at = (ms: number) => new Date(ms);

describe("clock warnings", () => {
  it("name a seat from the lead before its deadline until the deadline itself, not before and not after", () => {
    const { d, deadline } = annDue();
    const iso = new Date(deadline).toISOString();
    expect(warnedSeats(d.match, at(deadline - LEAD - 1), LEAD)).toEqual([]);
    expect(warnedSeats(d.match, at(deadline - LEAD), LEAD)).toEqual([{ seat: 0, deadline: iso, dueAt: new Date(deadline - LEAD).toISOString() }]);
    expect(warnedSeats(d.match, at(deadline - 1), LEAD)).toHaveLength(1);
    expect(warnedSeats(d.match, at(deadline), LEAD)).toEqual([]);
    expect(nextWarningAt(d.match, at(deadline - DAY), LEAD)).toEqual(at(deadline - LEAD));
    expect(nextWarningAt(d.match, at(deadline - LEAD), LEAD)).toBeNull();
  });

  it("a lead longer than the time per move warns from when the seat became due", () => {
    const { d, deadline } = annDue();
    expect(warnedSeats(d.match, at(deadline - 2 * DAY), 3 * DAY)).toEqual([{ seat: 0, deadline: new Date(deadline).toISOString(), dueAt: d.at }]);
    expect(warnedSeats(d.match, at(deadline - 2 * DAY - 1), 3 * DAY)).toEqual([]);
  });

  it("none in a finished match, nor in one without a clock", () => {
    const { d, deadline } = annDue();
    d.run({ type: "Resign", seat: 0 });
    expect(warnedSeats(d.match, at(deadline - 1), LEAD)).toEqual([]);
    const free = new MatchDriver();
    free.run({ type: "CreateMatch", matchId: "f", ruleset: "backgammon", options: {}, diceCommitment: "c" });
    expect(warnedSeats(free.match, at(Date.parse(free.at) + 1), 100 * DAY)).toEqual([]);
  });

  it("go to the seat's player and to the match's webhooks, not to the opponent's player webhook", () => {
    const { d, deadline } = annDue();
    const now = at(deadline - HOUR);
    const [warning] = clockWarningEvents(sub({ scope: "player", playerId: ann.id }), d.match, now, LEAD);
    expect(warning!.payload).toEqual({
      type: "clock.warning",
      timestamp: new Date(deadline - LEAD).toISOString(),
      data: { matchId: "m", ruleset: "backgammon", version: d.match.version, seat: 0, player: ann, deadline: new Date(deadline).toISOString() },
    });
    expect(() => z.parse(WEBHOOK_PAYLOAD_SCHEMAS["clock.warning"], warning!.payload)).not.toThrow();
    expect(clockWarningEvents(sub({ scope: "player", playerId: bob.id }), d.match, now, LEAD)).toEqual([]);
    expect(clockWarningEvents(sub({ scope: "match", matchId: "m", seat: 1 }), d.match, now, LEAD).map((e) => e.payload.data.seat)).toEqual([0]);
    expect(clockWarningEvents(sub({ scope: "match", matchId: "m" }, ["match.updated"]), d.match, now, LEAD)).toEqual([]);
    expect(clockWarningEvents(sub({ scope: "match", matchId: "other" }), d.match, now, LEAD)).toEqual([]);
  });

  it("keep one id per seat and deadline: found again later, or after the seat's roll, the same; its next turn, a new one", () => {
    const { d, deadline } = annDue();
    const s = sub({ scope: "player", playerId: ann.id });
    const first = clockWarningEvents(s, d.match, at(deadline - LEAD), LEAD)[0]!;
    expect(first.id).toBe(clockWarningId("wh-1", "m", 0, new Date(deadline).toISOString()));
    expect(clockWarningEvents(s, d.match, at(deadline - 1), LEAD)[0]!.id).toBe(first.id);
    d.wait(2 * DAY - LEAD).step(); // Ann rolls: still her turn, the same deadline
    expect(d.toAct).toBe(0);
    expect(clockWarningEvents(s, d.match, at(deadline - 1), LEAD)[0]!.id).toBe(first.id);
    d.step(); // Ann moves; Bob rolls and moves; Ann is due again with a new deadline
    d.step();
    d.step();
    expect(d.toAct).toBe(0);
    const next = Date.parse(d.at) + 2 * DAY;
    const again = clockWarningEvents(s, d.match, at(next - 1), LEAD);
    expect(again).toHaveLength(1);
    expect(again[0]!.id).not.toBe(first.id);
  });
});
