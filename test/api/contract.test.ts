import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getRuleset, RULESETS } from "../../src/engine/registry.js";
import { createViaRest, events, getMatch, MATCH_FIELDS } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let t: TestServer;
beforeAll(async () => void (t = await startTestServer()));
afterAll(() => t?.close());

/** What every match view says of sides, phases and what the game awaits, on both transports. */
describe("the match view's contract fields", () => {
  it("name the sides, the viewer's side, who may act and what the game awaits", async () => {
    const { match, tokens } = await createViaRest(t, { ruleset: "backgammon" });
    expect(match).toMatchObject({
      sides: [{ side: "white", seats: [0] }, { side: "black", seats: [1] }],
      side: null,
      seat: null,
      toMove: null,
      toAct: [0, 1],
      phase: "roll",
      awaiting: "openingRoll",
    });
    expect(await getMatch(t, match.id, tokens[1])).toMatchObject({ seat: 1, side: "black" });
    let rolled = await t.rest("POST", `/api/matches/${match.id}/dice`, { token: tokens[0] });
    // A tied opening roll is rolled again.
    while (rolled.body.phase === "roll") {
      expect(rolled.body).toMatchObject({ awaiting: "openingRoll", toAct: [0, 1] });
      rolled = await t.rest("POST", `/api/matches/${match.id}/dice`, { token: tokens[0] });
    }
    const mover: number = rolled.body.toMove;
    expect(rolled.body).toMatchObject({ phase: "move", awaiting: "move", toAct: [mover] });
    const gql = await t.gql(`query($id: ID!) { match(id: $id) { ${MATCH_FIELDS} } }`, { id: match.id }, { token: tokens[mover] });
    expect(gql.data.match).toMatchObject({ phase: "move", awaiting: "move", toAct: [mover], side: ["white", "black"][mover] });
  });

  it("records notes with the moves that produce them, and pushes them like the rest of the event", async () => {
    const { match, tokens } = await createViaRest(t, { ruleset: "golnard-estafeta", options: { teams: 2, lanes: [1, 2] } });
    // Play until some move carries a note (a turn that ends with points left comes within a few turns).
    for (let i = 0; i < 200; i++) {
      const view = await getMatch(t, match.id);
      if (view.status === "FINISHED") break;
      const seat = view.toAct[0]!;
      const mine = await getMatch(t, match.id, tokens[seat]);
      const reply =
        mine.phase === "roll"
          ? await t.rest("POST", `/api/matches/${match.id}/dice`, { token: tokens[seat] })
          : await t.rest("POST", `/api/matches/${match.id}/moves`, { token: tokens[seat], json: { move: mine.legalMoves[0] } });
      expect(reply.status, reply.raw).toBe(200);
      if (i % 10 === 9 && (await events(t, match.id)).some((e) => e.type === "MovePlayed" && e.data.notes)) break;
    }
    const log = await events(t, match.id);
    const noted = log.filter((e) => e.type === "MovePlayed" && e.data.notes);
    expect(noted.length).toBeGreaterThan(0);
    for (const e of noted) for (const note of e.data.notes) expect(getRuleset("golnard-estafeta").notes).toContain(note.type);
    expect(log.filter((e) => e.type === "MovePlayed" && "notes" in e.data && e.data.notes.length === 0)).toEqual([]);
  });
});

describe("rulesets", () => {
  it("are described with what they await, note and refuse, and the JSON Schemas of their options and moves", async () => {
    const list = await t.rest("GET", "/api/rulesets");
    expect(list.status).toBe(200);
    expect(list.body.rulesets.map((r: { id: string }) => r.id)).toEqual([...RULESETS]);
    const one = await t.rest("GET", "/api/rulesets/backgammon");
    expect(one.body).toMatchObject({ id: "backgammon", dice: "d6", awaiting: ["openingRoll", "roll", "move", "takeOrDrop", "over"] });
    expect(one.body.moveSchema).toMatchObject({ type: "string" });
    expect(one.body.optionsSchema.properties).toHaveProperty("matchLength");
    expect(one.body.reasons).toEqual(expect.arrayContaining(["NOT_A_LEGAL_PLAY", "NO_DICE"]));
    expect((await t.rest("GET", "/api/rulesets/chess")).body.error.code).toBe("NOT_FOUND");
    const gql = await t.gql(`{ ruleset(id: "golnard-estafeta") { id dice awaiting notes reasons moveSchema } missing: ruleset(id: "chess") { id } }`);
    expect(gql.data.ruleset).toMatchObject({ id: "golnard-estafeta", dice: "d6", notes: expect.arrayContaining(["handoff"]) });
    expect(gql.data.ruleset.moveSchema.required).toEqual(["token", "die", "to"]);
    expect(gql.data.missing).toBeNull();
  });
});

describe("the public log", () => {
  it("is open to all, and a token given with it is checked as on every read", async () => {
    const { match, tokens } = await createViaRest(t);
    const other = await createViaRest(t);
    expect((await t.rest("GET", `/api/matches/${match.id}/events`)).status).toBe(200);
    expect((await t.rest("GET", `/api/matches/${match.id}/events`, { token: tokens[0] })).status).toBe(200);
    expect((await t.rest("GET", `/api/matches/${match.id}/events`, { token: other.tokens[0] })).body.error.code).toBe("FORBIDDEN");
    expect((await t.rest("GET", `/api/matches/${match.id}/events`, { headers: { authorization: "Basic x" } })).body.error.code).toBe("UNAUTHENTICATED");
  });
});
