import { constants, type PerformanceEntry, PerformanceObserver } from "node:perf_hooks";
import { commandV1 } from "../baselines/decide-v1.js";
import type { RulesetId } from "../../src/engine/registry.js";
import type { Command, DecideContext } from "../../src/match/commands.js";
import { decide } from "../../src/match/decide.js";
import type { MatchEvent } from "../../src/match/events.js";
import { playout, PLAYOUT_AT } from "../../src/match/playout.js";
import type { MatchState } from "../../src/match/state.js";
import { toMatchView } from "../../src/service/match-view.js";
import { percentile, type Measurement, type Suite } from "../report.js";

type PlayCommand = Extract<Command, { type: "RollDice" | "SubmitMove" }>;
interface Sample {
  readonly before: MatchState;
  readonly command: PlayCommand;
  readonly events: readonly MatchEvent[];
  readonly ctx: DecideContext;
}

const unexpected = (event: MatchEvent): never => {
  throw new Error(`a command cannot start with ${event.type}`);
};

/** Every command of seeded random matches, with the state it was decided against and the events it produced. */
function corpus(ruleset: RulesetId, options: object, matches: number): Sample[] {
  const out: Sample[] = [];
  for (let m = 0; m < matches; m++) {
    const seed = 4000 + m;
    const game = playout({ ruleset, options, seed });
    // The dice a command drew are in its DiceRolled event: decide gets them back in the same order.
    let before: MatchState = game.states[0]!;
    for (const after of game.states.slice(1)) {
      const events = game.log.slice(before.version, after.version);
      const first = events[0]!;
      const command: PlayCommand =
        first.type === "DiceRolled" ? { type: "RollDice", seat: first.data.seat } : first.type === "MovePlayed" ? { type: "SubmitMove", seat: first.data.seat, move: first.data.move } : unexpected(first);
      const rolled = first.type === "DiceRolled" ? first.data.values : [];
      const ctx: DecideContext = { roll: () => rolled, diceSeed: "0".repeat(64), at: PLAYOUT_AT };
      out.push({ before, command, events, ctx });
      before = after;
    }
  }
  return out;
}

interface Figures {
  readonly median: number;
  readonly p50: number;
  readonly p99: number;
}

/**
 * Microseconds per command of each of two paths over the corpus: median of rounds, and
 * per-command percentiles. The paths take turns, round by round and command by command, so that
 * a busy machine slows both alike.
 */
function measurePair(samples: readonly Sample[], runs: readonly [(s: Sample) => unknown, (s: Sample) => unknown]): [Figures, Figures] {
  for (const run of runs) for (const s of samples) run(s);
  const rounds: [number[], number[]] = [[], []];
  for (let r = 0; r < 7; r++) {
    runs.forEach((run, i) => {
      const t0 = performance.now();
      for (const s of samples) run(s);
      rounds[i]!.push(((performance.now() - t0) * 1000) / samples.length);
    });
  }
  const each: [number[], number[]] = [[], []];
  for (const s of samples) {
    runs.forEach((run, i) => {
      const t0 = performance.now();
      run(s);
      each[i]!.push((performance.now() - t0) * 1000);
    });
  }
  const figures = (i: 0 | 1): Figures => {
    const sortedRounds = [...rounds[i]].sort((a, b) => a - b);
    const sorted = [...each[i]].sort((a, b) => a - b);
    return { median: sortedRounds[3]!, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  };
  return [figures(0), figures(1)];
}

/**
 * Milliseconds of young-generation collection per 1,000 commands of each path, the paths taking
 * turns over the corpus. A path that keeps what it makes alive past a collection (an object
 * literal with a getter did: V8 then promoted every decision it reached) pays here, in copying
 * and in pauses, what the CPU figures of short rounds barely show.
 */
async function youngGcPair(samples: readonly Sample[], runs: readonly [(s: Sample) => unknown, (s: Sample) => unknown], rounds = 20): Promise<[number, number]> {
  const entries: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
  observer.observe({ entryTypes: ["gc"] });
  const windows: { readonly path: 0 | 1; readonly from: number; readonly to: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const path of [0, 1] as const) {
      const from = performance.now();
      for (const s of samples) runs[path](s);
      windows.push({ path, from, to: performance.now() });
      // Collections are reported between turns of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  const ms: [number, number] = [0, 0];
  for (const entry of entries) {
    if ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind !== constants.NODE_PERFORMANCE_GC_MINOR) continue;
    const during = windows.find((w) => entry.startTime >= w.from && entry.startTime <= w.to);
    if (during) ms[during.path] += entry.duration;
  }
  const perThousand = (total: number) => (total * 1000) / (rounds * samples.length);
  return [perThousand(ms[0]), perThousand(ms[1])];
}

/** Today's path: one decide (the rules run once, a cheap mustPass) and the answer's view. */
const commandV2 = (s: Sample): unknown => {
  const decided = decide(s.command, s.before, s.ctx);
  if (!decided.ok) throw new Error(decided.error.message);
  return toMatchView(decided.value.state, s.command.seat).legalMoves;
};

/**
 * CPU per command of the rules work (decide and the answer's view, no I/O) on every command of
 * random matches, next to the path before the v2 contract (bench/baselines/decide-v1.ts) in the
 * same run.
 */
export const suite: Suite = {
  name: "rules work per command: one computation (v2) vs the earlier path",
  async run(): Promise<Measurement[]> {
    const out: Measurement[] = [];
    for (const [ruleset, options, matches] of [
      ["backgammon", { matchLength: 3 }, 10],
      ["golnard-estafeta", { variant: "sprint", teams: 4 }, 4],
    ] as const) {
      const samples = corpus(ruleset, options, matches);
      const paths = [commandV2, (s: Sample) => commandV1(s.before, s.command, s.events)] as const;
      const [v2, v1] = measurePair(samples, paths);
      const [v2Gc, v1Gc] = await youngGcPair(samples, paths);
      const note = `${samples.length} commands`;
      out.push(
        { name: `${ruleset} CPU per command (mean)`, unit: "µs", value: v2.median, better: "lower", baseline: "earlier path", baselineValue: v1.median, note },
        { name: `${ruleset} CPU per command p50`, unit: "µs", value: v2.p50, better: "lower", baseline: "earlier path", baselineValue: v1.p50 },
        { name: `${ruleset} CPU per command p99`, unit: "µs", value: v2.p99, better: "lower", baseline: "earlier path", baselineValue: v1.p99 },
        { name: `${ruleset} young-generation GC per 1,000 commands`, unit: "ms", value: v2Gc, better: "lower", baseline: "earlier path", baselineValue: v1Gc },
      );
    }
    return out;
  },
};
