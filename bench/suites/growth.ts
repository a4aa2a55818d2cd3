import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { DEFAULT_CACHE_MATCHES, MatchCache } from "../../src/service/match-cache.js";
import { createService, type TabulaService } from "../../src/api/service.js";
import { openLevelStores } from "../../src/store/level/stores.js";
import { type Measurement, percentile, type Suite } from "../report.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** The seat to act and its view; rolls for whoever must roll until someone has a move. */
async function nextMover(service: TabulaService, id: string, tokens: string[]): Promise<{ seat: number; move: unknown } | null> {
  for (;;) {
    const view = await service.matchView(id, undefined);
    if (view.status === "FINISHED") return null;
    const seat = view.toAct[0]!;
    const mine = await service.matchView(id, tokens[seat]);
    if (mine.phase === "move" && mine.legalMoves.length > 0) return { seat, move: mine.legalMoves[0] };
    await service.rollDice({ matchId: id }, tokens[seat]);
  }
}

/**
 * Whether a command's cost grows with the match and memory with the matches played: per-move
 * time by quarter of one long backgammon match (a 25-point match runs to thousands of events;
 * snapshots keep every load to a few of them), and the heap after 5,000 and after 10,000 matches
 * served by one service (its cache of matches must evict). On the Level store on disk, the local
 * server's default, whose data lives outside the JavaScript heap, so the heap is the server's own.
 */
export const suite: Suite = {
  name: "growth: a move's cost over a long match, memory over many matches (service over the Level store on disk)",
  async run(): Promise<Measurement[]> {
    const dir = mkdtempSync(join(tmpdir(), "tabula-bench-growth-"));
    const level = await openLevelStores({ path: dir });
    const stores = { store: level.store, players: level.players, index: level.index };
    const out: Measurement[] = [];
    try {
      for (const [label, cache] of [
        ["warm cache", new MatchCache(DEFAULT_CACHE_MATCHES, true)],
        ["no cache", undefined],
      ] as const) {
        const service = createService({ ...stores, cache, now: () => new Date(), randomBytes });
        const { state, seats } = await service.createMatch({ ruleset: "backgammon", options: { matchLength: 25 } });
        const tokens = seats.map((s) => s.token);
        const moves: { version: number; ms: number }[] = [];
        for (let version = 1; version < 2000; ) {
          const next = await nextMover(service, state.id, tokens);
          if (!next) break;
          const started = performance.now();
          const result = await service.submitMove({ matchId: state.id, move: next.move as never }, tokens[next.seat]);
          moves.push({ version: result.state.version, ms: performance.now() - started });
          version = result.state.version;
        }
        const last = moves.at(-1)!.version;
        const quarter = (q: number) => moves.filter((m) => m.version > (last * q) / 4 && m.version <= (last * (q + 1)) / 4).map((m) => m.ms).sort((a, b) => a - b);
        const first = percentile(quarter(0), 50);
        for (const q of [1, 2, 3]) {
          out.push({ name: `submitMove p50, quarter ${q + 1} of a ${last}-event match (${label})`, unit: "ms", value: percentile(quarter(q), 50), better: "lower", baseline: "quarter 1", baselineValue: first });
        }
      }

      const cache = new MatchCache(DEFAULT_CACHE_MATCHES, true);
      const service = createService({ ...stores, cache, now: () => new Date(), randomBytes });
      const play = async (matches: number) => {
        for (let i = 0; i < matches; i++) {
          const { state, seats } = await service.createMatch({ ruleset: "backgammon" });
          const tokens = seats.map((s) => s.token);
          const next = await nextMover(service, state.id, tokens);
          if (next) await service.submitMove({ matchId: state.id, move: next.move as never }, tokens[next.seat]);
        }
      };
      const heap = () => {
        gc();
        return process.memoryUsage().heapUsed / 2 ** 20;
      };
      // By 5,000 matches every bounded structure is full (the cache holds 2,000): what the heap
      // does from there on is what it would do over a server's life.
      await play(5000);
      const after5k = heap();
      await play(5000);
      const after10k = heap();
      out.push({
        name: `heap after 10,000 matches served (cache of ${cache.capacity}, holding ${cache.size})`,
        unit: "MB",
        value: after10k,
        better: "lower",
        baseline: "after 5,000 matches",
        baselineValue: after5k,
      });
    } finally {
      await level.close();
      rmSync(dir, { recursive: true, force: true });
    }
    return out;
  },
};
