import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashSeatToken } from "../../src/service/seat-tokens.js";
import { actor, createViaRest, events, getMatch, MATCH_FIELDS, rollUntilMovable, stored } from "../helpers/matches.js";
import type { TestServer } from "../helpers/server.js";
import { codesOf, MODES, type SocketClient, socketClient, startLiveServer, UPDATE_QUERY } from "./support.js";

/**
 * Queries and mutations on the graphql-ws connection a client already holds, in both local modes:
 * they run as over HTTP (same resolvers, limits and error codes), acting with the token given
 * in `connection_init`, of which the connection keeps only the hash.
 */

const MAX_COMMANDS = 5_000;
const ROLL = `mutation Roll($id: ID!) { rollDice(matchId: $id) { ${MATCH_FIELDS} } }`;
const MOVE = `mutation Move($id: ID!, $move: JSON!, $v: Int) { submitMove(matchId: $id, move: $move, expectedVersion: $v) { ${MATCH_FIELDS} } }`;
const MATCH = `query($id: ID!) { match(id: $id) { ${MATCH_FIELDS} } }`;

/** `matchUpdated` on a socket client's own connection: every update, and when the subscription ended. */
function watchOn(socket: SocketClient, matchId: string) {
  const updates: any[] = [];
  const ended = new Promise<void>((resolve, reject) =>
    socket.client.subscribe(
      { query: UPDATE_QUERY, variables: { id: matchId } },
      { next: (r: any) => (r.errors ? reject(new Error(JSON.stringify(r.errors))) : updates.push(r.data.matchUpdated)), error: reject, complete: resolve },
    ),
  );
  const at = async (version: number) => {
    for (let waited = 0; !updates.some((u) => u.version === version); waited += 10) {
      if (waited > 10_000) throw new Error(`no update ${version} (have ${updates.map((u) => u.version)})`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return updates.find((u) => u.version === version);
  };
  return { updates, ended, at };
}

/** No seat token, nor its hash, in anything the server sent. */
function expectNoSecrets(frames: readonly string[], tokens: readonly string[]) {
  const secrets = [...tokens, ...tokens.map(hashSeatToken)];
  for (const frame of frames) for (const secret of secrets) expect(frame.includes(secret), frame.slice(0, 200)).toBe(false);
}

describe.each(MODES)("queries and mutations over the socket (%s mode)", (mode) => {
  let t: TestServer;
  beforeAll(async () => void (t = await startLiveServer(mode)));
  afterAll(() => t?.close());

  it("two bots, each on one connection with its seat token, watch and play a whole game on it", async () => {
    const created = await createViaRest(t);
    const id = created.match.id;
    const bots = created.tokens.map((token) => socketClient(t, token));
    const watches = bots.map((bot) => watchOn(bot, id));
    const played: { seat: number; version: number; type: string }[] = [];
    try {
      // Each bot learns its view, legal moves included, from what its own subscription pushes.
      let view = (await bots[0]!.run(MATCH, { id })).result.data.match;
      expect(view.seat).toBe(0);
      for (let commands = 0; view.status !== "FINISHED"; commands++) {
        if (commands > MAX_COMMANDS) throw new Error("the match did not end");
        const seat = actor(view);
        const mine = (await watches[seat]!.at(view.version)).match;
        expect(mine.seat).toBe(seat);
        const moving = mine.dice !== null && mine.legalMoves.length > 0;
        const answer = moving ? await bots[seat]!.run(MOVE, { id, move: mine.legalMoves[0], v: mine.version }) : await bots[seat]!.run(ROLL, { id });
        expect(answer.result?.errors, JSON.stringify(answer)).toBeUndefined();
        view = moving ? answer.result.data.submitMove : answer.result.data.rollDice;
        // The answer is the match as the acting seat sees it.
        expect(view.seat).toBe(seat);
        expect(view.version).toBeGreaterThan(mine.version);
        played.push({ seat, version: view.version, type: moving ? "MovePlayed" : "DiceRolled" });
      }
      await Promise.all(watches.map((w) => w.ended));
      const log = await events(t, id);
      expect(log).toHaveLength(view.version);
      for (const w of watches) expect(w.updates.map((u) => u.event)).toEqual(log);
      // Each bot saw its own commands pushed back on the socket it sent them on.
      for (const { seat, version } of played) expect(watches[seat]!.updates.find((u) => u.version === version)?.match.seat).toBe(seat);
      expect(played.some((p) => p.type === "MovePlayed")).toBe(true);
      for (const bot of bots) expectNoSecrets(bot.frames, created.tokens);
    } finally {
      await Promise.all(bots.map((b) => b.dispose()));
    }
  });

  it("queries as a spectator and as a seat; operationName picks one of several operations", async () => {
    const created = await createViaRest(t);
    const id = created.match.id;
    const spectator = socketClient(t);
    const seat = socketClient(t, created.tokens[1]);
    try {
      expect((await spectator.run("{ rulesets }")).result.data.rulesets).toContain("backgammon");
      const info = await spectator.run(`{ ruleset(id: "backgammon") { id dice } }`);
      expect(info.result.data.ruleset).toEqual({ id: "backgammon", dice: "d6" });
      const asSpectator = (await spectator.run(MATCH, { id })).result.data.match;
      const asSeat = (await seat.run(MATCH, { id })).result.data.match;
      expect(asSpectator).toMatchObject({ id, seat: null });
      expect(asSeat).toMatchObject({ id, seat: 1 });
      // The same views as over HTTP.
      expect(asSpectator).toEqual((await t.gql(MATCH, { id })).data.match);
      expect(asSeat).toEqual((await t.gql(MATCH, { id }, { token: created.tokens[1] })).data.match);
      expect((await spectator.run(`query($id: ID!) { match(id: $id) { id } }`, { id: "no-such-match" })).result).toEqual({ data: { match: null } });

      const two = `query A { rulesets } query B($id: ID!) { match(id: $id) { version } }`;
      expect((await seat.run(two, { id }, "B")).result.data).toEqual({ match: { version: created.match.version } });
      expect(codesOf(await seat.run(two, { id }))).toEqual(["BAD_USER_INPUT"]);
      expectNoSecrets([...spectator.frames, ...seat.frames], created.tokens);
    } finally {
      await Promise.all([spectator.dispose(), seat.dispose()]);
    }
  });

  it("a player token on the connection reads its inbox and acts for the seat its player holds", async () => {
    const player = await t.gql(`mutation { createPlayer(name: "Bot") { player { id } token } }`);
    const playerToken = player.data.createPlayer.token as string;
    const made = await t.gql(`mutation { createMatch(input: { ruleset: "backgammon", playerSeat: 0 }) { match { id } } }`, undefined, { token: playerToken });
    const id = made.data.createMatch.match.id as string;
    const socket = socketClient(t, playerToken);
    try {
      const inbox = await socket.run(`{ myMatches { entries { match { id seat } } } }`);
      expect(inbox.result.data.myMatches.entries).toEqual([{ match: { id, seat: 0 } }]);
      const rolled = await socket.run(ROLL, { id });
      expect(rolled.result.data.rollDice).toMatchObject({ id, seat: 0 });
      // A created match is at version 1 (MatchCreated); the roll is stored after it.
      expect(rolled.result.data.rollDice.version).toBeGreaterThan(1);
      expectNoSecrets(socket.frames, [playerToken]);
    } finally {
      await socket.dispose();
    }
  });

  it("refusals carry the codes HTTP gives, and store nothing", async () => {
    const created = await createViaRest(t);
    const other = await createViaRest(t);
    const id = created.match.id;
    const movable = await rollUntilMovable(t, created);
    const mover = actor(movable);
    const before = await stored(t, id);
    const aliases = Array.from({ length: 201 }, (_, i) => `a${i}: rulesets`).join(" ");
    const cases: { name: string; token?: string; query: string; variables?: Record<string, unknown>; code: string }[] = [
      { name: "a command without a token", query: ROLL, variables: { id }, code: "UNAUTHENTICATED" },
      { name: "the other seat's move", token: created.tokens[1 - mover], query: MOVE, variables: { id, move: movable.legalMoves[0] }, code: "NOT_YOUR_TURN" },
      { name: "a stale expectedVersion", token: created.tokens[mover], query: MOVE, variables: { id, move: movable.legalMoves[0], v: 0 }, code: "VERSION_CONFLICT" },
      { name: "an illegal move", token: created.tokens[mover], query: MOVE, variables: { id, move: "6/off 6/off" }, code: "ILLEGAL_MOVE" },
      { name: "a variable of the wrong type", token: created.tokens[mover], query: MOVE, variables: { id, move: movable.legalMoves[0], v: "one" }, code: "BAD_USER_INPUT" },
      { name: "an unknown field", token: created.tokens[mover], query: `mutation($id: ID!) { rollDice(matchId: $id) { nope } }`, variables: { id }, code: "BAD_USER_INPUT" },
      // The same text again: the socket answers it from the document it parsed and validated before.
      { name: "the unknown field again", token: created.tokens[mover], query: `mutation($id: ID!) { rollDice(matchId: $id) { nope } }`, variables: { id }, code: "BAD_USER_INPUT" },
      { name: "a required variable left out", token: created.tokens[mover], query: MOVE, variables: { id }, code: "BAD_USER_INPUT" },
      { name: "brackets nested past the limit", token: created.tokens[mover], query: `mutation { rollDice(matchId: ${"[".repeat(70)}1${"]".repeat(70)}) { id } }`, code: "BAD_USER_INPUT" },
      { name: "too many fields", query: `{ ${aliases} }`, code: "QUERY_TOO_COMPLEX" },
      { name: "a token of no seat", token: "tbl_not-a-real-token", query: ROLL, variables: { id }, code: "FORBIDDEN" },
      { name: "another match's token", token: other.tokens[0], query: MOVE, variables: { id, move: movable.legalMoves[0] }, code: "FORBIDDEN" },
      { name: "a player token that names no player", token: "tbp_nobody.AAAAAAAAAAAAAAAAAAAAAA", query: `{ myMatches { entries { matchId } } }`, code: "FORBIDDEN" },
      { name: "a match read with a foreign token", token: other.tokens[1], query: MATCH, variables: { id }, code: "FORBIDDEN" },
    ];
    for (const c of cases) {
      const http = await t.gql(c.query, c.variables, { token: c.token });
      expect(codesOf(http), `${c.name} over HTTP: ${http.raw}`).toEqual([c.code]);
      const socket = socketClient(t, c.token);
      try {
        // Ten times: a document's tenth run is its compiled form (compiled-operation.ts).
        for (let run = 1; run <= 10; run++) {
          const answer = await socket.run(c.query, c.variables);
          expect(codesOf(answer), `${c.name} over the socket, run ${run}: ${JSON.stringify(answer)}`).toEqual([c.code]);
          // Refused before running (HTTP 400, 429): an `error` message; refused by a resolver: `next` with HTTP's body.
          if (http.status === 200) expect(answer.result).toEqual(JSON.parse(http.raw));
          else expect(answer.refused).toHaveLength(http.errors!.length);
        }
        expectNoSecrets(socket.frames, [...created.tokens, ...other.tokens]);
      } finally {
        await socket.dispose();
      }
    }
    expect(await stored(t, id)).toEqual(before);
    expect(await getMatch(t, id)).toMatchObject({ version: before.version });
  });
});

describe.each(MODES)("commands over the socket and the rate limits (%s mode)", (mode) => {
  let t: TestServer;
  // Tiny rates (one a minute) so that nothing refills while the test runs: only the bursts count.
  beforeAll(
    async () =>
      void (t = await startLiveServer(mode, {
        rateLimits: {
          commandsPerToken: { perSecond: 1 / 60, burst: 3 },
          commandsPerIp: { perSecond: 1 / 60, burst: 100 },
          matchesPerIp: { perSecond: 1 / 60, burst: 3 },
        },
      })),
  );
  afterAll(() => t?.close());

  it("count against the token's budget as over HTTP: the one after it is RATE_LIMITED either way, storing nothing", async () => {
    const created = await createViaRest(t);
    const id = created.match.id;
    const socket = socketClient(t, created.tokens[0]);
    try {
      // Three commands reach the rules, whatever they answer (a roll, then refusals).
      expect(codesOf(await t.gql(ROLL, { id }, { token: created.tokens[0] }))).not.toContain("RATE_LIMITED");
      for (let i = 0; i < 2; i++) expect(codesOf(await socket.run(ROLL, { id }))).not.toContain("RATE_LIMITED");
      const before = await stored(t, id);
      const refused = await socket.run(ROLL, { id });
      expect(refused.refused).toEqual([{ message: expect.stringMatching(/too many commands/), extensions: { code: "RATE_LIMITED", retryAfter: expect.any(Number) } }]);
      expect(codesOf(await t.gql(ROLL, { id }, { token: created.tokens[0] }))).toEqual(["RATE_LIMITED"]);
      expect(await stored(t, id)).toEqual(before);
      // Reads are never limited.
      expect((await socket.run(MATCH, { id })).result.data.match.id).toBe(id);
    } finally {
      await socket.dispose();
    }
  });
});
