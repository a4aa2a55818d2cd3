import { parseArgs } from "node:util";
import { progressBot } from "../engine/bots/progress-bot.js";
import { invariantProblems } from "../engine/golnard-estafeta/invariants.js";
import { MAX_TEAMS, MIN_TEAMS, VARIANTS, type Variant } from "../engine/golnard-estafeta/options.js";
import { playGame, replayGame } from "../engine/golnard-estafeta/playout.js";
import { golnardEstafeta } from "../engine/golnard-estafeta/ruleset.js";
import type { EstafetaState } from "../engine/golnard-estafeta/state.js";

const USAGE = `usage: tabula selfplay golnard-estafeta [--variant sprint|stayer] [--teams 2-5] [--games N] [--seed S] [--max-rounds R]
Plays N games between progress bots (dice from a PRNG seeded with S), checks the invariants after
every action and the replay of every game, and prints one summary line. Exits 1 on any problem.
`;

const SUPPORTED = ["golnard-estafeta"] as const;

interface Settings {
  readonly variant: Variant;
  readonly teams: number;
  readonly games: number;
  readonly seed: number;
  readonly maxRounds: number | undefined;
}

function parse(argv: string[]): Settings | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        variant: { type: "string", default: "sprint" },
        teams: { type: "string", default: "4" },
        games: { type: "string", default: "100" },
        seed: { type: "string", default: "1" },
        "max-rounds": { type: "string" },
      },
    });
  } catch (error) {
    return (error as Error).message;
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1 || !(SUPPORTED as readonly string[]).includes(positionals[0]!)) {
    return `selfplay knows these rulesets: ${SUPPORTED.join(", ")}`;
  }
  const int = (text: string | undefined, name: string, min: number, max: number): number | string => {
    const n = Number(text);
    return Number.isInteger(n) && n >= min && n <= max ? n : `--${name} must be an integer in ${min}..${max}`;
  };
  if (!(VARIANTS as readonly string[]).includes(values.variant)) return `--variant must be one of ${VARIANTS.join(", ")}`;
  const teams = int(values.teams, "teams", MIN_TEAMS, MAX_TEAMS);
  const games = int(values.games, "games", 1, 1_000_000);
  const seed = int(values.seed, "seed", 0, 2 ** 31 - 1);
  const maxRounds = values["max-rounds"] === undefined ? undefined : int(values["max-rounds"], "max-rounds", 1, 10_000);
  for (const v of [teams, games, seed, maxRounds]) if (typeof v === "string") return v;
  return { variant: values.variant as Variant, teams: teams as number, games: games as number, seed: seed as number, maxRounds: maxRounds as number | undefined };
}

/** Distinct, reproducible seeds per game: the run's seed and the game's index mixed by a large odd constant. */
const gameSeed = (seed: number, game: number, salt: number): number => (Math.imul(seed ^ salt, 0x9e3779b1) + Math.imul(game + 1, 0x85ebca6b)) >>> 0;

export async function run(argv: string[]): Promise<number> {
  const settings = parse(argv);
  if (typeof settings === "string") {
    process.stderr.write(`${settings}\n${USAGE}`);
    return 2;
  }
  const { variant, teams, games, seed, maxRounds } = settings;
  const started = performance.now();
  const winsByLane = [0, 0, 0, 0, 0];
  let finished = 0;
  let draws = 0;
  let totalTurns = 0;
  let longest = { turns: -1, game: -1 };
  for (let game = 0; game < games; game++) {
    let before: EstafetaState | undefined;
    let problem: string | null = null;
    let played;
    try {
      played = playGame({ variant, teams, ...(maxRounds !== undefined ? { maxRounds } : {}) }, gameSeed(seed, game, 0x5eed), progressBot(gameSeed(seed, game, 0xb07)), (state) => {
        const problems = invariantProblems(state, before);
        if (problems.length > 0 && problem === null) problem = problems.join("; ");
        before = state;
      });
    } catch (error) {
      problem = (error as Error).message;
    }
    if (problem === null && played && JSON.stringify(replayGame(played.initial, played.log)) !== JSON.stringify(played.final)) {
      problem = "replaying the recorded actions does not rebuild the final state";
    }
    if (problem !== null || !played) {
      process.stderr.write(`game ${game} (seed ${seed}): ${problem}\n`);
      return 1;
    }
    const { final } = played;
    const outcome = golnardEstafeta.outcome(final);
    if (final.ended === "finished") finished++;
    if (outcome?.winner === null || outcome === null) draws++;
    else winsByLane[final.lanes[outcome.winner]! - 1]!++;
    totalTurns += final.turns;
    if (final.turns > longest.turns) longest = { turns: final.turns, game };
  }
  const seconds = (performance.now() - started) / 1000;
  const rates = winsByLane.map((w, i) => `${i + 1}:${((100 * w) / games).toFixed(1)}%`).join(" ");
  process.stdout.write(
    `golnard-estafeta ${variant} teams=${teams} seed=${seed}: ${games} games, ${finished} finished (${games - finished} at maxRounds, ${draws} drawn), ` +
      `avg turns ${(totalTurns / games).toFixed(1)}, longest ${longest.turns} turns (game ${longest.game}), wins by lane ${rates}, ` +
      `invariants and replay ok, ${seconds.toFixed(1)}s\n`,
  );
  return 0;
}
