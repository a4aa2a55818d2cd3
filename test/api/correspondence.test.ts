import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { MATCH_FIELDS } from "../helpers/matches.js";

/** A correspondence game over HTTP, on the local server under a clock the test moves. */
const DAY = 24 * 3_600_000;
let now = Date.parse("2026-04-01T09:00:00.000Z");
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ now: () => new Date(now), deadlineSweepMs: 25 });
});
afterAll(() => t?.close());

const player = async (name: string): Promise<{ id: string; token: string }> => {
  const reply = await t.rest("POST", "/api/players", { json: { name } });
  expect(reply.status, reply.raw).toBe(201);
  return { id: reply.body.player.id, token: reply.body.token };
};

const inbox = async (token: string, query = "") => {
  const reply = await t.rest("GET", `/api/players/me/matches${query}`, { token });
  expect(reply.status, reply.raw).toBe(200);
  return reply.body.entries as { matchId: string; toMove: boolean; status: string; deadline: string | null; invited: boolean }[];
};

describe("over REST", () => {
  it("a challenge, a join without a code, moves days apart, the inbox after each, a draw refused, a resignation offered and accepted", async () => {
    const ann = await player("Ann");
    const bob = await player("Bob");
    const created = await t.rest("POST", "/api/matches", {
      token: ann.token,
      json: { ruleset: "backgammon", options: { matchLength: 1 }, timeControl: { daysPerMove: 2 }, openSeats: [{ seat: 1, player: bob.id }] },
    });
    expect(created.status, created.raw).toBe(201);
    const id = created.body.match.id as string;
    expect(created.body.invitations).toEqual([expect.objectContaining({ seat: 1, reservedFor: { id: bob.id, name: "Bob" }, link: null })]);
    expect(created.body.match).toMatchObject({ status: "WAITING", toAct: [], deadline: created.body.invitations[0].expiresAt, seating: [{ player: { name: "Ann" } }, { open: true }] });
    expect(await inbox(bob.token)).toEqual([expect.objectContaining({ matchId: id, invited: true, status: "WAITING" })]);

    const early = await t.rest("POST", `/api/matches/${id}/dice`, { token: ann.token });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: "WAITING_FOR_PLAYERS", openSeats: [1] });

    const joined = await t.rest("POST", `/api/matches/${id}/join`, { token: bob.token });
    expect(joined.status, joined.raw).toBe(200);
    expect(joined.body).toMatchObject({ seat: 1, token: expect.stringMatching(/^tbl_/), match: { seat: 1, seating: [{ player: { name: "Ann" } }, { player: { name: "Bob" } }] } });
    expect((await t.rest("POST", `/api/matches/${id}/join`, { token: bob.token })).body.error.code).toBe("ALREADY_JOINED");

    const tokens = [ann.token, bob.token];
    let acting = "";
    for (let i = 0; i < 6; i++) {
      const spectator = (await t.rest("GET", `/api/matches/${id}`)).body;
      const seat = spectator.toAct[0] as number;
      // A day to think each time the turn changes hands (a roll and its move come together).
      if (spectator.toAct.join() !== acting) now += DAY;
      acting = spectator.toAct.join();
      const mine = (await t.rest("GET", `/api/matches/${id}`, { token: tokens[seat] })).body;
      const reply =
        mine.phase === "roll"
          ? await t.rest("POST", `/api/matches/${id}/dice`, { token: tokens[seat] })
          : await t.rest("POST", `/api/matches/${id}/moves`, { token: tokens[seat], json: { move: mine.legalMoves[0] } });
      expect(reply.status, reply.raw).toBe(200);
      expect(reply.body.clock).toMatchObject({ daysPerMove: 2, bankMinutes: 0 });
      for (const [s, token] of tokens.entries()) {
        expect(await inbox(token)).toEqual([expect.objectContaining({ matchId: id, toMove: reply.body.toAct.includes(s), deadline: reply.body.deadline })]);
      }
    }

    const draw = await t.rest("POST", `/api/matches/${id}/draw/offer`, { token: ann.token });
    expect([draw.status, draw.body.error.code]).toEqual([422, "DRAW_NOT_ALLOWED"]);
    const offered = await t.rest("POST", `/api/matches/${id}/resign`, { token: bob.token, json: { value: "backgammon" } });
    expect(offered.status, offered.raw).toBe(200);
    expect(offered.body.offer).toEqual({ kind: "resignation", seat: 1, value: "backgammon" });
    const accepted = await t.rest("POST", `/api/matches/${id}/resignation/accept`, { token: ann.token });
    expect(accepted.status, accepted.raw).toBe(200);
    expect(accepted.body).toMatchObject({ status: "FINISHED", winner: 0, result: { reason: "resignation", detail: { points: 3, resultType: "backgammon" } } });
    expect(await inbox(ann.token, "?status=FINISHED")).toHaveLength(1);
    const log = (await t.rest("GET", `/api/matches/${id}/events`)).body.events.map((e: { type: string }) => e.type);
    expect(log.slice(0, 2)).toEqual(["MatchCreated", "SeatJoined"]);
    expect(log.slice(-3)).toEqual(["ResignationOffered", "ResignationAccepted", "MatchFinished"]);
  });

  it("refuses a wrong invitation, a full match, a seat token as a player and a claim before the deadline", async () => {
    const ann = await player("Ann");
    const created = await t.rest("POST", "/api/matches", { json: { ruleset: "gol", timeControl: { minutesPerMove: 5 }, openSeats: [{ seat: 1 }], invitationLink: "https://play.example/j/{code}" } });
    const id = created.body.match.id as string;
    const seat0 = created.body.seats[0].token as string;
    const code = created.body.invitations[0].code as string;
    expect(created.body.invitations[0].link).toBe(`https://play.example/j/${code}`);
    expect((await t.rest("POST", `/api/matches/${id}/join`, { json: { invitation: "tbi_nope" } })).status).toBe(403);
    expect((await t.rest("POST", `/api/matches/${id}/join`, { json: { invitation: code }, token: seat0 })).body.error.code).toBe("FORBIDDEN");
    const anonymous = await t.rest("POST", `/api/matches/${id}/join`, { json: { invitation: code, seat: 1 } });
    expect(anonymous.status, anonymous.raw).toBe(200);
    expect(anonymous.body.match.seating[1]).toMatchObject({ player: null, open: false });
    const full = await t.rest("POST", `/api/matches/${id}/join`, { json: { invitation: code }, token: ann.token });
    expect([full.status, full.body.error.code]).toEqual([409, "MATCH_FULL"]);
    const claim = await t.rest("POST", `/api/matches/${id}/timeout`, { token: seat0 });
    expect([claim.status, claim.body.error.code, claim.body.error.deadline]).toEqual([409, "TIMEOUT_NOT_DUE", anonymous.body.match.deadline]);
    expect((await t.rest("GET", "/api/players/me/matches", { token: seat0 })).body.error.code).toBe("FORBIDDEN");
    expect((await t.rest("GET", "/api/players/me/matches")).body.error.code).toBe("UNAUTHENTICATED");
    expect((await t.rest("GET", "/api/players/me/matches?toMove=maybe", { token: ann.token })).body.error.code).toBe("BAD_USER_INPUT");
    const aborted = await t.rest("POST", `/api/matches/${id}/abort`, { token: anonymous.body.token });
    expect(aborted.body.result).toMatchObject({ reason: "aborted" });
  });

  it("pages an inbox with its cursor", async () => {
    const ann = await player("Ann");
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await t.rest("POST", "/api/matches", { token: ann.token, json: { ruleset: "gol", timeControl: { daysPerMove: 14 } } })).body.match.id);
    const seen: string[] = [];
    let after = "";
    for (let page = 0; page < 5; page++) {
      const reply = await t.rest("GET", `/api/players/me/matches?limit=2${after ? `&after=${after}` : ""}`, { token: ann.token });
      seen.push(...reply.body.entries.map((e: { matchId: string }) => e.matchId));
      if (!reply.body.next) break;
      after = reply.body.next;
    }
    expect(seen.sort()).toEqual([...ids].sort());
  });
});

describe("over GraphQL", () => {
  it("createPlayer, createMatch with an invitation, joinMatch, draws in gol, and the inbox with each match", async () => {
    const a = await t.gql(`mutation { createPlayer(name: "Ann") { player { id name } token } }`);
    const b = await t.gql(`mutation { createPlayer(name: "Bob") { player { id name } token } }`);
    const ann = a.data.createPlayer.token as string;
    const bob = b.data.createPlayer.token as string;
    const created = await t.gql(
      `mutation { createMatch(input: { ruleset: "gol", timeControl: { daysPerMove: 3, bankMinutes: 1440 }, openSeats: [{ seat: 1 }] }) { match { id seating { seat player { name } open } } invitations { seat code expiresAt } seats { seat } } }`,
      undefined,
      { token: ann },
    );
    expect(created.errors).toBeUndefined();
    const { match, invitations, seats } = created.data.createMatch;
    expect(seats).toEqual([{ seat: 0 }]);
    expect(match.seating).toEqual([{ seat: 0, player: { name: "Ann" }, open: false }, { seat: 1, player: null, open: true }]);
    const joined = await t.gql(`mutation($m: ID!, $i: String) { joinMatch(matchId: $m, invitation: $i) { seat token match { ${MATCH_FIELDS} clock { daysPerMove bankMinutes seats { seat deadline bankSeconds } } deadline drawAllowed } } }`, { m: match.id, i: invitations[0].code }, { token: bob });
    expect(joined.errors).toBeUndefined();
    expect(joined.data.joinMatch.match.clock).toMatchObject({ daysPerMove: 3, bankMinutes: 1440, seats: [{ seat: 0, bankSeconds: 86400 }, { seat: 1, bankSeconds: 86400 }] });
    expect(joined.data.joinMatch.match.drawAllowed).toBe(true);
    const offered = await t.gql(`mutation($m: ID!) { offerDraw(matchId: $m) { offer { kind seat } } }`, { m: match.id }, { token: ann });
    expect(offered.data.offerDraw.offer).toEqual({ kind: "draw", seat: 0 });
    const declined = await t.gql(`mutation($m: ID!) { acceptDraw(matchId: $m) { id } }`, { m: match.id }, { token: ann });
    expect(declined.errors?.[0]?.extensions.code).toBe("NO_OFFER");
    const inbox = await t.gql(`{ myMatches { entries { matchId seat toMove status deadline players { seat player { name } } match { seat offer { kind } } } next } }`, undefined, { token: bob });
    expect(inbox.errors).toBeUndefined();
    expect(inbox.data.myMatches.entries).toEqual([
      expect.objectContaining({ matchId: match.id, seat: 1, match: { seat: 1, offer: { kind: "draw" } }, players: [{ seat: 0, player: { name: "Ann" } }, { seat: 1, player: { name: "Bob" } }] }),
    ]);
    const drawn = await t.gql(`mutation($m: ID!) { acceptDraw(matchId: $m) { status result } }`, { m: match.id }, { token: bob });
    expect(drawn.data.acceptDraw).toMatchObject({ status: "FINISHED", result: { reason: "drawAgreed", winners: [] } });
    const other = await t.gql(`{ myMatches { entries { matchId } } }`, undefined, { token: (await t.gql(`mutation { createPlayer(name: "Eve") { token } }`)).data.createPlayer.token });
    expect(other.data.myMatches.entries).toEqual([]);
  });

  it("the ruleset catalog names backgammon's resignation values", async () => {
    const reply = await t.gql(`{ ruleset(id: "backgammon") { resignationValues } gol: ruleset(id: "gol") { resignationValues } }`);
    expect(reply.data).toEqual({ ruleset: { resignationValues: ["single", "gammon", "backgammon"] }, gol: { resignationValues: [] } });
  });
});

describe("the local deadline timer", () => {
  it("finishes an abandoned match by itself, as a TimedOut event in its log", async () => {
    const created = await t.rest("POST", "/api/matches", { json: { ruleset: "backgammon", timeControl: { daysPerMove: 1 } } });
    const id = created.body.match.id as string;
    now += DAY;
    for (let i = 0; i < 200; i++) {
      if ((await t.rest("GET", `/api/matches/${id}`)).body.status === "FINISHED") break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const log = (await t.rest("GET", `/api/matches/${id}/events`)).body.events;
    expect(log.map((e: { type: string }) => e.type)).toEqual(["MatchCreated", "TimedOut", "MatchFinished"]);
    expect(log[1].data).toEqual({ seats: [0, 1], claimedBy: null });
    expect(log[2].data.outcome).toMatchObject({ reason: "aborted" });
  });
});

describe("the GraphQL inbox", () => {
  const INBOX = `{ myMatches(limit: 10) { entries { matchId seat invited match { id seat status legalMoves seating { seat open reservedFor { id } } } } } }`;

  it("answers every entry's match, the ones the player is only invited to included (as the seat it is invited to), without an error", async () => {
    const ann = await player("Ann");
    const bob = await player("Bob");
    const challenged = await t.rest("POST", "/api/matches", { token: ann.token, json: { ruleset: "gol", openSeats: [{ seat: 1, player: bob.id }] } });
    const joined = await t.rest("POST", "/api/matches", { token: bob.token, json: { ruleset: "backgammon" } });
    expect([challenged.status, joined.status]).toEqual([201, 201]);

    const reply = await t.gql(INBOX, undefined, { token: bob.token });
    expect(reply.errors).toBeUndefined();
    const entries = reply.data.myMatches.entries as { matchId: string; seat: number; invited: boolean; match: any }[];
    const invited = entries.find((e) => e.matchId === challenged.body.match.id)!;
    expect(invited).toMatchObject({ seat: 1, invited: true, match: { id: challenged.body.match.id, seat: 1, status: "WAITING", legalMoves: [] } });
    expect(invited.match.seating[1]).toEqual({ seat: 1, open: true, reservedFor: { id: bob.id } });
    expect(entries.find((e) => e.matchId === joined.body.match.id)).toMatchObject({ invited: false, match: { seat: 0 } });

    // Another player's token reads neither as a seat: its own inbox has neither match.
    const cyd = await player("Cyd");
    expect((await t.gql(INBOX, undefined, { token: cyd.token })).data.myMatches.entries).toEqual([]);
  });
});
