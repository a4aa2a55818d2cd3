import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TabulaError } from "../../src/errors.js";
import { replay } from "../../src/match/evolve.js";
import type { MatchEvent } from "../../src/match/events.js";
import type { LoadedState } from "../../src/service/load-match.js";
import { MatchCache } from "../../src/service/match-cache.js";
import { createService, type TabulaService } from "../../src/api/service.js";
import { startTestStore, type TestStore } from "../support/dynamo.js";

let t: TestStore;
beforeAll(async () => void (t = await startTestStore()));
afterAll(() => t.close());

const serviceWith = (cache: MatchCache | undefined): TabulaService =>
  createService({ store: t.store, players: t.players, index: t.index, cache, now: () => new Date("2026-01-01T00:00:00Z"), randomBytes });

const codeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => "accepted",
    (e) => (e instanceof TabulaError ? e.code : `unexpected ${e}`),
  );

const entry = (version: number): LoadedState => ({ state: { version } as never, secrets: { diceSeed: "", seatTokenHashes: [] } as never, keys: [], snapshotVersion: 1 });

describe("the match cache", () => {
  it("drops the least recently used match past its capacity, and never goes back to an older state", () => {
    const cache = new MatchCache(2, true);
    cache.set("a", entry(1));
    cache.set("b", entry(1));
    cache.get("a");
    cache.set("c", entry(1));
    expect([cache.get("a"), cache.get("b"), cache.get("c")].map((e) => e?.state.version)).toEqual([1, undefined, 1]);
    cache.set("a", entry(5));
    cache.set("a", entry(3));
    expect(cache.get("a")?.state.version).toBe(5);
    expect(cache.size).toBe(2);
  });

  it("stays bounded however many matches a process serves", async () => {
    const cache = new MatchCache(50, true);
    const service = serviceWith(cache);
    for (let i = 0; i < 400; i++) {
      const { state, seats } = await service.createMatch({ ruleset: "backgammon" });
      await service.rollDice({ matchId: state.id }, seats[0]!.token);
    }
    expect(cache.size).toBe(50);
  });
});

/** Plays until someone has a move, returning the view of the seat to act. */
async function toMove(service: TabulaService, id: string, tokens: string[]) {
  for (;;) {
    const view = await service.matchView(id, undefined);
    const seat = view.toAct[0]!;
    const mine = await service.matchView(id, tokens[seat]);
    if (mine.phase === "move" && mine.legalMoves.length > 0) return { seat, view: mine };
    await service.rollDice({ matchId: id }, tokens[seat]);
  }
}

describe("a warm path with one write", () => {
  it("decides a command against the cached match: a move costs the append alone, a read nothing", async () => {
    const service = serviceWith(new MatchCache(10, true));
    const { state, seats } = await service.createMatch({ ruleset: "backgammon" });
    const tokens = seats.map((s) => s.token);
    const { seat, view } = await toMove(service, state.id, tokens);
    t.resetCalls();
    await service.submitMove({ matchId: state.id, move: view.legalMoves[0]! }, tokens[seat]);
    expect(t.calls).toEqual(["PutItem"]);
    t.resetCalls();
    await service.matchView(state.id, undefined);
    expect(t.calls).toEqual([]);
  });

  it("never accepts a stale move when two processes share the store, nor refuses a move for a stale reason", async () => {
    // Two servers (or Lambda containers) on one table, each with its own cache of the match.
    const a = serviceWith(new MatchCache(10, false));
    const b = serviceWith(new MatchCache(10, false));
    const { state, seats } = await a.createMatch({ ruleset: "backgammon" });
    const id = state.id;
    const tokens = seats.map((s) => s.token);
    const accepted: { by: string; events: readonly MatchEvent[] }[] = [];
    for (let round = 0; round < 30; round++) {
      // Alternate which process serves each command, so each one's cache is often behind.
      const [here, name] = round % 3 === 0 ? [a, "a"] : [b, "b"];
      const other = here === a ? b : a;
      const { seat, view } = await toMove(other, id, tokens);
      // `here` has not seen the other's last commands: it decides on a stale state, must not
      // accept a move the match no longer allows, and must accept the move it does allow.
      const stale = await codeOf(here.submitMove({ matchId: id, move: view.legalMoves[0]! }, tokens[1 - seat]));
      expect(stale).not.toBe("accepted");
      const result = await here.submitMove({ matchId: id, move: view.legalMoves[0]! }, tokens[seat]);
      accepted.push({ by: name, events: result.events });
      if (result.state.status === "FINISHED") break;
    }
    const log = await t.store.readEvents(id, 0, 100_000);
    expect(log.map((e) => e.version)).toEqual(log.map((_, i) => i + 1));
    expect(replay(log).version).toBe(log.length);
    for (const { events } of accepted) for (const e of events) expect(log[e.version - 1]).toEqual(e);
    expect(new Set(accepted.map((x) => x.by))).toEqual(new Set(["a", "b"]));
  });

  it("refuses from a shared-store cache only after reading the store again", async () => {
    const a = serviceWith(new MatchCache(10, false));
    const b = serviceWith(undefined);
    const { state, seats } = await a.createMatch({ ruleset: "backgammon" });
    const tokens = seats.map((s) => s.token);
    // b plays the opening and the next roll: a's cached match still waits for the opening roll.
    const first = await toMove(b, state.id, tokens);
    await b.submitMove({ matchId: state.id, move: first.view.legalMoves[0]! }, tokens[first.seat]);
    const { seat, view } = await toMove(b, state.id, tokens);
    t.resetCalls();
    // From its cache a would answer DICE_NOT_ROLLED; it reads the store and plays the move.
    const played = await a.submitMove({ matchId: state.id, move: view.legalMoves[0]! }, tokens[seat]);
    expect(played.events[0]?.type).toBe("MovePlayed");
    expect(t.calls).toEqual(["Query", "PutItem"]);
  });
});
