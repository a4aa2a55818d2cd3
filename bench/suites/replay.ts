import { replay } from "../../src/match/evolve.js";
import { playout } from "../../src/match/playout.js";
import type { Suite } from "../report.js";

/**
 * What rebuilding a match costs per event: `replay` over whole logs of random backgammon matches,
 * next to the floor any replay pays, JSON.parse of the same stored log.
 */
export const suite: Suite = {
  name: "replay (backgammon, 20 random matches to 3 points)",
  async run() {
    const logs = Array.from({ length: 20 }, (_, i) => playout({ ruleset: "backgammon", options: { matchLength: 3 }, seed: 1000 + i }).log);
    const stored = logs.map((log) => JSON.stringify(log));
    const events = logs.reduce((n, log) => n + log.length, 0);
    const timeEach = (fn: () => void, rounds: number) => {
      const samples: number[] = [];
      for (let r = 0; r < rounds; r++) {
        const start = performance.now();
        fn();
        samples.push(((performance.now() - start) * 1000) / events);
      }
      return samples.sort((a, b) => a - b)[Math.floor(rounds / 2)]!;
    };
    const replayUs = timeEach(() => stored.forEach((s) => replay(JSON.parse(s))), 15);
    const parseUs = timeEach(() => stored.forEach((s) => JSON.parse(s)), 15);
    return [
      {
        name: `replay per event (${events} events, parse included)`,
        unit: "µs/event",
        value: replayUs,
        better: "lower",
        baseline: "JSON.parse alone",
        baselineValue: parseUs,
      },
    ];
  },
};
