import { describe, expect, it } from "vitest";
import { seatDeadlines } from "../../src/match/clock.js";
import { dueOf } from "../../src/match/due.js";
import { DAY, MatchDriver } from "../support/match-driver.js";

const ann = { id: "p-ann", name: "Ann" };
const bob = { id: "p-bob", name: "Bob" };
const cyd = { id: "p-cyd", name: "Cyd" };

/** A backgammon match, 2 days per move: Ann holds seat 0, seat 1 is open for a week (or reserved for `reservedFor`). */
function waiting(reservedFor?: typeof bob) {
  const d = new MatchDriver();
  d.run({
    type: "CreateMatch",
    matchId: "m",
    ruleset: "backgammon",
    options: {},
    diceCommitment: "c",
    timeControl: { daysPerMove: 2 },
    players: [{ seat: 0, player: ann }],
    open: [{ seat: 1, reservedFor }],
    invitationsExpireAt: new Date(Date.parse(d.at) + 7 * DAY).toISOString(),
  });
  return d;
}

describe("open seats", () => {
  it("keep the match WAITING with its clock stopped, and refuse the opening roll with WAITING_FOR_PLAYERS", () => {
    const d = waiting();
    expect(d.match.seating).toEqual([{ player: ann, open: null }, { player: null, open: { expiresAt: expect.any(String), reservedFor: null } }]);
    expect(d.match.status).toBe("WAITING");
    expect(seatDeadlines(d.match.clock!)).toEqual([null, null]);
    expect(d.refused({ type: "RollDice", seat: 0 })).toMatchObject({ code: "WAITING_FOR_PLAYERS", details: { openSeats: [1] } });
    expect(d.refused({ type: "Resign", seat: 0 }).code).toBe("WAITING_FOR_PLAYERS");
  });

  it("the last seat taken starts the clock from that moment", () => {
    const d = waiting();
    d.wait(DAY);
    expect(d.run({ type: "JoinSeat", seat: 1, player: bob })[0]).toMatchObject({ type: "SeatJoined", data: { seat: 1, player: bob } });
    const joined = Date.parse(d.at);
    expect(seatDeadlines(d.match.clock!)).toEqual([0, 1].map(() => new Date(joined + 2 * DAY).toISOString()));
    expect(d.match.status).toBe("WAITING");
    d.step();
    expect(d.match.status).toBe("ACTIVE");
  });

  it("may be taken anonymously (a seat token only)", () => {
    const d = waiting();
    d.run({ type: "JoinSeat", seat: 1, player: null });
    expect(d.match.seating[1]).toEqual({ player: null, open: null });
  });

  it("refuse a second join, a full match, a player already seated, an expired invitation and a seat reserved for another", () => {
    const d = waiting();
    expect(d.refused({ type: "JoinSeat", seat: 1, player: ann }).code).toBe("ALREADY_JOINED");
    d.run({ type: "JoinSeat", seat: 1, player: bob });
    expect(d.refused({ type: "JoinSeat", seat: 1, player: bob }).code).toBe("ALREADY_JOINED");
    expect(d.refused({ type: "JoinSeat", seat: 1, player: cyd })).toMatchObject({ code: "MATCH_FULL", details: { openSeats: [] } });

    const lapsed = waiting().wait(7 * DAY);
    expect(lapsed.refused({ type: "JoinSeat", seat: 1, player: bob }).code).toBe("INVITATION_EXPIRED");

    const challenge = waiting(bob);
    expect(challenge.refused({ type: "JoinSeat", seat: 1, player: cyd })).toMatchObject({ code: "FORBIDDEN", message: expect.stringMatching(/reserved for Bob/) });
    expect(challenge.refused({ type: "JoinSeat", seat: 1, player: null }).code).toBe("FORBIDDEN");
    challenge.run({ type: "JoinSeat", seat: 1, player: bob });
  });

  it("whose invitations lapse make the match due: the sweep aborts it", () => {
    const d = waiting();
    expect(dueOf(d.match)).toEqual({ at: d.match.seating[1]!.open!.expiresAt, kind: "invitation" });
    expect(d.refused({ type: "Timeout" }).code).toBe("TIMEOUT_NOT_DUE");
    d.wait(7 * DAY);
    const events = d.run({ type: "Timeout" });
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ["Aborted", { seat: null, cause: "invitationExpired" }],
      ["MatchFinished", expect.objectContaining({ outcome: expect.objectContaining({ reason: "aborted", winners: [] }) })],
    ]);
  });

  it("are checked at creation: seats in range, named once, a player once, an expiry after now", () => {
    const base = { type: "CreateMatch", matchId: "m", ruleset: "backgammon", options: {}, diceCommitment: "c" } as const;
    const d = new MatchDriver();
    const week = new Date(Date.parse(d.at) + 7 * DAY).toISOString();
    expect(d.refused({ ...base, open: [{ seat: 2 }], invitationsExpireAt: week }).code).toBe("BAD_USER_INPUT");
    expect(d.refused({ ...base, open: [{ seat: 1 }], players: [{ seat: 1, player: ann }], invitationsExpireAt: week }).code).toBe("BAD_USER_INPUT");
    expect(d.refused({ ...base, open: [{ seat: 1, reservedFor: ann }], players: [{ seat: 0, player: ann }], invitationsExpireAt: week }).code).toBe("BAD_USER_INPUT");
    expect(d.refused({ ...base, open: [{ seat: 1 }], invitationsExpireAt: d.at }).code).toBe("BAD_USER_INPUT");
    expect(d.run({ ...base, open: [{ seat: 0 }, { seat: 1 }], invitationsExpireAt: week })).toHaveLength(1);
  });
});
