import { parseArgs } from "node:util";
import { getRuleset, isRulesetId, type RulesetId } from "../engine/registry.js";
import { replay } from "../match/evolve.js";
import { playout, type Playout } from "../match/playout.js";
import type { MatchState } from "../match/state.js";
import { backgammonProfile } from "./selfplay/backgammon.js";
import { estafetaProfile } from "./selfplay/golnard-estafeta.js";
import { footballProfile } from "./selfplay/golnard-football.js";
import { golProfile } from "./selfplay/gol.js";
import { levelChooser, parseLevels } from "./selfplay/levels.js";
import { intFlag, type SelfplayProfile } from "./selfplay/profile.js";
import { BOT_LEVELS } from "../engine/bots.js";

/** Every ruleset self-play knows; each profile brings its bot, invariants and figures. */
const PROFILES: Partial<Record<RulesetId, SelfplayProfile>> = {
  backgammon: backgammonProfile,
  "golnard-estafeta": estafetaProfile,
  "golnard-football": footballProfile,
  gol: golProfile,
};

const usage = (): string => {
  const lines = Object.entries(PROFILES).map(
    ([id, p]) => `  tabula selfplay ${id} ${Object.entries(p!.flags).map(([flag, f]) => `[--${flag} ${f.help}]`).join(" ")}`,
  );
  const levels = Object.keys(PROFILES).map((id) => `  ${id}: ${BOT_LEVELS[id as RulesetId].join(", ")} (default ${PROFILES[id as RulesetId]!.levels.join(",")})`);
  return `usage: tabula selfplay <ruleset> [--games N] [--seed S] [--seats N] [--options JSON] [--levels A,B] [ruleset flags]
${lines.join("\n")}
Plays N games between the ruleset's bots through the match layer (dice from the seed), checks the
invariants after every command and that replaying each log rebuilds its final state, and prints
one summary line. Exits 1 on any problem, 2 on bad arguments.
--levels names the bot level of each side (one level: every side plays it). With two or more
different levels the sides swap levels every other game, and the summary says how each did.
Bot levels, weakest first:
${levels.join("\n")}
`;
};

const COMMON_FLAGS = {
  games: { type: "string", default: "100" },
  seed: { type: "string", default: "1" },
  seats: { type: "string" },
  options: { type: "string" },
  levels: { type: "string" },
} as const;

interface Settings {
  readonly id: RulesetId;
  readonly profile: SelfplayProfile;
  readonly games: number;
  readonly seed: number;
  readonly seats: number | undefined;
  readonly options: Record<string, unknown>;
  readonly title: string;
  /** The bot level of each side; rotated by one side every other game when they differ. */
  readonly levels: readonly string[];
  /** Whether `--levels` was given: the summary then reports results by level. */
  readonly byLevel: boolean;
}

function parse(argv: string[]): Settings | string {
  const id = argv[0];
  const profile = id !== undefined && isRulesetId(id) ? PROFILES[id] : undefined;
  if (!profile || !id || !isRulesetId(id)) return `selfplay knows these rulesets: ${Object.keys(PROFILES).join(", ")}`;
  const own = Object.fromEntries(Object.entries(profile.flags).map(([flag, f]) => [flag, { type: "string" as const, ...(f.default !== undefined ? { default: f.default } : {}) }]));
  let values: Record<string, string | undefined>;
  try {
    const parsed = parseArgs({ args: argv.slice(1), allowPositionals: false, options: { ...COMMON_FLAGS, ...own } });
    values = parsed.values as Record<string, string | undefined>;
  } catch (error) {
    return (error as Error).message;
  }
  const games = intFlag(values.games, "games", 1, 1_000_000);
  const seed = intFlag(values.seed, "seed", 0, 2 ** 31 - 1);
  const seats = values.seats === undefined ? undefined : intFlag(values.seats, "seats", 1, 64);
  for (const v of [games, seed, seats]) if (typeof v === "string") return v;
  const levels = values.levels === undefined ? [...profile.levels] : parseLevels(id, values.levels);
  if (typeof levels === "string") return levels;
  const setup = profile.setup(values);
  if (typeof setup === "string") return setup;
  let extra: unknown = {};
  if (values.options !== undefined) {
    try {
      extra = JSON.parse(values.options);
    } catch {
      return "--options must be a JSON object";
    }
    if (extra === null || typeof extra !== "object" || Array.isArray(extra)) return "--options must be a JSON object";
  }
  const options = { ...setup.options, ...(extra as Record<string, unknown>) };
  const seatCount = (seats as number | undefined) ?? setup.seats;
  const byLevel = values.levels !== undefined;
  const title = `${profile.title(values, options, seatCount ?? 0)}${byLevel ? ` levels=${levels.join(",")}` : ""}`;
  return { id, profile, games: games as number, seed: seed as number, seats: seatCount, options, title, levels, byLevel };
}

/** Distinct, reproducible seeds per game: the run's seed and the game's index mixed by a large odd constant. */
const gameSeed = (seed: number, game: number, salt: number): number => (Math.imul(seed ^ salt, 0x9e3779b1) + Math.imul(game + 1, 0x85ebca6b)) >>> 0;

/** The levels by side in game `index`: rotated by one every other game, so no level keeps one seat. */
const levelsOf = (settings: Settings, index: number): string[] => {
  const l = settings.levels;
  return index % 2 === 1 && l.length > 1 ? [...l.slice(1), l[0]!] : [...l];
};

/** How each level did: games won, and games won by no single side (draws, shared firsts). */
function levelTally(settings: Settings) {
  const won = new Map<string, number>(settings.levels.map((l) => [l, 0]));
  let none = 0;
  return {
    add(game: Playout, index: number): void {
      const side = game.final.outcome?.winningSide ?? null;
      const sides = getRuleset(settings.id).sides(game.final.game).map((s) => s.side);
      const at = side === null ? -1 : sides.indexOf(side);
      if (at < 0) none++;
      else {
        const levels = levelsOf(settings, index);
        const level = levels[at % levels.length]!;
        won.set(level, won.get(level)! + 1);
      }
    },
    summary(games: number): string {
      const pct = (n: number) => `${((100 * n) / games).toFixed(1)}%`;
      return `won by level: ${[...won].map(([l, n]) => `${l} ${pct(n)}`).join(", ")}, by no single side ${pct(none)}`;
    },
  };
}

/** One game; the first problem found, if any. */
function playOne(settings: Settings, index: number): { game: Playout | null; problem: string | null } {
  const { profile, seed } = settings;
  let before: MatchState | undefined;
  let problem: string | null = null;
  let game: Playout | null = null;
  try {
    game = playout({
      ruleset: settings.id,
      options: settings.options,
      seats: settings.seats,
      seed: gameSeed(seed, index, 0x5eed),
      choose: levelChooser(settings.id, levelsOf(settings, index), gameSeed(seed, index, 0xb07)),
      check: (state) => {
        const problems = profile.invariants(state, before);
        if (problems.length > 0 && problem === null) problem = `after version ${state.version}: ${problems.join("; ")}`;
        before = state;
      },
    });
  } catch (error) {
    problem = (error as Error).message;
  }
  if (problem === null && game && JSON.stringify(replay(game.log)) !== JSON.stringify(game.final)) {
    problem = "replaying the log does not rebuild the final state";
  }
  return { game, problem };
}

export async function run(argv: string[]): Promise<number> {
  const settings = parse(argv);
  if (typeof settings === "string") {
    process.stderr.write(`${settings}\n${usage()}`);
    return 2;
  }
  const started = performance.now();
  const tally = settings.profile.tally();
  const levels = levelTally(settings);
  for (let index = 0; index < settings.games; index++) {
    const { game, problem } = playOne(settings, index);
    if (problem !== null || !game) {
      process.stderr.write(`game ${index} (seed ${settings.seed}): ${problem}\n`);
      return 1;
    }
    tally.add(game, index);
    levels.add(game, index);
  }
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `${settings.id} ${settings.title} seed=${settings.seed}: ${settings.games} ${settings.profile.unit ?? "games"}, ${tally.summary(settings.games)}${settings.byLevel ? `, ${levels.summary(settings.games)}` : ""}, invariants and replay ok, ${seconds.toFixed(1)}s\n`,
  );
  return 0;
}
