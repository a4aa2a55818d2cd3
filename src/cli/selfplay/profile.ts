import type { Playout } from "../../match/playout.js";
import type { MatchState } from "../../match/state.js";

/** Flag values as `node:util` parseArgs gives them. */
export type Flags = Readonly<Record<string, string | undefined>>;

/** Collects figures over the games of one run and prints them. */
export interface Tally {
  add(game: Playout, index: number): void;
  /** The run's figures, one line without the newline. */
  summary(games: number): string;
}

/** What `tabula selfplay <ruleset>` needs to know of one ruleset. */
export interface SelfplayProfile {
  /** This ruleset's own flags with their defaults and a word of help each. */
  readonly flags: Readonly<Record<string, { readonly default?: string; readonly help: string }>>;
  /** The createMatch input for these flags (merged under `--options`), or what is wrong with them. */
  setup(flags: Flags): { options: Record<string, unknown>; seats?: number | undefined } | string;
  /**
   * What one playout is called in the summary line ("3 games, ..."): `games` unless the ruleset
   * says otherwise (a backgammon playout is a match of several games, which its figures count).
   */
  readonly unit?: string;
  /** Words after the ruleset id in the summary line (e.g. `stayer teams=3`). */
  title(flags: Flags, options: Record<string, unknown>, seats: number): string;
  /** The bot levels self-play pits against each other without `--levels` (by side, as there). */
  readonly levels: readonly string[];
  /** Problems of a state reached by a command, given the one before (engine invariants). */
  invariants(state: MatchState, before: MatchState | undefined): string[];
  tally(): Tally;
}

/** An integer flag in a range, or the usage message for it. */
export function intFlag(text: string | undefined, name: string, min: number, max: number): number | string {
  const n = Number(text);
  return text !== undefined && Number.isInteger(n) && n >= min && n <= max ? n : `--${name} must be an integer in ${min}..${max}`;
}
