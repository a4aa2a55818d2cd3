import { createLogger } from "../../src/logger.js";
import { startServer } from "../../src/server/app.js";
import { type Measurement, percentile, type Suite } from "../report.js";

interface View {
  id: string;
  seat?: number | null;
  status: string;
  toMove: number | null;
  legalMoves: unknown[];
}

/**
 * Commands through the local HTTP server on its default store (in memory here), as a client sees them: each
 * client plays its own backgammon match, rolling and submitting the first legal move. The
 * baseline, measured in the same run and interleaved, is a read of the same match (GET), which
 * pays the same HTTP, load and replay but no decision and no write.
 */
export const suite: Suite = {
  name: "HTTP commands (local server, Level store in memory)",
  async run() {
    const server = await startServer({ port: 0, memory: true, logger: createLogger("silent") });
    const call = async (method: string, path: string, token?: string, body?: unknown) => {
      const start = performance.now();
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const json = (await response.json()) as View & { match?: View; seats?: { token: string }[] };
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
      return { ms: performance.now() - start, json };
    };

    /**
     * One client: plays `moves` moves (starting new matches as they finish). A command's answer
     * is the caller's view, which says who acts next, so the loop needs no reads of its own;
     * with `read`, every command is followed by a timed GET that serves as the baseline.
     */
    const client = async (moves: number, samples: { move: number[]; roll: number[]; read: number[] }, read: boolean) => {
      let played = 0;
      while (played < moves) {
        const created = await call("POST", "/api/matches", undefined, { ruleset: "backgammon" });
        const id = created.json.match!.id;
        const tokens = created.json.seats!.map((s) => s.token);
        let view = created.json.match!;
        while (view.status !== "FINISHED" && played < moves) {
          const actor = view.toMove ?? 0;
          // A command answers with the caller's view; when the other seat won the opening
          // roll, its legal moves come from its own view.
          if (view.seat !== actor && view.seat !== undefined && view.toMove !== null) view = (await call("GET", `/api/matches/${id}`, tokens[actor])).json;
          if (view.legalMoves.length > 0) {
            const r = await call("POST", `/api/matches/${id}/moves`, tokens[actor], { move: view.legalMoves[0] });
            samples.move.push(r.ms);
            view = r.json;
            played++;
          } else {
            const r = await call("POST", `/api/matches/${id}/dice`, tokens[actor]);
            samples.roll.push(r.ms);
            view = r.json;
          }
          if (read) samples.read.push((await call("GET", `/api/matches/${id}`, tokens[actor])).ms);
        }
      }
    };

    /** Reads only, for `ms`: the throughput baseline. */
    const reader = async (id: string, until: number, samples: number[]) => {
      while (performance.now() < until) samples.push((await call("GET", `/api/matches/${id}`)).ms);
    };

    const results: Measurement[] = [];
    try {
      await client(100, { move: [], roll: [], read: [] }, false); // warm-up: JIT, store files
      const one = { move: [] as number[], roll: [] as number[], read: [] as number[] };
      await client(600, one, true);
      for (const [name, xs] of [["submitMove", one.move], ["rollDice", one.roll]] as const) {
        const sorted = [...xs].sort((a, b) => a - b);
        const reads = [...one.read].sort((a, b) => a - b);
        for (const p of [50, 99]) {
          results.push({
            name: `${name} latency p${p}, 1 client (${sorted.length} calls)`,
            unit: "ms",
            value: percentile(sorted, p),
            better: "lower",
            baseline: "GET match",
            baselineValue: percentile(reads, p),
          });
        }
      }
      const clients = 8;
      const many = { move: [] as number[], roll: [] as number[], read: [] as number[] };
      const start = performance.now();
      await Promise.all(Array.from({ length: clients }, () => client(150, many, false)));
      const seconds = (performance.now() - start) / 1000;
      const target = (await call("POST", "/api/matches", undefined, { ruleset: "backgammon" })).json.match!.id;
      const reads: number[] = [];
      const readStart = performance.now();
      await Promise.all(Array.from({ length: clients }, () => reader(target, readStart + seconds * 1000, reads)));
      const readSeconds = (performance.now() - readStart) / 1000;
      results.push({
        name: `throughput, ${clients} clients each playing its own match (rolls and moves)`,
        unit: "commands/s",
        value: (many.move.length + many.roll.length) / seconds,
        better: "higher",
        baseline: `GET match, ${clients} clients, same duration`,
        baselineValue: reads.length / readSeconds,
      });
      const sorted = [...many.move].sort((a, b) => a - b);
      const sortedReads = [...reads].sort((a, b) => a - b);
      for (const p of [50, 99]) {
        results.push({
          name: `submitMove latency p${p} under ${clients} clients`,
          unit: "ms",
          value: percentile(sorted, p),
          better: "lower",
          baseline: `GET match under ${clients} clients`,
          baselineValue: percentile(sortedReads, p),
        });
      }
    } finally {
      await server.close();
    }
    return results;
  },
};
