import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replay } from "../../src/match/evolve.js";
import { verifyArchive } from "../../src/match/verify-match.js";
import { rulesVersions } from "../../src/engine/registry.js";
import type { MatchEvent } from "../../src/match/events.js";
import { BotDriver } from "../../src/bots/driver.js";
import { createLogger } from "../../src/logger.js";
import { fixedRandomBytes } from "../helpers/fixed-random.js";
import { events, getMatch, type MatchJson } from "../helpers/matches.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { eventually, updatesOf, watch } from "../realtime/support.js";

let dataDir: string;
beforeAll(async () => void (dataDir = await mkdtemp(join(tmpdir(), "tabula-bots-"))));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Quick matches of every ruleset, a bot of each level in every seat. */
const BOT_MATCHES = [
  { ruleset: "backgammon", options: {}, seats: undefined, levels: ["pubeval", "random"] },
  { ruleset: "golnard-estafeta", options: { variant: "sprint", teams: 2 }, seats: undefined, levels: ["progress", "random"] },
  { ruleset: "golnard-football", options: { halfTurns: 2 }, seats: 2, levels: undefined },
  { ruleset: "gol", options: { minutesPerHalf: 2, minSecondary: 2 }, seats: undefined, levels: undefined },
] as const;

const finished = (t: TestServer, id: string, timeoutMs = 60_000): Promise<MatchJson> =>
  eventually(async () => {
    const match = await getMatch(t, id);
    if (match.status !== "FINISHED") throw new Error(`match ${id} at version ${match.version}, ${match.status}`);
    return match;
  }, timeoutMs, 50);

describe("bot seats", () => {
  let t: TestServer;
  beforeAll(async () => void (t = await startTestServer({ bots: { thinkMs: 0 } })));
  afterAll(() => t.close());

  for (const spec of BOT_MATCHES) {
    it(`${spec.ruleset}: two bots play a whole match through the API, logged and replayable like any`, async () => {
      const levels = (await t.rest("GET", `/api/rulesets/${spec.ruleset}`)).body;
      expect(levels.botLevels?.length ?? 0, JSON.stringify(levels).slice(0, 300)).toBeGreaterThan(0);
      const [strong, weak] = spec.levels ?? [levels.botLevels.at(-1), levels.botLevels[0]];
      const seats = spec.seats ?? 2;
      const bots = Array.from({ length: seats }, (_, seat) => ({ seat, level: seat % 2 === 0 ? strong : weak }));
      const created = await t.rest("POST", "/api/matches", { json: { ruleset: spec.ruleset, options: spec.options, ...(spec.seats ? { seats: spec.seats } : {}), bots } });
      expect(created.status, created.raw).toBe(201);
      // Nobody is handed a bot's token.
      expect(created.body.seats).toEqual([]);
      const match = await finished(t, created.body.match.id);
      expect(match.result).not.toBeNull();
      // Created now: under the newest rules of its ruleset, as the view says.
      expect(match.rulesVersion).toBe(rulesVersions(spec.ruleset).at(-1));
      const log = await events(t, match.id);
      expect(log.at(-1)!.type).toBe("MatchFinished");
      // Every command came from a bot seat, and the log replays to the match as served.
      const acted = log.flatMap((e) => (typeof e.data?.seat === "number" ? [e.data.seat] : []));
      expect(acted.length).toBeGreaterThan(4);
      expect(acted.every((seat) => seat >= 0 && seat < seats)).toBe(true);
      expect(replay(log as MatchEvent[]).version).toBe(match.version);
      // And its archive verifies offline, bot moves and all, as any match's does.
      const archive = await t.rest("GET", `/api/matches/${match.id}/archive`);
      expect(archive.status, archive.raw.slice(0, 300)).toBe(200);
      expect(verifyArchive(archive.body)).toMatchObject({ ok: true, events: log.length });
      const players = (await t.gql(`query($id: ID!) { match(id: $id) { seating { seat player { id name } } } }`, { id: match.id })).data.match.seating;
      expect(players.map((p: { player: { id: string } }) => p.player.id)).toEqual(bots.map((b) => `bot:${b.level}`));
    }, 90_000);
  }

  it("never acts in a match without bots, however often told of it", async () => {
    const created = await t.rest("POST", "/api/matches", { json: { ruleset: "backgammon" } });
    const id = created.body.match.id as string;
    expect(created.body.seats).toHaveLength(2);
    for (let i = 0; i < 20; i++) t.server.bots.committed(id);
    await t.server.bots.play([id, id]);
    await t.server.bots.idle();
    expect((await events(t, id)).map((e) => e.type)).toEqual(["MatchCreated"]);
  });

  it("refuses an unknown level, naming the ruleset's, and a bot in a seat taken otherwise, with nothing created", async () => {
    const unknown = await t.rest("POST", "/api/matches", { json: { ruleset: "backgammon", bots: [{ seat: 1, level: "gnubg" }] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: "BAD_USER_INPUT", reason: "UNKNOWN_BOT_LEVEL", levels: expect.arrayContaining(["random", "pubeval"]) });
    const twice = await t.rest("POST", "/api/matches", { json: { ruleset: "backgammon", openSeats: [{ seat: 1 }], bots: [{ seat: 1, level: "random" }] } });
    expect(twice.status).toBe(400);
    const outOfRange = await t.rest("POST", "/api/matches", { json: { ruleset: "backgammon", bots: [{ seat: 2, level: "random" }] } });
    expect(outOfRange.status).toBe(400);
    const wrongType = await t.rest("POST", "/api/matches", { json: { ruleset: "backgammon", bots: [{ seat: 1, level: 3 }] } });
    expect(wrongType.status).toBe(400);
  });
});

describe("a person against a bot", () => {
  let t: TestServer;
  beforeAll(async () => void (t = await startTestServer({ bots: { thinkMs: 20 } })));
  afterAll(() => t.close());

  it("over graphql-ws: the person's commands and the bot's answers arrive live; the bot never acts for the person", async () => {
    const created = await t.rest("POST", "/api/matches", { json: { ruleset: "backgammon", bots: [{ seat: 1, level: "pubeval" }] } });
    const id = created.body.match.id as string;
    expect(created.body.seats.map((s: { seat: number }) => s.seat)).toEqual([0]);
    const token = created.body.seats[0].token as string;
    const watcher = watch(t, id, { token, afterVersion: 0 });
    const ROLL = `mutation($id: ID!) { rollDice(matchId: $id) { version } }`;
    const MOVE = `mutation($id: ID!, $move: JSON!, $v: Int) { submitMove(matchId: $id, move: $move, expectedVersion: $v) { version } }`;
    let turns = 0;
    for (let step = 0; step < 400 && turns < 4; step++) {
      const view = await eventually(async () => {
        const v = await getMatch(t, id, token);
        // The opening roll may be asked by either seat: the bot asks it, and the person waits for the person's turn alone.
        if (v.status !== "FINISHED" && (v.toAct.length !== 1 || v.toAct[0] !== 0)) throw new Error("the bot's turn");
        return v;
      }, 10_000, 20);
      if (view.status === "FINISHED") break;
      // Waiting for the person: the bot has done what it may and nothing more.
      await t.server.bots.idle();
      expect((await getMatch(t, id)).version).toBe(view.version);
      if (view.phase === "roll") {
        const rolled = await t.gql(ROLL, { id }, { token });
        expect(rolled.errors).toBeUndefined();
      } else {
        const moved = await t.gql(MOVE, { id, move: view.legalMoves[0], v: view.version }, { token });
        expect(moved.errors).toBeUndefined();
        turns++;
      }
    }
    expect(turns).toBe(4);
    const log = await events(t, id);
    const botMoves = log.filter((e) => e.type === "MovePlayed" && e.data.seat === 1);
    expect(botMoves.length).toBeGreaterThanOrEqual(3);
    // The bot may play on meanwhile: what was pushed begins with the log as read, every version once, in order.
    await eventually(() => expect(updatesOf(watcher).at(-1).version).toBeGreaterThanOrEqual(log.at(-1)!.version));
    const pushed = updatesOf(watcher).map((u) => u.version);
    expect(pushed.slice(0, log.length)).toEqual(log.map((e) => e.version));
    await watcher.dispose();
  }, 60_000);

  it("a draw offered to a bot is answered by it, as its level judges, at once and not only at its turn", async () => {
    const created = await t.rest("POST", "/api/matches", { json: { ruleset: "gol", options: { minutesPerHalf: 2, minSecondary: 2 }, bots: [{ seat: 1, level: "tactical" }] } });
    const id = created.body.match.id as string;
    const token = created.body.seats[0].token as string;
    await eventually(async () => expect((await getMatch(t, id, token)).toAct).toEqual([0]), 10_000, 20);
    const offered = await t.rest("POST", `/api/matches/${id}/draw/offer`, { token });
    expect(offered.status, offered.raw).toBe(200);
    const answer = await eventually(async () => {
      const log = await events(t, id);
      const found = log.find((e) => e.type === "DrawDeclined" || e.type === "DrawAccepted");
      if (!found) throw new Error("no answer yet");
      return found;
    }, 10_000, 20);
    expect(answer.data.seat).toBe(1);
    // Level with the bot (0-0 at the start), the tactical bot is not behind: it declines and plays on.
    expect(answer.type).toBe("DrawDeclined");
    expect((await getMatch(t, id)).offer).toBeNull();
  });

  it("drivers told of the same commits many times over, at once, play the very match one driver plays", async () => {
    // The same random bytes: the same match id, dice seed and so the same dice and bot decisions.
    const play = async (drivers: number): Promise<unknown[]> => {
      const server = await startTestServer({ bots: { thinkMs: 0 }, randomBytes: fixedRandomBytes("bots-twice") });
      // More drivers on the same service: a stream batch retried, two containers on one batch.
      const extra = Array.from({ length: drivers - 1 }, () => new BotDriver({ deps: server.server.service.deps, logger: createLogger("silent"), thinkMs: 0 }));
      const created = await server.rest("POST", "/api/matches", { json: { ruleset: "backgammon", bots: [{ seat: 0, level: "pubeval" }, { seat: 1, level: "random" }] } });
      const id = created.body.match.id as string;
      const stopTelling = setInterval(() => {
        for (const driver of extra) driver.committed(id);
      }, 1);
      try {
        await finished(server, id);
      } finally {
        clearInterval(stopTelling);
        await Promise.all(extra.map((d) => d.close()));
      }
      const log = await events(server, id);
      await server.close();
      return log.map(({ version, type, data }) => ({ version, type, data }));
    };
    const alone = await play(1);
    const crowded = await play(3);
    expect(alone.length).toBeGreaterThan(20);
    expect(crowded).toEqual(alone);
  }, 60_000);
});

describe("correspondence with a bot", () => {
  let t: TestServer;
  beforeAll(async () => void (t = await startTestServer({ bots: { thinkMs: 0 } })));
  afterAll(() => t.close());

  it("a seat left open gets a bot (addBot), which starts the match and plays its turns; the rest is refused cleanly", async () => {
    const created = await t.rest("POST", "/api/matches", { json: { ruleset: "backgammon", timeControl: { daysPerMove: 3 }, openSeats: [{ seat: 1 }] } });
    const id = created.body.match.id as string;
    const token = created.body.seats[0].token as string;
    expect(created.body.match.status).toBe("WAITING");

    const spectator = await t.rest("POST", `/api/matches/${id}/bots`, { json: { seat: 1, level: "pubeval" } });
    expect(spectator.status).toBe(401);
    const badLevel = await t.rest("POST", `/api/matches/${id}/bots`, { token, json: { seat: 1, level: "deep-blue" } });
    expect(badLevel.body.error).toMatchObject({ code: "BAD_USER_INPUT", reason: "UNKNOWN_BOT_LEVEL" });
    const taken = await t.rest("POST", `/api/matches/${id}/bots`, { token, json: { seat: 0, level: "pubeval" } });
    expect(taken.body.error.code).toBe("MATCH_FULL");
    expect((await events(t, id)).length).toBe(1);

    const added = await t.gql(`mutation($id: ID!) { addBot(matchId: $id, seat: 1, level: "pubeval") { status seat seating { seat player { id name } } } }`, { id }, { token });
    expect(added.errors).toBeUndefined();
    expect(added.data.addBot).toMatchObject({ seat: 0, seating: [{ seat: 0, player: null }, { seat: 1, player: { id: "bot:pubeval", name: "Bot (pubeval)" } }] });
    // The opening roll may be asked by either seat: the bot asks, and plays on whenever it is due.
    await eventually(async () => expect((await getMatch(t, id)).toAct).toEqual([0]), 10_000, 20);
    const log = await events(t, id);
    expect(log.map((e) => e.type)).toContain("SeatJoined");
    expect(log.some((e) => e.type === "DiceRolled" && e.data.seat === 1) || log.some((e) => e.type === "MovePlayed" && e.data.seat === 1)).toBe(true);
    const again = await t.rest("POST", `/api/matches/${id}/bots`, { token, json: { seat: 1, level: "random" } });
    expect(again.body.error.code).toBe("MATCH_FULL");
  });

  it("a seat reserved for a player is not a bot's to take", async () => {
    const player = (await t.rest("POST", "/api/players", { json: { name: "Rae" } })).body;
    const created = await t.rest("POST", "/api/matches", { json: { ruleset: "backgammon", openSeats: [{ seat: 1, player: player.player.id }] } });
    const refused = await t.rest("POST", `/api/matches/${created.body.match.id}/bots`, { token: created.body.seats[0].token, json: { seat: 1, level: "random" } });
    expect(refused.body.error.code).toBe("FORBIDDEN");
  });
});

describe("a restart in the middle of a bot's turn", () => {
  it("resumes the bot's turn once the server is back, and plays it once", async () => {
    const dir = join(dataDir, "restart");
    // A bot that thinks for a minute: the server stops while it thinks.
    const first = await startTestServer({ dataDir: dir, bots: { thinkMs: 60_000 } });
    const created = await first.rest("POST", "/api/matches", { json: { ruleset: "backgammon", bots: [{ seat: 1, level: "pubeval" }] } });
    const id = created.body.match.id as string;
    const at = (await getMatch(first, id)).version;
    // The opening roll: either seat may ask it, and the bot is thinking about it.
    expect((await getMatch(first, id)).toAct).toEqual([0, 1]);
    await first.close();

    const second = await startTestServer({ dataDir: dir, bots: { thinkMs: 0 } });
    try {
      const moved = await eventually(async () => {
        const match = await getMatch(second, id);
        if (match.toAct.length !== 1 || match.toAct[0] !== 0) throw new Error(`still at version ${match.version}`);
        return match;
      }, 10_000, 20);
      await second.server.bots.idle();
      const log = await events(second, id);
      expect(moved.version).toBeGreaterThan(at);
      // The bot's opening roll, once, and its move if it won the opening: every command after it the bot's.
      const after = log.filter((e) => e.version > at);
      expect(after[0]).toMatchObject({ type: "DiceRolled", data: { seat: 1 } });
      // One opening roll, or more only where a tie was rolled again: every roll before the last a double.
      const rolls = after.filter((e) => e.type === "DiceRolled");
      expect(rolls.slice(0, -1).every((e) => e.data.values[0] === e.data.values[1])).toBe(true);
      expect(after.every((e) => e.data?.seat === undefined || e.data.seat === 1)).toBe(true);
      expect((await getMatch(second, id)).version).toBe(moved.version);
    } finally {
      await second.close();
    }
  }, 30_000);
});
