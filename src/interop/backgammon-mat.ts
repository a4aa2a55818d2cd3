import type { MatchEvent } from "../match/events.js";
import { evolve } from "../match/evolve.js";
import type { MatchState } from "../match/state.js";
import type { BackgammonState } from "../engine/backgammon/state.js";

// A match log as a Jellyfish .mat text file, laid out the way gnubg's `export match mat`
// (ExportMatchMat / ExportGameJF in gnubg's export.c) writes it, so `import mat` reads it back:
//
//    3 point match
//
//    Game 1
//    Alice : 0                          Bob : 0
//     1)                             31: 8/5 6/5
//     2) 62: 24/18 13/11             64: 24/14
//     3)  Doubles => 2                Takes
//   ...
//                                     Wins 1 point
//
// Each numbered line holds one move of player 1 (seat 0, left column, starting at column 5) and
// the answer of player 2 (seat 1, right column, starting at column 33). A cell is `DD: move`, with
// the move in the mover's own numbering (the engine's notation already is), ` Doubles => N`,
// ` Takes` or ` Drops`; a roll that cannot be played is `DD: ` with no move. The opening roll is
// written once, in the column of the seat that won it, with both dice as rolled (seat 0's die
// first, as gnubg records the opening); tied opening rolls are not written.

const LEFT_CELL = 27;
const WINS_LEFT = "\n      ";
const WINS_RIGHT = " ".repeat(34);
const DROP_LEFT = "\n      ";
const DROP_RIGHT = " ".repeat(23);

export const DEFAULT_MAT_NAMES: readonly [string, string] = ["Player1", "Player2"];

/** gnubg reads a name as one word before ` : score`: blanks and colons are replaced. */
const matName = (name: string, fallback: string): string => {
  const cleaned = name.trim().replace(/[\s:]+/g, "_");
  return cleaned.length > 0 ? cleaned : fallback;
};

const points = (n: number): string => `${n} point${n === 1 ? "" : "s"}`;

/** Writes the move cells of one game, alternating the two columns as gnubg does. */
class GameWriter {
  /** Half-moves written in this game: even = the next cell is the left one. */
  private i = 0;
  constructor(private readonly out: string[]) {}

  /** Writes `text` in `seat`'s column, first closing or skipping the other column if needed. */
  cell(seat: number, text: string): void {
    if ((this.i & 1) !== seat) {
      if (this.i & 1) this.out.push("\n");
      else this.out.push(`${this.number()} ${"".padEnd(LEFT_CELL)} `);
      this.i++;
    }
    if (this.i & 1) this.out.push(`${text}\n`);
    else this.out.push(`${this.number()} ${text.padEnd(LEFT_CELL)} `);
    this.i++;
  }

  /** The game ends with a dropped double: the doubler's win is written beside ` Drops`. */
  drop(seat: number, wins: string): void {
    this.cell(seat, ` Drops${seat === 1 ? DROP_LEFT : DROP_RIGHT}${wins}`);
    this.out.push(seat === 1 ? "\n" : "\n\n");
  }

  /** The game ends with the last checker borne off by `winner`, who just moved. */
  bearOff(winner: number, wins: string): void {
    this.out.push(`${winner === 1 ? WINS_RIGHT : WINS_LEFT}${wins}\n\n`);
  }

  /** An unfinished game: closes a line left open after a left-column cell. */
  close(): void {
    if (this.i & 1) this.out.push("\n");
  }

  private number(): string {
    return `${String((this.i >> 1) + 1).padStart(3)})`;
  }
}

/**
 * Exports a backgammon match log as a gnubg-importable .mat file. A finished match gets every
 * game with its result and ` and the match` on the last; an unfinished one is exported as far as
 * it was played (a roll not yet played is left out). Seat 0 is player 1 (the left column).
 */
export function exportMat(events: readonly MatchEvent[], names: readonly [string, string] = DEFAULT_MAT_NAMES): string {
  const [name0, name1] = [matName(names[0], DEFAULT_MAT_NAMES[0]), matName(names[1], DEFAULT_MAT_NAMES[1])];
  const first = events[0];
  if (!first || first.type !== "MatchCreated") throw new Error("a match log starts with MatchCreated");
  if (first.data.ruleset !== "backgammon") throw new Error(`only backgammon matches can be exported as .mat, not ${first.data.ruleset}`);

  let match: MatchState = evolve(null, first);
  const bg = (): BackgammonState => match.game as BackgammonState;
  const out: string[] = ["\n", ` ${bg().options.matchLength} point match\n\n`];
  let writer: GameWriter | null = null;
  let headed = 0;
  let dice: readonly number[] | null = null;

  const startGame = (): GameWriter => {
    const state = bg();
    if (writer && headed === state.game.number) return writer;
    writer?.close();
    headed = state.game.number;
    out.push(` Game ${headed}\n`);
    out.push(` ${`${name0} : ${state.score[0]}`.padEnd(31)}${name1} : ${state.score[1]}\n`);
    writer = new GameWriter(out);
    return writer;
  };

  for (const event of events.slice(1)) {
    const before = bg();
    if (event.type === "MatchFinished") {
      match = evolve(match, event);
      continue;
    }
    const game = event.type === "DiceRolled" && before.game.phase === "opening" ? null : startGame();
    match = evolve(match, event);
    const after = bg();
    const ended = after.games.length > before.games.length ? after.games[after.games.length - 1]! : null;
    const wins = ended ? `Wins ${points(ended.points)}${after.game.phase === "over" ? " and the match" : ""}` : "";

    switch (event.type) {
      case "DiceRolled":
        // A tied opening roll is rolled again and never written; the winning one is.
        dice = after.game.phase === "move" ? event.data.values : null;
        break;
      case "TurnPassed":
        startGame().cell(event.data.seat, `${(dice ?? []).join("")}: `);
        dice = null;
        break;
      case "MovePlayed": {
        const w = game ?? startGame();
        const seat = event.data.seat;
        const move = String(event.data.move).trim();
        const word = move.toLowerCase();
        if (word === "double") w.cell(seat, ` Doubles => ${after.game.cube.value * 2}`);
        else if (word === "take") w.cell(seat, " Takes");
        else if (word === "drop") w.drop(seat, wins);
        else {
          w.cell(seat, `${(dice ?? []).join("")}: ${move}`);
          dice = null;
          if (ended) w.bearOff(seat, wins);
        }
        if (ended) writer = null;
        break;
      }
      case "ResignationAccepted":
        // The resigned game ends with the winner's line, as one borne off would; the format has
        // no word for a resignation (and none for a match conceded or timed out: those games stay open).
        if (ended) {
          (game ?? startGame()).bearOff(ended.winner, wins);
          writer = null;
        }
        break;
    }
  }
  (writer as GameWriter | null)?.close();
  return out.join("");
}
