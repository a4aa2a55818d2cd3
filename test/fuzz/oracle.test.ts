import { describe, expect, it } from "vitest";
import type { MatchEvent } from "../../src/match/events.js";
import { hashSeatToken } from "../../src/service/seat-tokens.js";
import { judgeCommits } from "./commit-judge.js";
import type { CommandClaim, Exchange } from "./exchange.js";
import { allowedGraphqlCodes, allowedRestCodes, restStatusFits, restTargetOf } from "./expected-codes.js";
import type { ObservedCommit } from "./observed-commits.js";
import { tooLargeVersion } from "./push-checks.js";
import { answeredIds } from "./ws-traffic.js";
import { auditDeliveries } from "./delivery-audit.js";
import { issuedWebhookSecrets, leakedSecrets } from "./secret-scan.js";
import { signHeaders } from "../../src/webhooks/sign.js";
import { World } from "./world.js";

/** The fuzzer's oracles catch what they are there to catch (a clean run proves nothing otherwise). */
const TOKENS = [`tbl_${"a".repeat(43)}`, `tbl_${"b".repeat(43)}`];
const SEED = "5".repeat(64);
const at = "2026-01-01T00:00:00.000Z";

function worldWithMatch(): World {
  const world = new World();
  const created: MatchEvent = { version: 1, at, type: "MatchCreated", data: { matchId: "m1", ruleset: "backgammon", options: {}, seats: 2, diceCommitment: "c".repeat(64) } };
  world.absorb({ matchId: "m1", events: [created], idempotency: undefined, snapshot: { state: {} as never, secrets: { diceSeed: SEED, seatTokenHashes: TOKENS.map(hashSeatToken) }, keys: [] } }, "setup");
  world.setTokens(world.get("m1")!, TOKENS);
  return world;
}

const rolled = (version: number, seat: number): ObservedCommit => ({ matchId: "m1", events: [{ version, at, type: "DiceRolled", data: { seat, n: 0, values: [3, 1] } }], idempotency: undefined, snapshot: undefined });
const moved = (version: number, seat: number, key?: string): ObservedCommit => ({
  matchId: "m1",
  events: [{ version, at, type: "MovePlayed", data: { seat, move: "8/5 6/5" } }],
  idempotency: key ? { key, seat, fingerprint: "f", version } : undefined,
  snapshot: undefined,
});
const exchange = (claims: CommandClaim[]): Exchange => ({ transport: "rest", operation: "submitMove", purpose: "hostile", outcomes: [], findings: [], claims, repro: { text: "", json: null }, created: new Map(), disclosed: [], views: [] });
const claim = (extra: Partial<CommandClaim>): CommandClaim => ({ kind: "move", matchId: "m1", token: TOKENS[0]!, accepted: true, purpose: "hostile", ...extra });
const kinds = (findings: { kind: string }[]) => findings.map((f) => f.kind);

describe("the secret scan", () => {
  it("finds any seat token and the seed of an unfinished match, wherever they are, unless the request carried them", () => {
    const world = worldWithMatch();
    expect(leakedSecrets(`{"x":"${TOKENS[1]}"}`, world, "")).toEqual(["the token of seat 1 of match m1"]);
    expect(leakedSecrets(`echo ${TOKENS[1]}`, world, `Bearer ${TOKENS[1]}`)).toEqual([]);
    expect(leakedSecrets(`"${"f".repeat(7)}${SEED}"`, world, "")).toEqual(["the dice seed of unfinished match m1"]);
    expect(leakedSecrets(SEED, world, "", new Set(["m1"]))).toEqual([]);
    expect(leakedSecrets("c".repeat(64), world, "")).toEqual([]);
    expect(leakedSecrets(hashSeatToken(TOKENS[0]!), world, "")).toEqual(["the token hash of seat 0 of match m1"]);
  });
});

describe("the webhook secrets", () => {
  const SECRET = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
  const answer = (body: unknown) => `HTTP/1.1 201 Created\r\ncontent-type: application/json\r\n\r\n\n${JSON.stringify(body)}`;

  it("a secret handed out is found wherever it shows again, unless the request carried it", () => {
    const world = worldWithMatch();
    expect(leakedSecrets(`{"s":"${SECRET}"}`, world, "")).toEqual([]);
    world.noteWebhookSecret("wh_1", SECRET);
    expect(leakedSecrets(`{"s":"${SECRET}"}`, world, "")).toEqual(["a signing secret of webhook wh_1"]);
    expect(leakedSecrets(`{"s":"${SECRET}"}`, world, `Bearer x ${SECRET}`)).toEqual([]);
  });

  it("only createWebhook and rotateWebhookSecret answers issue one, with their webhook's id", () => {
    const body = { webhook: { id: "wh_1" }, secret: SECRET };
    expect(issuedWebhookSecrets("createWebhook", answer(body))).toEqual([{ secret: SECRET, webhookId: "wh_1" }]);
    expect(issuedWebhookSecrets("rotateWebhookSecret", answer({ data: { rotateWebhookSecret: body } }))).toEqual([{ secret: SECRET, webhookId: "wh_1" }]);
    expect(issuedWebhookSecrets("webhooks", answer(body))).toEqual([]);
    expect(issuedWebhookSecrets("createWebhook", "HTTP/1.1 400\r\n\r\n\nnot json")).toEqual([]);
  });

  it("a delivery is judged by the Standard Webhooks library against its webhook's secrets, and searched", () => {
    const world = worldWithMatch();
    world.get("m1")!.webhookId = "wh_1";
    world.noteWebhookSecret("wh_1", SECRET);
    const body = JSON.stringify({ type: "match.updated", timestamp: new Date().toISOString(), data: { matchId: "m1" } });
    const signed = (text: string, secret = SECRET) => ({ body: text, headers: signHeaders([secret], "msg_1", new Date(), text) });
    expect(auditDeliveries([signed(body)], world)).toEqual([]);
    expect(kinds(auditDeliveries([signed(body, `whsec_${Buffer.alloc(32, 8).toString("base64")}`)], world))).toEqual(["webhooks"]);
    expect(kinds(auditDeliveries([{ ...signed(body), body: body.replace("updated", "finished") }], world))).toEqual(["webhooks"]);
    const leaking = JSON.stringify({ type: "match.updated", data: { matchId: "m1", note: TOKENS[0] } });
    expect(kinds(auditDeliveries([signed(leaking)], world))).toEqual(["secret leaked"]);
  });
});

describe("the commit judge", () => {
  it("explains a write only by an accepted command of the seat that acted, at the version it expected", () => {
    expect(judgeCommits(exchange([claim({ kind: "roll", expectedVersion: undefined })]), [rolled(2, 0)], worldWithMatch(), "fuzz")).toEqual([]);
    expect(kinds(judgeCommits(exchange([claim({ accepted: false, code: "ILLEGAL_MOVE" })]), [moved(2, 0)], worldWithMatch(), "fuzz"))).toEqual(["unexplained write"]);
    expect(kinds(judgeCommits(exchange([]), [rolled(2, 0)], worldWithMatch(), "fuzz"))).toEqual(["unexplained write"]);
    expect(kinds(judgeCommits(exchange([claim({ expectedVersion: 0 })]), [moved(2, 0)], worldWithMatch(), "fuzz"))).toEqual(["stale version accepted"]);
    expect(kinds(judgeCommits(exchange([claim({ token: TOKENS[1]! })]), [moved(2, 0)], worldWithMatch(), "fuzz"))).toEqual(["wrong actor"]);
    expect(kinds(judgeCommits(exchange([claim({ responseVersion: 3 })]), [moved(2, 0)], worldWithMatch(), "fuzz"))).toEqual(["answer disagrees with the log"]);
    expect(kinds(judgeCommits(exchange([claim({})]), [moved(3, 0)], worldWithMatch(), "fuzz"))).toEqual(["log gap"]);
  });

  it("takes an accepted command without a write only as a retry of an identical keyed move", () => {
    const world = worldWithMatch();
    world.noteKeyedMove("m1", "k1", '"8/5 6/5"');
    expect(judgeCommits(exchange([claim({ key: "k1", moveJson: '"8/5 6/5"' })]), [moved(2, 0, "k1")], world, "fuzz")).toEqual([]);
    // The same move in other JSON text is the same move.
    expect(judgeCommits(exchange([claim({ key: "k1", moveJson: ' "8/5 6/5" ' })]), [], world, "fuzz")).toEqual([]);
    expect(kinds(judgeCommits(exchange([claim({ key: "k1", moveJson: '"13/7"' })]), [], world, "fuzz"))).toEqual(["accepted without a write"]);
    expect(kinds(judgeCommits(exchange([claim({ key: "k1", moveJson: '"13/7"' })]), [moved(3, 0, "k1")], world, "fuzz"))).toEqual(["idempotency key reused"]);
  });
});

describe("the documented codes", () => {
  it("come from the operations table, per transport", () => {
    expect(restTargetOf("POST", "/api/matches/x/moves?y=1")).toEqual({ kind: "operation", name: "submitMove" });
    expect(restTargetOf("HEAD", "/api/matches/x")).toEqual({ kind: "method-not-allowed" });
    expect(restTargetOf("GET", "/api/matches/x/")).toEqual({ kind: "not-found" });
    expect(allowedRestCodes({ kind: "operation", name: "getMatch" })).toContain("NOT_FOUND");
    expect(allowedRestCodes({ kind: "operation", name: "getOpenApi" })).not.toContain("FORBIDDEN");
    expect(allowedRestCodes({ kind: "operation", name: "submitMove" })).toContain("IDEMPOTENCY_KEY_REUSED");
    expect(allowedGraphqlCodes(["getMatch"])).toContain("FORBIDDEN");
    expect(allowedGraphqlCodes(["getMatch"])).not.toContain("NOT_FOUND");
    expect(allowedGraphqlCodes([])).toContain("QUERY_TOO_COMPLEX");
    expect(restStatusFits(409, "VERSION_CONFLICT")).toBe(true);
    expect(restStatusFits(415, "BAD_USER_INPUT")).toBe(true);
    expect(restStatusFits(400, "NOT_FOUND")).toBe(false);
  });
});

describe("the live-update check", () => {
  it("counts an update too large to post as its version, and nothing else as one", () => {
    const tooLarge = (extensions: Record<string, unknown>) => ({ data: null, errors: [{ message: "too large", extensions }] });
    expect(tooLargeVersion(tooLarge({ code: "PAYLOAD_TOO_LARGE", limit: 131072, version: 45 }))).toBe(45);
    expect(tooLargeVersion(tooLarge({ code: "PAYLOAD_TOO_LARGE", limit: 131072 }))).toBeNull(); // an answer, not an update
    expect(tooLargeVersion(tooLarge({ code: "FORBIDDEN", version: 45 }))).toBeNull();
    expect(tooLargeVersion({ data: { matchUpdated: { version: 45 } } })).toBeNull();
  });
});

describe("a WebSocket session's answers", () => {
  it("an error under the protocol id answers the commands whose id the server cannot name, and only those", () => {
    const pending = ["s1", "", "x".repeat(129), "x".repeat(128)];
    expect(answeredIds({ type: "error", id: "protocol" }, pending)).toEqual(["protocol", "", "x".repeat(129)]);
    expect(answeredIds({ type: "next", id: "s1" }, pending)).toEqual(["s1"]);
    expect(answeredIds({ type: "complete", id: "s1" }, pending)).toEqual(["s1"]);
    expect(answeredIds({ type: "connection_ack" }, pending)).toEqual([]);
    expect(answeredIds({ type: "pong", id: "s1" }, pending)).toEqual([]);
    expect(answeredIds(undefined, pending)).toEqual([]);
  });
});
