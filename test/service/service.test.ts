import { randomBytes } from "node:crypto";
import { ScanCommand } from "@aws-sdk/client-dynamodb";
import * as fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDynamoClients } from "../../src/store/dynamo/client.js";
import { type EventStore, VersionConflictError } from "../../src/store/event-store.js";
import { TabulaError } from "../../src/errors.js";
import { MAX_ATTEMPTS, RETRY_BASE_MS, RETRY_CAP_MS, retryDelayMs } from "../../src/service/handle-command.js";
import { createService, type TabulaService } from "../../src/api/service.js";
import { toMatchView } from "../../src/service/match-view.js";
import { type Commit, SNAPSHOT_EVERY, snapshotFormat } from "../../src/match/snapshot.js";
import { evolve } from "../../src/match/evolve.js";
import { startTestStore, type TestStore } from "../support/dynamo.js";

let t: TestStore;
let service: TabulaService;
/** Lost races are retried without waiting here: the back-off has tests of its own, with its waits recorded. */
const noWait = async () => {};
const serviceOver = (store: EventStore, retry: { sleep?: (ms: number) => Promise<void>; random?: () => number } = { sleep: noWait }) =>
  createService({ store, players: t.players, index: t.index, now: () => new Date("2026-01-01T00:00:00Z"), randomBytes, ...retry });

beforeAll(async () => {
  t = await startTestStore();
  service = serviceOver(t.store);
});
afterAll(() => t.close());

async function newMatch() {
  const { state, seats } = await service.createMatch({ ruleset: "backgammon" });
  return { id: state.id, tokens: seats.map((s) => s.token) };
}

/** Rolls until someone has a move (the opening roll may tie), returning who moves. */
async function rollOpening(id: string, tokens: string[]): Promise<number> {
  for (;;) {
    const { state, seat } = await service.rollDice({ matchId: id }, tokens[0]);
    const view = toMatchView(state, seat);
    if (view.toMove !== null) return view.toMove;
  }
}

const codeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => "resolved",
    (e) => (e instanceof TabulaError ? e.code : `unexpected ${e}`),
  );

describe("the service over the embedded store", () => {
  it("stores seat tokens only as hashes and never stores the seed in an event", async () => {
    const { tokens } = await newMatch();
    const { client } = createDynamoClients({ endpoint: t.endpoint });
    const items = JSON.stringify((await client.send(new ScanCommand({ TableName: t.tableName }))).Items);
    for (const token of tokens) expect(items).not.toContain(token);
    client.destroy();
  });

  it("uses one read and one write for a roll and for a move", async () => {
    const { id, tokens } = await newMatch();
    t.resetCalls();
    const mover = await rollOpening(id, tokens);
    expect(t.calls.slice(0, 2)).toEqual(["Query", "PutItem"]);
    const view = await service.matchView(id, tokens[mover]);
    t.resetCalls();
    await service.submitMove({ matchId: id, move: view.legalMoves[0]! }, tokens[mover]);
    expect(t.calls).toEqual(["Query", "PutItem"]);
  });

  it("writes nothing for a rejected command", async () => {
    const { id, tokens } = await newMatch();
    t.resetCalls();
    expect(await codeOf(service.submitMove({ matchId: id, move: "8/5 6/5" }, tokens[0]))).toBe("DICE_NOT_ROLLED");
    expect(await codeOf(service.rollDice({ matchId: id }, undefined))).toBe("UNAUTHENTICATED");
    expect(await codeOf(service.rollDice({ matchId: id }, "tbl_not-a-token"))).toBe("FORBIDDEN");
    expect(await codeOf(service.rollDice({ matchId: "no-such-match" }, tokens[0]))).toBe("NOT_FOUND");
    expect(t.calls).not.toContain("PutItem");
    expect((await service.matchView(id, undefined)).version).toBe(1);
  });

  it("does not let a token act in another match", async () => {
    const a = await newMatch();
    const b = await newMatch();
    expect(await codeOf(service.rollDice({ matchId: a.id }, b.tokens[0]))).toBe("FORBIDDEN");
    expect(await codeOf(service.matchView(a.id, b.tokens[1]))).toBe("FORBIDDEN");
  });

  it("answers a retried move with the same idempotency key without appending, and refuses the key for another move", async () => {
    const { id, tokens } = await newMatch();
    const mover = await rollOpening(id, tokens);
    const [first, second] = (await service.matchView(id, tokens[mover])).legalMoves;
    const once = await service.submitMove({ matchId: id, move: first!, idempotencyKey: "k1" }, tokens[mover]);
    t.resetCalls();
    const again = await service.submitMove({ matchId: id, move: first!, idempotencyKey: "k1" }, tokens[mover]);
    expect(t.calls).toEqual(["Query"]);
    expect(again.events).toEqual([]);
    expect(toMatchView(again.state, again.seat)).toEqual(toMatchView(once.state, once.seat));
    if (second !== undefined) {
      expect(await codeOf(service.submitMove({ matchId: id, move: second, idempotencyKey: "k1" }, tokens[mover]))).toBe("IDEMPOTENCY_KEY_REUSED");
    }
  });

  it("refuses a stale expectedVersion with the current version", async () => {
    const { id, tokens } = await newMatch();
    const mover = await rollOpening(id, tokens);
    const view = await service.matchView(id, tokens[mover]);
    const error = await service
      .submitMove({ matchId: id, move: view.legalMoves[0]!, expectedVersion: view.version - 1 }, tokens[mover])
      .catch((e: TabulaError) => e);
    expect(error).toBeInstanceOf(TabulaError);
    expect((error as TabulaError).code).toBe("VERSION_CONFLICT");
    expect((error as TabulaError).details).toEqual({ currentVersion: view.version });
  });

  it("re-decides after losing a race, against the state the winner left", async () => {
    const { id, tokens } = await newMatch();
    const mover = await rollOpening(id, tokens);
    const move = (await service.matchView(id, tokens[mover])).legalMoves[0]!;
    // The first append of the racing service is preceded by another client's identical move.
    let raced = false;
    const racing = serviceOver({

      load: (matchId) => t.store.load(matchId),
      readEvents: (...args) => t.store.readEvents(...args),
      append: async (matchId, commit) => {
        if (!raced) {
          raced = true;
          await service.submitMove({ matchId: id, move }, tokens[mover]);
        }
        return t.store.append(matchId, commit);
      },
    });
    // After the reload the winner's move has passed the turn: the loser's copy is refused.
    expect(await codeOf(racing.submitMove({ matchId: id, move }, tokens[mover]))).toBe("NOT_YOUR_TURN");
    const { events } = await service.listEvents({ matchId: id }, undefined);
    expect(events.map((e) => e.version)).toEqual(events.map((_, i) => i + 1));
    expect(events.filter((e) => e.type === "MovePlayed")).toHaveLength(1);
  });

  it(`gives up after ${MAX_ATTEMPTS} lost races with VERSION_CONFLICT and the current version`, async () => {
    const { id, tokens } = await newMatch();
    let attempts = 0;
    const unlucky = serviceOver({
      load: (matchId) => t.store.load(matchId),
      readEvents: (...args) => t.store.readEvents(...args),
      append: async (matchId) => {
        attempts++;
        throw new VersionConflictError(matchId, 2);
      },
    });
    const error = (await unlucky.rollDice({ matchId: id }, tokens[0]).catch((e) => e)) as TabulaError;
    expect(error.code).toBe("VERSION_CONFLICT");
    expect(error.details).toEqual({ currentVersion: 1 });
    expect(attempts).toBe(MAX_ATTEMPTS);
  });

  it("waits before each retry of a lost race a random time within a window that doubles from RETRY_BASE_MS up to RETRY_CAP_MS", async () => {
    const { id, tokens } = await newMatch();
    const draws = [0.5, 0.999, 0, 0.25, 0.75];
    const waits: number[] = [];
    let appends = 0;
    const unlucky = serviceOver(
      {
        load: (matchId) => t.store.load(matchId),
        readEvents: (...args) => t.store.readEvents(...args),
        append: async (matchId) => {
          appends++;
          throw new VersionConflictError(matchId, 2);
        },
      },
      { sleep: async (ms) => void waits.push(ms), random: () => draws.shift()! },
    );
    expect(await codeOf(unlucky.rollDice({ matchId: id }, tokens[0]))).toBe("VERSION_CONFLICT");
    // One wait between two attempts, none after the last: each its draw times its window (4, 8, 16, 32 ms).
    const window = (lost: number) => Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** (lost - 1));
    expect(appends).toBe(MAX_ATTEMPTS);
    expect(waits).toEqual([0.5 * window(1), 0.999 * window(2), 0, 0.25 * window(4)]);
  });

  it("the wait after a lost race is within [0, min(RETRY_CAP_MS, RETRY_BASE_MS * 2^(lost - 1))) and follows the draw", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (lost, draw) => {
        const window = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** (lost - 1));
        const wait = retryDelayMs(lost, () => draw);
        expect(wait).toBeGreaterThanOrEqual(0);
        expect(wait).toBeLessThan(window);
        expect(wait).toBe(draw * window);
      }),
    );
    // Random: Math.random's draws give different waits, never the same wait every time.
    const waits = Array.from({ length: 50 }, () => retryDelayMs(3, Math.random));
    expect(new Set(waits).size).toBeGreaterThan(1);
    expect(Math.max(...waits)).toBeLessThan(RETRY_BASE_MS * 4);
    // All of a command's waits together stay under 60 ms.
    expect(Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1, () => 0.999999)).reduce((a, b) => a + b)).toBeLessThan(60);
  });

  it(`never replays more than ${SNAPSHOT_EVERY} events to load a long match`, async () => {
    const { id, tokens } = await newMatch();
    let version = 1;
    while (version < 120) {
      const view = await service.matchView(id, tokens[0]);
      if (view.status === "FINISHED") break;
      const seat = view.toMove ?? 0;
      const mine = await service.matchView(id, tokens[seat]);
      const result =
        mine.legalMoves.length > 0
          ? await service.submitMove({ matchId: id, move: mine.legalMoves[0]! }, tokens[seat])
          : await service.rollDice({ matchId: id }, tokens[seat]);
      version = result.state.version;
      const loaded = await t.store.load(id);
      const replayed = loaded!.commits.reduce((n, c) => n + c.events.length, 0);
      expect(replayed).toBeLessThan(SNAPSHOT_EVERY);
      expect(loaded!.snapshot.state.version + replayed).toBe(version);
    }
    expect(version).toBeGreaterThan(3 * SNAPSHOT_EVERY);
  });

  it("does not read a snapshot of another format: it replays the log, and the next commit writes a current snapshot", async () => {
    const { id, tokens } = await newMatch();
    const mover = await rollOpening(id, tokens);
    const view = await service.matchView(id, tokens[mover]);
    await service.submitMove({ matchId: id, move: view.legalMoves[0]! }, tokens[mover]);
    const truth = await service.matchView(id, tokens[mover]);
    // A store that hands out its snapshots as an older version wrote them: no format, a state
    // this code would misread (here: the match as created).
    const written: (Commit["snapshot"] | undefined)[] = [];
    const older: EventStore = {
      ...t.store,
      load: async (matchId) => {
        const loaded = await t.store.load(matchId);
        if (!loaded) return null;
        const { format: _, ...rest } = loaded.snapshot;
        const created = (await t.store.readEvents(matchId, 0, 1))[0]!;
        return { ...loaded, snapshot: { ...rest, state: evolve(null, created) } };
      },
      readEvents: (...args) => t.store.readEvents(...args),
      append: async (matchId, commit) => {
        written.push(commit.snapshot);
        return t.store.append(matchId, commit);
      },
    };
    const reader = serviceOver(older);
    expect(await reader.matchView(id, tokens[mover])).toEqual(truth);
    const next = await reader.matchView(id, tokens[truth.toMove!]);
    await reader.rollDice({ matchId: id }, tokens[next.toMove!]);
    expect(written[0]).toMatchObject({ format: snapshotFormat((await t.store.load(id))!.snapshot.state) });
  });
});
