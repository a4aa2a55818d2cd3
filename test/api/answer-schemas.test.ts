import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RulesetSchema } from "../../src/api/ruleset-catalog.js";
import { MatchViewSchema } from "../../src/service/match-view-schema.js";
import { CreateMatchPayloadSchema, CreatePlayerResponseSchema, EventsPageSchema, InboxPageSchema, JoinMatchPayloadSchema } from "../../src/service/payload-schemas.js";
import type * as z from "../../src/zod.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let t: TestServer;
beforeAll(async () => void (t = await startTestServer()));
afterAll(() => t?.close());

/** The body parses with the schema, and parsing drops nothing: the schema names every field at every depth. */
function describes(schema: z.ZodMiniType, body: unknown, what: string): void {
  const parsed = schema.safeParse(body);
  expect(parsed.error?.issues, what).toBeUndefined();
  expect(parsed.data, what).toEqual(body);
}

/** The answer schemas are what OpenAPI's components and the SDL's types are written from: here they are held to REST's real answers. */
describe("the answer schemas (src/api/view-schemas.ts)", () => {
  it("describe every REST answer of a correspondence match: players, creation, joining, a command, the log and the inbox", async () => {
    const ann = await t.rest("POST", "/api/players", { json: { name: "Ann" } });
    const bob = await t.rest("POST", "/api/players", { json: { name: "Bob" } });
    describes(CreatePlayerResponseSchema, ann.body, "createPlayer");
    const created = await t.rest("POST", "/api/matches", {
      token: ann.body.token,
      json: { ruleset: "backgammon", timeControl: { daysPerMove: 3 }, openSeats: [{ seat: 1, player: bob.body.player.id }], invitationLink: "https://play.example/{match}/{code}" },
    });
    expect(created.status).toBe(201);
    describes(CreateMatchPayloadSchema, created.body, "createMatch");
    const id = created.body.match.id as string;
    const waiting = await t.rest("GET", "/api/players/me/matches", { token: bob.body.token });
    describes(InboxPageSchema, waiting.body, "myMatches (invited)");
    const joined = await t.rest("POST", `/api/matches/${id}/join`, { token: bob.body.token });
    describes(JoinMatchPayloadSchema, joined.body, "joinMatch");
    const rolled = await t.rest("POST", `/api/matches/${id}/dice`, { token: ann.body.token });
    describes(MatchViewSchema, rolled.body, "rollDice");
    const offered = await t.rest("POST", `/api/matches/${id}/resign`, { token: ann.body.token, json: {} });
    describes(MatchViewSchema, offered.body, "resign (the match is over)");
    describes(EventsPageSchema, (await t.rest("GET", `/api/matches/${id}/events?limit=2`)).body, "listEvents (a page)");
    describes(InboxPageSchema, (await t.rest("GET", "/api/players/me/matches", { token: ann.body.token })).body, "myMatches (finished)");
  });

  it("describe every ruleset as GET /api/rulesets answers it", async () => {
    const { body } = await t.rest("GET", "/api/rulesets");
    expect(body.rulesets.length).toBeGreaterThan(3);
    for (const ruleset of body.rulesets) describes(RulesetSchema, ruleset, ruleset.id);
  });
});
