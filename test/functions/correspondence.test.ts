import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalLambda } from "../../infra/local-lambda.js";
import { TABLE_ACCESS } from "../../infra/stack.js";
import { createService, type TabulaService } from "../../src/api/service.js";
import type { StoredItem } from "../../src/store/dynamo/embedded-store.js";
import { DynamoMatchIndex } from "../../src/store/dynamo/match-index.js";
import { DynamoPlayerStore } from "../../src/store/dynamo/player-store.js";
import type { EventStore } from "../../src/store/event-store.js";
import { tableStores } from "../../src/store/dynamo/stores.js";
import { createLogger } from "../../src/logger.js";
import { type LocalStream, startLocalStream } from "../../src/local-aws/stream.js";
import { BUILD_TIMEOUT_MS, type Fixture, setUp } from "./support.js";

/**
 * The scheduled sweep and the stream's index consumer exactly as deployed (their bundles, each in
 * a process of its own) against the embedded store. The matches are made by a service on the
 * same table whose clock stands in the past, so their deadlines have passed by the real clock
 * the functions read.
 */
let fx: Fixture;
let sweep: LocalLambda;
let indexer: LocalLambda;
let past: TabulaService;
const puts: StoredItem[] = [];
const HOUR = 3_600_000;

let stream: LocalStream;

beforeAll(async () => {
  fx = await setUp(["sweep-deadlines", "stream-index"]);
  fx.store.onPut((written) => void (written.tableName === fx.tableName && puts.push(written)));
  [sweep, indexer] = await Promise.all([fx.start("sweep-deadlines"), fx.start("stream-index")]);
  // The sweep's commits reach the inboxes through the table's stream, as on AWS (the function writes the commit alone).
  stream = startLocalStream({ embedded: fx.store, tableName: fx.tableName, handler: (batch) => indexer.invoke(batch), logger: createLogger("silent") });
  past = createService({ ...tableStores(fx.doc, fx.tableName), now: () => new Date(Date.now() - 2 * HOUR), randomBytes });
}, BUILD_TIMEOUT_MS);
afterAll(async () => {
  await stream?.close();
  await fx?.close();
});

describe("functions/sweep-deadlines (an EventBridge schedule's invocation)", () => {
  it("finishes an abandoned match on time and aborts one whose invitations lapsed; a second run finds nothing", async () => {
    const ann = await past.createPlayer({ name: "Ann" });
    const bob = await past.createPlayer({ name: "Bob" });
    const { state, invitations } = await past.createMatch({ ruleset: "backgammon", timeControl: { minutesPerMove: 60 }, openSeats: [{ seat: 1 }] }, ann.token);
    await past.joinMatch({ matchId: state.id, invitation: invitations[0]!.code }, bob.token);
    // Both sides move, then the one to roll walks away.
    for (let i = 0; i < 20; i++) {
      const view = await past.matchView(state.id, undefined);
      const seat = view.toAct[0]!;
      const mine = await past.matchView(state.id, [ann.token, bob.token][seat]);
      if (mine.phase === "roll" && (await past.listEvents({ matchId: state.id }, undefined)).events.filter((e) => e.type === "MovePlayed").map((e) => (e.data as { seat: number }).seat).sort().join() === "0,1") break;
      if (mine.phase === "roll") await past.rollDice({ matchId: state.id }, [ann.token, bob.token][seat]);
      else await past.submitMove({ matchId: state.id, move: mine.legalMoves[0]! }, [ann.token, bob.token][seat]);
    }
    const late = (await past.matchView(state.id, undefined)).toAct[0]!;
    const lapsed = await past.createMatch({ ruleset: "gol", openSeats: [{ seat: 1 }], invitationMinutes: 30 }, ann.token);

    const report = await sweep.invoke<{ finished: string[]; repaired: string[] }>({ source: "aws.events", "detail-type": "Scheduled Event", detail: {} });
    expect(report.finished).toEqual(expect.arrayContaining([state.id, lapsed.state.id]));
    const finished = await past.matchView(state.id, undefined);
    expect(finished.result).toMatchObject({ reason: "timeout", winner: 1 - late });
    expect((await past.listEvents({ matchId: state.id }, undefined)).events.at(-2)).toMatchObject({ type: "TimedOut", data: { seats: [late], claimedBy: null } });
    expect((await past.matchView(lapsed.state.id, undefined)).result).toMatchObject({ reason: "aborted", detail: { cause: "invitationExpired" } });
    await stream.idle();
    expect((await past.myMatches({ status: "FINISHED" }, ann.token)).rows.map((r) => r.matchId)).toEqual(expect.arrayContaining([state.id, lapsed.state.id]));
    expect((await sweep.invoke<{ finished: string[] }>({})).finished).toEqual([]);
  });
});

describe("functions/stream-index (DynamoDB Streams)", () => {
  it("applies the inbox entries a commit carries when its writer died before writing them; again, it changes nothing", async () => {
    // A writer whose index writes never happen: the store keeps the commit, entries and all.
    const players = new DynamoPlayerStore(fx.doc, fx.tableName);
    const noIndex = new DynamoMatchIndex(fx.doc, fx.tableName);
    const stores = tableStores(fx.doc, fx.tableName);
    const dying: EventStore = { ...stores.store, load: (id) => stores.store.load(id), readEvents: (...a) => stores.store.readEvents(...a), append: (id, commit) => stores.store.append(id, { ...commit, index: undefined }) };
    const writer = createService({ store: dying, players, index: noIndex, now: () => new Date(), randomBytes });
    const cyd = await writer.createPlayer({ name: "Cyd" });
    const before = puts.length;
    const { state } = await writer.createMatch({ ruleset: "gol", timeControl: { daysPerMove: 7 } }, cyd.token);
    expect((await writer.myMatches({}, cyd.token)).rows).toEqual([]);

    // What the stream hands over: the commit item as stored, but for the index entries the writer dropped.
    const commit = puts.slice(before).find((p) => p.item.SK?.S?.startsWith("EV#"))!;
    const { indexWrites } = await import("../../src/match/inbox-rows.js");
    const image = { ...commit.item, idx: { S: JSON.stringify(indexWrites(null, state)) } };
    const batch = { Records: [{ eventID: "1", eventName: "INSERT", dynamodb: { NewImage: image, SequenceNumber: "100" } }] };
    expect(await indexer.invoke(batch)).toEqual({ batchItemFailures: [] });
    expect((await writer.myMatches({}, cyd.token)).rows).toEqual([expect.objectContaining({ matchId: state.id, seat: 0 })]);
    expect(await indexer.invoke(batch)).toEqual({ batchItemFailures: [] });
    expect((await writer.myMatches({}, cyd.token)).rows).toHaveLength(1);
  });
});

describe("table permissions match what the code does", () => {
  for (const name of ["sweep-deadlines", "stream-index"] as const) {
    it(`${name}: ${TABLE_ACCESS[name].join(", ")}`, () => {
      expect(fx.operations(name)).toEqual(TABLE_ACCESS[name].map((a) => `dynamodb:${a}`).sort());
    });
  }
});
