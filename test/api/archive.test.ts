import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replay } from "../../src/match/evolve.js";
import { verifyDice } from "../../src/match/verify-dice.js";
import { MatchArchiveSchema } from "../../src/service/archive-schema.js";
import { archiveSchemaPath, renderArchiveSchema } from "../../schema/sync.js";
import { exportMat } from "../../src/interop/backgammon-mat.js";
import { makeMatchRecord } from "../../src/interop/match-record.js";
import type { MatchEvent } from "../../src/match/events.js";
import { createViaRest, events, finishedMatch as finishedBackgammon } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** A relay race that seat 0 opens with a roll and seat 1 then concedes. */
async function finishedMatch(): Promise<{ id: string; tokens: string[] }> {
  const { match, tokens } = await createViaRest(t, { ruleset: "golnard-estafeta" });
  await t.rest("POST", `/api/matches/${match.id}/dice`, { token: tokens[0] });
  const resigned = await t.rest("POST", `/api/matches/${match.id}/resign`, { token: tokens[1] });
  expect(resigned.body.status).toBe("FINISHED");
  return { id: match.id, tokens };
}

describe("GET /api/matches/{id}/archive", () => {
  it("answers the whole finished match: its log, rules version, options, revealed seed and outcome, as its schema says", async () => {
    const { id } = await finishedMatch();
    const reply = await t.rest("GET", `/api/matches/${id}/archive`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get("cache-control")).toContain("immutable");
    const archive = reply.body;
    expect(MatchArchiveSchema.safeParse(archive).success).toBe(true);
    const log = await events(t, id);
    expect(archive.events).toEqual(log);
    expect(archive).toMatchObject({ format: "tabula-match-archive", formatVersion: 1, matchId: id, ruleset: "golnard-estafeta", rulesVersion: 1, seats: 2, timeControl: null });
    expect(archive.options).toEqual(log[0]!.data.options);
    expect(archive.diceSeed).toBe(log[log.length - 1]!.data.diceSeed);
    expect(archive.outcome).toEqual(replay(archive.events).outcome);
    expect(archive.outcome).toMatchObject({ reason: "resignation", winner: 0 });
    expect(verifyDice(archive.events).ok).toBe(true);
    expect(archive.notation).toBe(makeMatchRecord(log as MatchEvent[]));
  });

  it("holds a backgammon match's .mat file as its notation", async () => {
    const { created } = await finishedBackgammon(t);
    const archive = (await t.rest("GET", `/api/matches/${created.match.id}/archive`)).body;
    expect(archive.notation).toBe(exportMat(archive.events));
    expect(archive.notation).toMatch(/^\n 1 point match\n/);
  });

  it("is a field of the match over GraphQL, the same document", async () => {
    const { id } = await finishedMatch();
    const reply = await t.gql<{ match: { archive: unknown } }>(`query($id: ID!) { match(id: $id) { archive } }`, { id });
    expect(reply.errors).toBeUndefined();
    expect(reply.data!.match.archive).toEqual((await t.rest("GET", `/api/matches/${id}/archive`)).body);
  });

  it("refuses a match still in play with MATCH_NOT_FINISHED, over both transports, and never shows its seed", async () => {
    const { match } = await createViaRest(t, { ruleset: "backgammon" });
    const reply = await t.rest("GET", `/api/matches/${match.id}/archive`);
    expect(reply.status).toBe(409);
    expect(reply.body.error).toMatchObject({ code: "MATCH_NOT_FINISHED", status: "WAITING" });
    expect(reply.raw).not.toMatch(/[0-9a-f]{64}/);
    const gql = await t.gql(`query($id: ID!) { match(id: $id) { status archive } }`, { id: match.id });
    expect(gql.errors?.map((e) => e.extensions.code)).toEqual(["MATCH_NOT_FINISHED"]);
    expect(gql.data).toEqual({ match: { status: "WAITING", archive: null } });
  });

  it("answers an unknown or malformed id with NOT_FOUND, and a token of no seat with FORBIDDEN", async () => {
    expect((await t.rest("GET", "/api/matches/nope/archive")).body.error.code).toBe("NOT_FOUND");
    expect((await t.rest("GET", `/api/matches/${"x".repeat(200)}/archive`)).body.error.code).toBe("NOT_FOUND");
    const { id } = await finishedMatch();
    const other = await createViaRest(t, { ruleset: "backgammon" });
    const reply = await t.rest("GET", `/api/matches/${id}/archive`, { token: other.tokens[0] });
    expect(reply.status).toBe(403);
    expect(reply.body.error.code).toBe("FORBIDDEN");
  });
});

describe("the ruleset catalog", () => {
  it("names the rules version new matches get and every version the server can replay", async () => {
    const rest = await t.rest("GET", "/api/rulesets/golnard-football");
    expect(rest.body).toMatchObject({ rulesVersion: 1, rulesVersions: [1] });
    const gql = await t.gql<{ ruleset: unknown }>(`{ ruleset(id: "gol") { rulesVersion rulesVersions } }`);
    expect(gql.data?.ruleset).toEqual({ rulesVersion: 1, rulesVersions: [1] });
  });
});

describe("the archive's JSON Schema", () => {
  it("is the file schema/sync.ts writes from the zod schema (run `npx tsx schema/sync.ts` when it is stale)", () => {
    expect(readFileSync(archiveSchemaPath, "utf8")).toBe(renderArchiveSchema());
    const schema = JSON.parse(readFileSync(archiveSchemaPath, "utf8"));
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(JSON.stringify(schema)).not.toContain('"graphql"');
  });
});
