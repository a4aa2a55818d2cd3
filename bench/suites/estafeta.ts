import { legalMoves as legalMovesOf } from "../../src/engine/golnard-estafeta/actions.js";
import { progressBot } from "../../src/engine/golnard-estafeta/bot.js";
import { exhaustiveLegalMoves } from "../../src/engine/golnard-estafeta/oracle.js";
import { golnardEstafeta } from "../../src/engine/golnard-estafeta/ruleset.js";
import type { EstafetaState } from "../../src/engine/golnard-estafeta/state.js";
import { botChooser, playout } from "../../src/match/playout.js";
import { percentile, throughput, type Measurement, type Suite } from "../report.js";

/**
 * A fixed corpus of mid-game positions with 5 teams: every 3rd move-phase state between round 5
 * and the end of seeded bot games (sprint and stayer, alternating), until `size` are collected.
 */
function corpus(size: number): EstafetaState[] {
  const out: EstafetaState[] = [];
  for (let game = 1; out.length < size; game++) {
    let n = 0;
    playout({ ruleset: "golnard-estafeta", options: { variant: game % 2 ? "stayer" : "sprint", teams: 5 }, seed: 7000 + game, choose: botChooser(progressBot(game)), check: (match) => {
      const s = match.game as EstafetaState;
      if (s.stage === "play" && s.dice && s.turns >= 25 && n++ % 3 === 0 && out.length < size) out.push(s);
    } });
  }
  return out;
}

/** The first turn of a 5-team sprint (one runner per team on the start line), for each of the 36 rolls. */
function startPositions(): EstafetaState[] {
  const must = <T>(r: { ok: true; value: T } | { ok: false }): T => {
    if (!r.ok) throw new Error("setup failed");
    return r.value;
  };
  const roll = (s: EstafetaState, dice: number[]): EstafetaState => must(golnardEstafeta.applyDice(s, dice)).state;
  const opened = roll(must(golnardEstafeta.setup({ options: golnardEstafeta.optionsSchema.parse({ teams: 5, lanes: [1, 2, 3, 4, 5] }) })), [6, 1, 1, 1, 1]);
  const out: EstafetaState[] = [];
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) out.push(roll(opened, [a, b]));
  return out;
}

/** The same positions with at most 3 points on each die, where the exhaustive enumeration is affordable. */
const smallDice = (states: readonly EstafetaState[]): EstafetaState[] =>
  states.map((s, i) => ({ ...s, dice: [1 + (i % 3), 1 + ((i >> 2) % 3)], visited: s.tokens[s.toMove]!.map((t) => (t.cell === null ? [] : [t.cell])) }));

/** The legal actions of the team to move. */
const legalMoves = (s: EstafetaState) => legalMovesOf(s, s.toMove);

function cycle(states: readonly EstafetaState[], generate: (s: EstafetaState) => unknown): () => void {
  let i = 0;
  return () => void generate(states[i++ % states.length]!);
}

/**
 * Legal-action generation for the relay: the path search over mid-game 5-team positions, next to
 * (1) the same generator on the starting position (one runner per team, an easy case) and (2) the
 * plain exhaustive route enumeration the tests use as the oracle, on small dice where it finishes.
 */
export const suite: Suite = {
  name: "golnard-estafeta legal actions (200 mid-game 5-team positions from seeded self-play)",
  async run(): Promise<Measurement[]> {
    const positions = corpus(200);
    const start = startPositions();
    const small = smallDice(positions);
    const mid = throughput(cycle(positions, legalMoves), 2000);
    const first = throughput(cycle(start, legalMoves), 2000);
    const searchSmall = throughput(cycle(small, legalMoves), 1500);
    const oracleSmall = throughput(cycle(small, exhaustiveLegalMoves), 1500);
    const times: number[] = [];
    for (const s of positions) {
      const t0 = performance.now();
      for (let r = 0; r < 5; r++) legalMoves(s);
      times.push(((performance.now() - t0) / 5) * 1000);
    }
    times.sort((a, b) => a - b);
    const actions = positions.reduce((n, s) => n + legalMoves(s).length, 0) / positions.length;
    return [
      { name: "legalMoves, mid-game", unit: "positions/s", value: mid, better: "higher", baseline: "legalMoves on the starting position", baselineValue: first, note: `${actions.toFixed(0)} actions per position on average` },
      { name: "legalMoves, dice <= 3+3", unit: "positions/s", value: searchSmall, better: "higher", baseline: "exhaustive route enumeration (test oracle)", baselineValue: oracleSmall },
      { name: "legalMoves p50, mid-game", unit: "µs", value: percentile(times, 50), better: "lower" },
      { name: "legalMoves p99, mid-game", unit: "µs", value: percentile(times, 99), better: "lower" },
    ];
  },
};
