import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DynamoCall } from "../../infra/dynamo-proxy.js";
import type { LocalLambda } from "../../infra/local-lambda.js";
import { createService, type TabulaService } from "../../src/api/service.js";
import { createLogger } from "../../src/logger.js";
import { type LocalStream, startLocalStream } from "../../src/local-aws/stream.js";
import { tableStores } from "../../src/store/dynamo/stores.js";
import { BUILD_TIMEOUT_MS, call, type Fixture, gqlEvent, httpEvent, managementStub, type ManagementStub, setUp, wsEvent } from "./support.js";

/**
 * What a roll and a move cost in DynamoDB on the request path, per transport, counted at the
 * store's door (the fixture's proxy) for the deployed bundles: one strongly consistent Query of
 * the match when the container has not seen it, none when it holds it (the cached state is proven
 * fresh by the conditional put: a stale one loses the condition and is read again), and one
 * conditional PutItem of the commit. Nothing else: the index entries (both players' inbox rows,
 * the deadline) come from the stream (`stream-index`), the pushes from the stream fan-out, and a
 * mutation over a WebSocket reads no connection item (its container learnt the connection at
 * `connection_init`: src/realtime/aws/connection-cache.ts).
 */
let fx: Fixture;
let graphql: LocalLambda;
let rest: LocalLambda;
let connect: LocalLambda;
let message: LocalLambda;
let indexer: LocalLambda;
let management: ManagementStub;
let stream: LocalStream;
let service: TabulaService;

beforeAll(async () => {
  fx = await setUp(["graphql", "rest", "ws-connect", "ws-default", "stream-index"]);
  management = await managementStub("test");
  const live = { WEBSOCKET_MANAGEMENT_ENDPOINT: management.endpoint };
  [graphql, rest, connect, message, indexer] = await Promise.all([fx.start("graphql"), fx.start("rest"), fx.start("ws-connect", live), fx.start("ws-default", live), fx.start("stream-index")]);
  // The table's stream, feeding the index consumer as the deployed mapping does.
  stream = startLocalStream({ embedded: fx.store, tableName: fx.tableName, handler: (batch) => indexer.invoke(batch), logger: createLogger("silent") });
  // The matches are set up (and read) by a service on the same table, past the proxy: only the commands are counted.
  service = createService({ ...tableStores(fx.doc, fx.tableName), now: () => new Date(), randomBytes });
}, BUILD_TIMEOUT_MS);
afterAll(async () => {
  await stream?.close();
  await fx?.close();
  await management?.close();
});

/** A correspondence match between two players, with a clock: every turn handed over changes three index entries. */
async function correspondence() {
  const ann = await service.createPlayer({ name: "Ann" });
  const bob = await service.createPlayer({ name: "Bob" });
  const { state, invitations } = await service.createMatch({ ruleset: "backgammon", timeControl: { daysPerMove: 3 }, openSeats: [{ seat: 1 }] }, ann.token);
  await service.joinMatch({ matchId: state.id, invitation: invitations[0]!.code }, bob.token);
  return { matchId: state.id, tokens: [ann.token, bob.token], players: [ann.player.id, bob.player.id] };
}

type Command = { kind: "roll" } | { kind: "move"; move: unknown };

/** The next command of the match: a roll when one is due, else the first legal move, with the seat that sends it. */
async function nextCommand(matchId: string, tokens: readonly string[]): Promise<{ seat: number; command: Command }> {
  const seat = (await service.matchView(matchId, undefined)).toAct[0]!;
  const view = await service.matchView(matchId, tokens[seat]);
  return { seat, command: view.phase === "roll" ? { kind: "roll" } : { kind: "move", move: view.legalMoves[0]! } };
}

interface Transport {
  readonly name: string;
  readonly fn: () => LocalLambda;
  readonly functionName: string;
  /** Anything to do before the first command (a connection opened and initialized per seat). */
  prepare?(matchId: string, tokens: readonly string[]): Promise<void>;
  send(matchId: string, seat: number, token: string, command: Command): Promise<number>;
}

let connectionCount = 0;
const seatConnections = new Map<string, string>();

const transports: Transport[] = [
  {
    name: "REST",
    fn: () => rest,
    functionName: "rest",
    async send(matchId, _seat, token, command) {
      const reply =
        command.kind === "roll"
          ? await call(rest, httpEvent("POST", `/api/matches/${matchId}/dice`, { token }))
          : await call(rest, httpEvent("POST", `/api/matches/${matchId}/moves`, { json: { move: command.move }, token }));
      expect(reply.status, reply.raw).toBe(200);
      return reply.body.version;
    },
  },
  {
    name: "GraphQL over HTTP",
    fn: () => graphql,
    functionName: "graphql",
    async send(matchId, _seat, token, command) {
      const reply =
        command.kind === "roll"
          ? await call(graphql, gqlEvent(`mutation($m: ID!) { rollDice(matchId: $m) { version } }`, { m: matchId }, token))
          : await call(graphql, gqlEvent(`mutation($m: ID!, $move: JSON!) { submitMove(matchId: $m, move: $move) { version } }`, { m: matchId, move: command.move }, token));
      expect(reply.body.errors, reply.raw).toBeUndefined();
      return (reply.body.data.rollDice ?? reply.body.data.submitMove).version;
    },
  },
  {
    name: "graphql-ws mutation through API Gateway (ws-default)",
    fn: () => message,
    functionName: "ws-default",
    async prepare(matchId, tokens) {
      for (const [seat, token] of tokens.entries()) {
        const id = `Calls${++connectionCount}=`;
        await connect.invoke(wsEvent("$connect", id, { headers: { "sec-websocket-protocol": "graphql-transport-ws" } }));
        await message.invoke(wsEvent("$default", id, { body: JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${token}` } }) }));
        expect(management.postedTo(id)).toEqual([{ type: "connection_ack" }]);
        seatConnections.set(`${matchId}:${seat}`, id);
      }
    },
    async send(matchId, seat, _token, command) {
      const id = seatConnections.get(`${matchId}:${seat}`)!;
      const op = `op${management.postedTo(id).length}`;
      const payload =
        command.kind === "roll"
          ? { query: `mutation($m: ID!) { rollDice(matchId: $m) { version } }`, variables: { m: matchId } }
          : { query: `mutation($m: ID!, $move: JSON!) { submitMove(matchId: $m, move: $move) { version } }`, variables: { m: matchId, move: command.move } };
      await message.invoke(wsEvent("$default", id, { body: JSON.stringify({ id: op, type: "subscribe", payload }) }));
      const answered = management.postedTo(id).filter((m) => m.id === op);
      expect(answered.map((m) => m.type), JSON.stringify(answered)).toEqual(["next", "complete"]);
      expect(answered[0].payload.errors).toBeUndefined();
      return (answered[0].payload.data.rollDice ?? answered[0].payload.data.submitMove).version;
    },
  },
];

/** What a call is, for the comparison: its action, its partition's kind, and whether it was conditional or consistent. */
const shape = (c: DynamoCall) => `${c.action} ${c.partition?.split("#")[0] ?? "?"}${c.conditional ? " conditional" : ""}${c.consistent ? " consistent" : ""}${c.error ? ` ${c.error}` : ""}`;

describe("DynamoDB calls on the request path of a command, per transport", () => {
  for (const transport of transports) {
    it(`${transport.name}: a Query and a conditional PutItem on a match the container has not seen, then the PutItem alone; the index entries come from the stream`, async () => {
      const { matchId, tokens, players } = await correspondence();
      await transport.prepare?.(matchId, tokens);
      const counted: string[][] = [];
      const kinds: string[] = [];
      // Rolls (a roll with no legal move passes the turn) up to a move that hands the turn over
      // (three index entries), then the other seat's command.
      while (!(kinds.includes("move") && kinds.at(-1) !== "move") || kinds.length < 3) {
        const { seat, command } = await nextCommand(matchId, tokens);
        kinds.push(command.kind);
        const before = fx.calls(transport.functionName).length;
        const version = await transport.send(matchId, seat, tokens[seat]!, command);
        expect(version).toBe((await service.matchView(matchId, undefined)).version);
        counted.push(fx.calls(transport.functionName).slice(before).map(shape));
      }
      expect(counted).toEqual([["Query MATCH consistent", "PutItem MATCH conditional"], ...kinds.slice(1).map(() => ["PutItem MATCH conditional"])]);
      // Nothing is lost by it: the stream's consumer writes both players' rows and the deadline.
      await stream.idle();
      const { toAct } = await service.matchView(matchId, undefined);
      expect(toAct).toHaveLength(1);
      for (const [seat, token] of tokens.entries()) {
        const rows = (await service.myMatches({}, token)).rows;
        expect(rows.map((r) => [r.matchId, r.playerId, r.toMove])).toEqual([[matchId, players[seat], toAct.includes(seat)]]);
      }
    });
  }
});
