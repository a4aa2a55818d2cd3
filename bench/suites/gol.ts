import { golBot } from "../../src/engine/gol/bot.js";
import { bruteForceLegalMoves } from "../../src/engine/gol/brute-force.js";
import { legalMoves } from "../../src/engine/gol/legal.js";
import { seatOf } from "../../src/engine/common/home-away.js";
import type { GolState } from "../../src/engine/gol/state.js";
import { replay } from "../../src/match/evolve.js";
import type { MatchEvent } from "../../src/match/events.js";
import { botChooser, playout } from "../../src/match/playout.js";
import { SNAPSHOT_EVERY } from "../../src/match/snapshot.js";
import type { MatchState } from "../../src/match/state.js";
import { percentile, throughput, type Measurement, type Suite } from "../report.js";

const seatToAct = (s: GolState): number => seatOf(s.turn!.side);

/** Every 5th position of seeded bot matches (10-minute halves) where a side is to act, until `size` are collected. */
function corpus(size: number): GolState[] {
  const out: GolState[] = [];
  for (let seed = 1; out.length < size; seed++) {
    const game = playout({ ruleset: "gol", options: { minutesPerHalf: 10 }, seed, choose: botChooser(golBot(seed)) });
    game.states.forEach((m, i) => {
      const s = m.game as GolState;
      if (s.turn !== null && i % 5 === 0 && out.length < size) out.push(s);
    });
  }
  return out;
}

function cycle(states: readonly GolState[], generate: (s: GolState, seat: number) => unknown): () => void {
  let i = 0;
  return () => {
    const s = states[i++ % states.length]!;
    generate(s, seatToAct(s));
  };
}

/** Median over `rounds` of the time per unit of `fn`, in microseconds. */
function median(fn: () => void, units: number, rounds: number): number {
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    fn();
    samples.push(((performance.now() - start) * 1000) / units);
  }
  return samples.sort((a, b) => a - b)[Math.floor(rounds / 2)]!;
}

/**
 * Gol's legal-action generation on mid-game positions, next to the brute-force reference (every
 * piece x every target judged by `play`); and what a full 2 x 45-minute match costs to rebuild:
 * per event from the whole log, next to JSON.parse of the same log, and per load through the
 * snapshots the service writes every 16 events (a snapshot parsed, then at most 16 events).
 */
export const suite: Suite = {
  name: "gol (legal actions on 200 mid-game positions of seeded bot matches; replay of a full 2 x 45-minute match)",
  async run(): Promise<Measurement[]> {
    const positions = corpus(200);
    const fast = throughput(cycle(positions, legalMoves), 2000);
    const brute = throughput(cycle(positions.slice(0, 40), bruteForceLegalMoves), 1500);
    const times: number[] = [];
    for (const s of positions) {
      const t0 = performance.now();
      for (let r = 0; r < 10; r++) legalMoves(s, seatToAct(s));
      times.push(((performance.now() - t0) / 10) * 1000);
    }
    times.sort((a, b) => a - b);
    const actions = positions.reduce((n, s) => n + legalMoves(s, seatToAct(s)).length, 0) / positions.length;

    const match = playout({ ruleset: "gol", options: { minutesPerHalf: 45 }, seed: 45, choose: botChooser(golBot(45)) });
    const log = match.log;
    const stored = JSON.stringify(log);
    const events = log.length;
    const turns = log.reduce((n, e) => n + (e.type === "MovePlayed" ? ((e.data.notes ?? []) as { type: string }[]).filter((x) => x.type === "turnEnded").length : 0), 0);
    const actionsPlayed = log.filter((e) => e.type === "MovePlayed" && (e.data.move as { type: string }).type !== "endTurn").length;
    const replayUs = median(() => replay(JSON.parse(stored) as MatchEvent[]), events, 9);
    const parseUs = median(() => JSON.parse(stored), events, 9);

    // Loading after every commit, as the service does: a commit writes a snapshot once 16 events
    // have passed since the last one; a load parses the newest snapshot and replays the rest.
    let snapshot: MatchState = match.states[0]!;
    const loads: { snapshot: string; tail: string }[] = [];
    for (const state of match.states.slice(1)) {
      if (state.version - snapshot.version >= SNAPSHOT_EVERY) snapshot = state;
      loads.push({ snapshot: JSON.stringify(snapshot), tail: JSON.stringify(log.slice(snapshot.version, state.version)) });
    }
    // The fastest of 5 tries per load point, so that a garbage collection does not count as a load.
    const loadTimes: number[] = [];
    for (const load of loads) {
      let best = Infinity;
      for (let r = 0; r < 5; r++) {
        const t0 = performance.now();
        const from = JSON.parse(load.snapshot) as MatchState;
        const tail = JSON.parse(load.tail) as MatchEvent[];
        if (tail.length > 0) replay(tail, from);
        best = Math.min(best, performance.now() - t0);
      }
      loadTimes.push(best * 1000);
    }
    loadTimes.sort((a, b) => a - b);
    const fullLoadUs = median(() => replay(JSON.parse(stored) as MatchEvent[]), 1, 5);
    const longestTail = Math.max(...loads.map((l) => (JSON.parse(l.tail) as unknown[]).length));

    return [
      {
        name: "legalMoves, mid-game",
        unit: "positions/s",
        value: fast,
        better: "higher",
        baseline: "brute force (every piece x every target, judged by play)",
        baselineValue: brute,
        note: `${actions.toFixed(0)} actions per position on average`,
      },
      { name: "legalMoves p50, mid-game", unit: "µs", value: percentile(times, 50), better: "lower" },
      { name: "legalMoves p99, mid-game", unit: "µs", value: percentile(times, 99), better: "lower" },
      {
        name: `replay per event, 2 x 45 minutes (${turns} turns, ${actionsPlayed} actions, ${events} events, parse included)`,
        unit: "µs/event",
        value: replayUs,
        better: "lower",
        baseline: "JSON.parse alone",
        baselineValue: parseUs,
      },
      {
        name: `load through snapshots every ${SNAPSHOT_EVERY} events, p50 (at most ${longestTail} events replayed)`,
        unit: "µs/load",
        value: percentile(loadTimes, 50),
        better: "lower",
        baseline: "replaying the whole log",
        baselineValue: fullLoadUs,
        note: `${(fullLoadUs / percentile(loadTimes, 50)).toFixed(0)} times faster than replaying the whole log`,
      },
      { name: "load through snapshots, p99", unit: "µs/load", value: percentile(loadTimes, 99), better: "lower" },
    ];
  },
};
