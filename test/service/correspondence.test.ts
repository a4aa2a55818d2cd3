import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TabulaError } from "../../src/errors.js";
import { createService, type TabulaService } from "../../src/api/service.js";
import { startTestStore, type TestStore } from "../support/dynamo.js";

const DAY = 24 * 3_600_000;
let t: TestStore;
let service: TabulaService;
let now = Date.parse("2026-03-01T12:00:00.000Z");
const wait = (ms: number) => void (now += ms);

beforeAll(async () => {
  t = await startTestStore();
  service = createService({ store: t.store, players: t.players, index: t.index, now: () => new Date(now), randomBytes });
});
afterAll(() => t.close());

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "resolved",
    (e) => (e instanceof TabulaError ? e.code : `unexpected ${e}`),
  );

const inbox = async (token: string, query = {}) => (await service.myMatches(query, token)).rows;

/** Whoever is to act (by player token) plays once: rolls when the dice are due, else its first legal move. */
async function playOnce(id: string, tokens: readonly string[]): Promise<number> {
  const spectator = await service.matchView(id, undefined);
  const seat = spectator.toAct[0]!;
  const view = await service.matchView(id, tokens[seat]);
  if (view.phase === "roll") await service.rollDice({ matchId: id }, tokens[seat]);
  else await service.submitMove({ matchId: id, move: view.legalMoves[0]! }, tokens[seat]);
  return seat;
}

describe("a correspondence game between two players", () => {
  it("invitation, join, days between moves, the inbox after every command, a late move refused, the timeout claimed", async () => {
    const ann = await service.createPlayer({ name: "Ann" });
    const bob = await service.createPlayer({ name: "  Bob  " });
    expect(ann.token).toMatch(/^tbp_/);
    expect(bob.player.name).toBe("Bob");

    const created = await service.createMatch(
      { ruleset: "backgammon", timeControl: { daysPerMove: 3 }, openSeats: [{ seat: 1 }], invitationLink: "https://play.example/join/{match}/{code}" },
      ann.token,
    );
    const id = created.state.id;
    expect(created.seats.map((s) => s.seat)).toEqual([0]);
    const [invitation] = created.invitations;
    expect(invitation).toMatchObject({ seat: 1, code: expect.stringMatching(/^tbi_/), reservedFor: null, expiresAt: new Date(now + 7 * DAY).toISOString() });
    expect(invitation!.link).toBe(`https://play.example/join/${id}/${encodeURIComponent(invitation!.code)}`);
    expect(await inbox(ann.token)).toEqual([expect.objectContaining({ matchId: id, seat: 0, status: "WAITING", toMove: false, deadline: invitation!.expiresAt })]);
    expect(await codeOf(service.rollDice({ matchId: id }, ann.token))).toBe("WAITING_FOR_PLAYERS");

    expect(await codeOf(service.joinMatch({ matchId: id, invitation: "tbi_wrong" }, bob.token))).toBe("INVITATION_INVALID");
    expect(await codeOf(service.joinMatch({ matchId: id, invitation: invitation!.code }, ann.token))).toBe("ALREADY_JOINED");
    wait(DAY);
    const joined = await service.joinMatch({ matchId: id, invitation: invitation!.code }, bob.token);
    expect(joined.seat).toBe(1);
    expect(joined.seatToken).toMatch(/^tbl_/);
    expect(await codeOf(service.joinMatch({ matchId: id, invitation: invitation!.code }, bob.token))).toBe("ALREADY_JOINED");
    expect(await codeOf(service.joinMatch({ matchId: id, invitation: invitation!.code }))).toBe("MATCH_FULL");

    const view = await service.matchView(id, undefined);
    expect(view.seating.map((s) => s.player?.name ?? null)).toEqual(["Ann", "Bob"]);
    expect(view.deadline).toBe(new Date(now + 3 * DAY).toISOString());
    // The seat token Bob got works as well as his player token.
    expect((await service.matchView(id, joined.seatToken)).seat).toBe(1);

    const tokens = [ann.token, bob.token];
    let acting = "";
    for (let command = 0; command < 12; command++) {
      // Two days to think each time the turn changes hands; the rest of a turn follows at once.
      const before = (await service.matchView(id, undefined)).toAct.join();
      if (before !== acting) wait(2 * DAY);
      acting = before;
      await playOnce(id, tokens);
      const match = await service.matchView(id, undefined);
      if (match.status === "FINISHED") break;
      for (const [seat, token] of tokens.entries()) {
        const rows = await inbox(token);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ matchId: id, seat, status: match.status, toMove: match.toAct.includes(seat), deadline: match.deadline });
        expect(rows[0]!.players.map((p) => p.player.name)).toEqual(["Ann", "Bob"]);
        expect((await inbox(token, { toMove: true })).length).toBe(match.toAct.includes(seat) ? 1 : 0);
      }
    }

    // Abandoned: Bob (or Ann) no longer answers.
    const stuck = await service.matchView(id, undefined);
    const late = stuck.toAct[0]!;
    const waiting = 1 - late;
    wait(Date.parse(stuck.deadline!) - now - 1);
    expect(await codeOf(service.claimTimeout({ matchId: id }, tokens[waiting]))).toBe("TIMEOUT_NOT_DUE");
    wait(1);
    expect(await codeOf(service.rollDice({ matchId: id }, tokens[late]))).toBe("DEADLINE_PASSED");
    const claimed = await service.claimTimeout({ matchId: id }, tokens[waiting]);
    expect(claimed.state.outcome).toMatchObject({ reason: "timeout", winner: waiting });
    for (const token of tokens) expect(await inbox(token)).toEqual([expect.objectContaining({ matchId: id, status: "FINISHED", toMove: false, deadline: null })]);
    expect(await inbox(tokens[waiting]!, { status: "ACTIVE" })).toEqual([]);
  });
});

describe("challenges and invitations", () => {
  it("a seat reserved for a player shows in its inbox as an invitation; it joins without a code, nobody else can", async () => {
    const ann = await service.createPlayer({ name: "Ann" });
    const bob = await service.createPlayer({ name: "Bob" });
    const cyd = await service.createPlayer({ name: "Cyd" });
    const { state, invitations } = await service.createMatch({ ruleset: "gol", openSeats: [{ seat: 1, player: bob.player.id }], timeControl: { daysPerMove: 1 } }, ann.token);
    expect(invitations[0]!.reservedFor).toEqual({ id: bob.player.id, name: "Bob" });
    expect(await inbox(bob.token)).toEqual([expect.objectContaining({ matchId: state.id, invited: true, seat: 1, status: "WAITING", toMove: false })]);
    expect(await codeOf(service.joinMatch({ matchId: state.id }, cyd.token))).toBe("INVITATION_INVALID");
    expect(await codeOf(service.joinMatch({ matchId: state.id, invitation: invitations[0]!.code }, cyd.token))).toBe("FORBIDDEN");
    await service.joinMatch({ matchId: state.id }, bob.token);
    const [row] = await inbox(bob.token);
    expect(row).toMatchObject({ invited: false, seat: 1 });
    expect(await inbox(cyd.token)).toEqual([]);
  });

  it("an unknown player to reserve for is bad input; an expired invitation is INVITATION_EXPIRED", async () => {
    const ann = await service.createPlayer({ name: "Ann" });
    expect(await codeOf(service.createMatch({ ruleset: "gol", openSeats: [{ seat: 1, player: "nobody" }] }, ann.token))).toBe("BAD_USER_INPUT");
    const { state, invitations } = await service.createMatch({ ruleset: "gol", openSeats: [{ seat: 1 }], invitationMinutes: 60 }, ann.token);
    wait(60 * 60_000);
    expect(await codeOf(service.joinMatch({ matchId: state.id, invitation: invitations[0]!.code }))).toBe("INVITATION_EXPIRED");
  });
});

describe("who may act and read", () => {
  it("a player token acts only for the seat its player holds; an inbox is only its own player's", async () => {
    const ann = await service.createPlayer({ name: "Ann" });
    const bob = await service.createPlayer({ name: "Bob" });
    const eve = await service.createPlayer({ name: "Eve" });
    const { state, invitations } = await service.createMatch({ ruleset: "backgammon", openSeats: [{ seat: 1 }] }, ann.token);
    await service.joinMatch({ matchId: state.id, invitation: invitations[0]!.code }, bob.token);
    expect((await service.matchView(state.id, ann.token)).seat).toBe(0);
    expect((await service.matchView(state.id, bob.token)).seat).toBe(1);
    expect(await codeOf(service.matchView(state.id, eve.token))).toBe("FORBIDDEN");
    expect(await codeOf(service.rollDice({ matchId: state.id }, eve.token))).toBe("FORBIDDEN");
    expect(await codeOf(service.resign({ matchId: state.id }, eve.token))).toBe("FORBIDDEN");
    const forged = `${ann.token.slice(0, ann.token.indexOf(".") + 1)}${"A".repeat(43)}`;
    expect(await codeOf(service.rollDice({ matchId: state.id }, forged))).toBe("FORBIDDEN");
    expect(await codeOf(service.myMatches({}, forged))).toBe("FORBIDDEN");
    expect(await codeOf(service.myMatches({}, undefined))).toBe("UNAUTHENTICATED");
    const seatToken = (await service.createMatch({ ruleset: "backgammon" })).seats[0]!.token;
    expect(await codeOf(service.myMatches({}, seatToken))).toBe("FORBIDDEN");
    expect(await codeOf(service.joinMatch({ matchId: state.id, invitation: invitations[0]!.code }, seatToken))).toBe("FORBIDDEN");
    expect((await inbox(eve.token)).map((r) => r.matchId)).not.toContain(state.id);
    // Ann's token is seat 0's: when seat 1 is to act, Ann cannot act for it.
    await service.abort({ matchId: state.id }, ann.token);
  });
});

describe("the deadline sweep", () => {
  it("finishes an abandoned match by itself, and aborts one whose invitations lapsed", async () => {
    const ann = await service.createPlayer({ name: "Ann" });
    const bob = await service.createPlayer({ name: "Bob" });
    const { state, invitations } = await service.createMatch({ ruleset: "golnard-estafeta", timeControl: { minutesPerMove: 30 }, openSeats: [{ seat: 1 }] }, ann.token);
    await service.joinMatch({ matchId: state.id, invitation: invitations[0]!.code }, bob.token);
    const lapsing = await service.createMatch({ ruleset: "backgammon", openSeats: [{ seat: 1 }], invitationMinutes: 10 }, ann.token);
    expect((await service.finishOverdue()).finished).not.toContain(state.id);
    wait(31 * 60_000);
    const report = await service.finishOverdue();
    expect(report.finished).toEqual(expect.arrayContaining([state.id, lapsing.state.id]));
    expect((await service.matchView(state.id, undefined)).result).toMatchObject({ reason: "aborted" });
    expect((await service.matchView(lapsing.state.id, undefined)).result).toMatchObject({ reason: "aborted", detail: { cause: "invitationExpired" } });
    expect((await service.finishOverdue()).finished).toEqual([]);
    expect((await service.listEvents({ matchId: state.id }, undefined)).events.map((e) => e.type).slice(-2)).toEqual(["TimedOut", "MatchFinished"]);
  });
});

describe("DynamoDB calls", () => {
  it("a command of a match with players and a clock: the Query and the commit's PutItem, then one PutItem per inbox or deadline entry it changes", async () => {
    const ann = await service.createPlayer({ name: "Ann" });
    const bob = await service.createPlayer({ name: "Bob" });
    const { state, invitations } = await service.createMatch({ ruleset: "gol", timeControl: { daysPerMove: 1 }, openSeats: [{ seat: 1 }] }, ann.token);
    t.resetCalls();
    await service.joinMatch({ matchId: state.id, invitation: invitations[0]!.code }, bob.token);
    // The player (GetItem), the load (Query), the commit, both inbox rows and the deadline.
    expect(t.calls).toEqual(["GetItem", "Query", "PutItem", "PutItem", "PutItem", "PutItem"]);
    const tokens = [ann.token, bob.token];
    t.resetCalls();
    await playOnce(state.id, tokens); // a formation or a kickoff move: the turn may or may not change hands
    const writes = t.calls.filter((c) => c === "PutItem").length;
    expect(t.calls.filter((c) => c === "Query").length).toBe(3); // two reads of the helper, one load
    expect(writes).toBeGreaterThanOrEqual(1);
    expect(writes).toBeLessThanOrEqual(4);
  });
});

describe("what players show each other", () => {
  it("refuses names and invitation links with control or bidirectional-control characters (U+202E would render a name reversed), and takes emoji and accents as they are", async () => {
    for (const name of ["Ann\u202Eevil", "\u2066Bob\u2069", "Cyd\u200F", "Dee\u0007"]) expect(await codeOf(service.createPlayer({ name })), JSON.stringify(name)).toBe("BAD_USER_INPUT");
    expect((await service.createPlayer({ name: "Zoë 👩‍👩‍👧" })).player.name).toBe("Zoë 👩‍👩‍👧");
    const link = (invitationLink: string) => service.createMatch({ ruleset: "backgammon", openSeats: [{ seat: 1 }], invitationLink });
    expect(await codeOf(link("https://play.example/\u202E{code}"))).toBe("BAD_USER_INPUT");
    expect((await link("https://play.example/join/{code}")).invitations[0]!.link).toMatch(/^https:\/\/play\.example\/join\/tbi_/);
  });
});
