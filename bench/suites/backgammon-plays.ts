import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatSteps } from "../../src/engine/backgammon/notation.js";
import { legalPlays, playPosition, type Step } from "../../src/engine/backgammon/plays.js";
import { type Position, START_POSITION, swapSides, toBuffer } from "../../src/engine/backgammon/position.js";
import { resolveMove } from "../../src/engine/backgammon/resolve.js";
import { prng } from "../../src/engine/common/prng.js";
import { formatStepsV1 } from "../baselines/format-steps-v1.js";
import * as v1 from "../baselines/legal-plays-v1.js";
import { resolveMoveV1 } from "../baselines/resolve-v1.js";
import { interleavedThroughput, type Measurement, type Suite } from "../report.js";

type Case = { pos: Position; dice: [number, number] };

/** A fixed corpus: positions met in seeded random games, each with the roll that was played there. */
function corpus(size: number, seed: number): Case[] {
  const random = prng(seed);
  const die = () => 1 + Math.floor(random() * 6);
  const out: Case[] = [];
  let pos = START_POSITION;
  while (out.length < size) {
    const dice: [number, number] = [die(), die()];
    out.push({ pos, dice });
    const plays = legalPlays(pos, dice);
    const next = plays.length ? playPosition(plays[Math.floor(random() * plays.length)]!) : pos;
    const gameOver = next.onRoll.every((n) => n === 0);
    pos = gameOver ? START_POSITION : swapSides(next);
  }
  return out;
}

/** Positions per second of each generator over the corpus, round and round, measured in turns for about `ms` each. */
function rates(cases: readonly Case[], ms: number, ...generators: ((pos: Position, dice: [number, number]) => unknown)[]): number[] {
  return interleavedThroughput(
    generators.map((generate) => {
      let i = 0;
      return () => {
        const { pos, dice } = cases[i++ % cases.length]!;
        generate(pos, dice);
      };
    }),
    ms,
  );
}

/**
 * The plain C generator of `bench/baselines/legal-plays.c`, compiled now with `cc -O2`, run on the
 * same corpus in turns with `legalPlays` (slices of 250 ms each, the C program timing its own),
 * so that both meet the same load; skipped, with a note, when there is no C compiler. Its count of
 * distinct plays must be `legalPlays`' own, or the comparison is void. Returns both rates.
 */
function nextToC(cases: readonly Case[], plays: number): { js: number; c: number } | { skipped: string } {
  const dir = mkdtempSync(join(tmpdir(), "tabula-bench-"));
  try {
    const binary = join(dir, "legal-plays");
    const source = new URL("../baselines/legal-plays.c", import.meta.url).pathname;
    const compiled = spawnSync("cc", ["-O2", "-o", binary, source], { encoding: "utf8" });
    if (compiled.error || compiled.status !== 0) return { skipped: `no C baseline: cc failed (${compiled.error?.message ?? compiled.stderr.trim()})` };
    const input = cases.map(({ pos, dice }) => `${Array.from(toBuffer(pos)).join(" ")} ${dice[0]} ${dice[1]}`).join("\n");
    const js: number[] = [];
    const c: number[] = [];
    for (let round = 0; round < 8; round++) {
      js.push(rates(cases, 250, legalPlays)[0]!);
      const ran = spawnSync(binary, ["250"], { input, encoding: "utf8" });
      if (ran.status !== 0) throw new Error(`C baseline failed: ${ran.stderr}`);
      const [perSecond, count] = ran.stdout.trim().split(" ").map(Number);
      if (count !== plays) throw new Error(`C baseline found ${count} plays over the corpus, legalPlays ${plays}`);
      c.push(perSecond!);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    return { js: mean(js), c: mean(c) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Resolve<P> = (pos: Position, dice: [number, number], plays: P[], text: string) => { ok: boolean };

/** A call resolving the next written move each time, the plays generated beforehand. */
function resolving<P>(moves: readonly { c: Case; plays: P[]; text: string }[], resolve: Resolve<P>): () => void {
  let i = 0;
  return () => {
    const { c, plays, text } = moves[i++ % moves.length]!;
    if (!resolve(c.pos, c.dice, plays, text).ok) throw new Error(`refused ${text}`);
  };
}

/**
 * Legal-play generation (every distinct resulting position for a roll) over a fixed random
 * corpus, next to the generator before the current one (bench/baselines/legal-plays-v1.ts) and a
 * plain C generator of the same rules; with the notation of every play, as `legalMoves` lists
 * them, next to the previous generator and formatter; then resolving a written move, next to the
 * earlier resolver (the search alone, on the previous generator's plays), for moves spelt as
 * `legalMoves` lists them, reordered without stars, and one part per die (which the quick match
 * cannot read, so they take the search).
 */
export const suite: Suite = {
  name: "backgammon legal plays (2000 positions from seeded random games)",
  async run() {
    const cases = corpus(2000, 42);
    const [fast, before] = rates(cases, 2000, legalPlays, v1.legalPlays) as [number, number];
    const [listed, listedBefore] = rates(
      cases,
      2000,
      (pos, dice) => legalPlays(pos, dice).map((p) => formatSteps(p.steps)),
      (pos, dice) => v1.legalPlays(pos, dice).map((p) => formatStepsV1(p.steps)),
    ) as [number, number];
    const plays = cases.reduce((sum, { pos, dice }) => sum + legalPlays(pos, dice).length, 0);
    const c = nextToC(cases, plays);
    const out: Measurement[] = [
      { name: "legalPlays", unit: "positions/s", value: fast, better: "higher", baseline: "previous generator", baselineValue: before },
      "c" in c
        ? { name: "legalPlays (in turns with C)", unit: "positions/s", value: c.js, better: "higher", baseline: "plain C generator (cc -O2)", baselineValue: c.c }
        : { name: "legalPlays vs C", unit: "positions/s", value: fast, better: "higher", note: c.skipped },
      { name: "legalPlays + notation of every play (legalMoves)", unit: "positions/s", value: listed, better: "higher", baseline: "previous generator", baselineValue: listedBefore },
    ];

    // One written move a position: a random legal play, as listed and in another spelling.
    const random = prng(7);
    const playable = cases.filter(({ pos, dice }) => legalPlays(pos, dice).length > 0);
    const point = (p: number): string => (p === 25 ? "bar" : p === 0 ? "off" : String(p));
    for (const [spelling, spell] of [
      ["as listed", (steps: readonly Step[]) => formatSteps(steps)],
      ["parts reversed, no stars", (steps: readonly Step[]) => formatSteps(steps).replace(/\*/g, "").split(" ").reverse().join(" ")],
      ["one part per die", (steps: readonly Step[]) => steps.map((s) => `${point(s.from)}/${point(s.to)}`).join(" ")],
    ] as const) {
      const moves = playable.map((c) => {
        const plays = legalPlays(c.pos, c.dice);
        return { c, plays, text: spell(plays[Math.floor(random() * plays.length)]!.steps) };
      });
      const movesV1 = moves.map(({ c, text }) => ({ c, plays: v1.legalPlays(c.pos, c.dice), text }));
      const [now, then] = interleavedThroughput([resolving(moves, resolveMove), resolving(movesV1, resolveMoveV1)]) as [number, number];
      out.push({ name: `resolveMove (${spelling})`, unit: "moves/s", value: now, better: "higher", baseline: "previous resolver", baselineValue: then });
    }
    return out;
  },
};
