import { footballBot } from "../../src/engine/golnard-football/bot.js";
import { legalMoves, mustPass } from "../../src/engine/golnard-football/actions.js";
import { actingSeat } from "../../src/engine/golnard-football/context.js";
import { bruteForceLegalMoves } from "../../src/engine/golnard-football/oracle.js";
import type { FootballState } from "../../src/engine/golnard-football/state.js";
import { botChooser, playout } from "../../src/match/playout.js";
import { percentile, throughput, type Measurement, type Suite } from "../report.js";

/** Every 2nd move-phase position of ordinary turns after the 10th command of seeded bot matches, until `size`. */
function corpus(size: number, want: (s: FootballState) => boolean): FootballState[] {
  const out: FootballState[] = [];
  for (let seed = 1; out.length < size && seed < 500; seed++) {
    let n = 0;
    playout({
      ruleset: "golnard-football",
      options: { halfTurns: 15 },
      seats: seed % 3 === 0 ? 4 : 2,
      seed: 9000 + seed,
      choose: botChooser(footballBot(seed)),
      check: (state) => {
        const g = state.game as FootballState;
        if (state.version > 10 && want(g) && n++ % 2 === 0 && out.length < size) out.push(g);
      },
    });
  }
  return out;
}

const seatOf = (s: FootballState): number => actingSeat(s)!;
const generate = (s: FootballState): unknown => legalMoves(s, seatOf(s));

function cycle(states: readonly FootballState[], fn: (s: FootballState) => unknown): () => void {
  let i = 0;
  return () => void fn(states[i++ % states.length]!);
}

function timesMicros(states: readonly FootballState[], fn: (s: FootballState) => unknown, repeat = 5): number[] {
  const times = states.map((s) => {
    const t0 = performance.now();
    for (let r = 0; r < repeat; r++) fn(s);
    return ((performance.now() - t0) / repeat) * 1000;
  });
  return times.sort((a, b) => a - b);
}

/**
 * Legal-action generation for football: the one generator over mid-game ordinary-turn positions
 * and over penalty-kicker placements (about 1,300 actions each), next to the brute-force
 * reference (every candidate judged by `play`) on the same positions, in the same run.
 */
export const suite: Suite = {
  name: "golnard-football legal actions (mid-game positions from seeded bot matches; penalty-kicker placements)",
  async run(): Promise<Measurement[]> {
    const mid = corpus(200, (g) => g.stage.kind === "turn" && g.stage.step === "move" && (g.stage.play === "ordinary" || g.stage.play === "kickoff"));
    const kicker = corpus(20, (g) => g.stage.kind === "turn" && g.stage.step === "kicker");
    const sample = mid.filter((_, i) => i % 10 === 0);
    const midRate = throughput(cycle(mid, generate), 2000);
    const bruteRate = throughput(cycle(sample, bruteForceLegalMoves), 3000);
    const kickerRate = throughput(cycle(kicker, generate), 1000);
    const kickerBrute = throughput(cycle(kicker, bruteForceLegalMoves), 1500);
    const passRate = throughput(cycle(mid, mustPass), 1000);
    const times = timesMicros(mid, generate);
    const kickerTimes = timesMicros(kicker, generate);
    const avg = (list: readonly FootballState[]) => (list.reduce((n, s) => n + legalMoves(s, seatOf(s)).length, 0) / Math.max(1, list.length)).toFixed(0);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    return [
      { name: "legalMoves, mid-game", unit: "positions/s", value: midRate, better: "higher", baseline: "brute force judged by play", baselineValue: bruteRate, note: `${mid.length} positions, ${avg(mid)} actions on average, mean ${mean.toFixed(0)} µs per call` },
      { name: "legalMoves p50, mid-game", unit: "µs", value: percentile(times, 50), better: "lower" },
      { name: "legalMoves p90, mid-game", unit: "µs", value: percentile(times, 90), better: "lower" },
      { name: "legalMoves p99, mid-game", unit: "µs", value: percentile(times, 99), better: "lower" },
      { name: "legalMoves, penalty-kicker placements", unit: "positions/s", value: kickerRate, better: "higher", baseline: "brute force judged by play", baselineValue: kickerBrute, note: `${kicker.length} positions, ${avg(kicker)} actions on average` },
      { name: "legalMoves p99, penalty-kicker placements", unit: "µs", value: percentile(kickerTimes, 99), better: "lower" },
      { name: "mustPass, mid-game", unit: "positions/s", value: passRate, better: "higher", baseline: "legalMoves on the same positions", baselineValue: midRate },
    ];
  },
};
