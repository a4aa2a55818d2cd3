import { rollNow, passNow } from "../support/engine.js";
import { describe, expect, it } from "vitest";
import { exportMat } from "../../src/interop/backgammon-mat.js";
import { backgammon } from "../../src/engine/backgammon/ruleset.js";
import type { BackgammonState } from "../../src/engine/backgammon/state.js";
import type { MatchEvent } from "../../src/match/events.js";
import { replay } from "../../src/match/evolve.js";
import { toOutcome } from "../../src/match/outcome.js";
import { playRandomMatch } from "../support/playout.js";
import { value, movesNow, playNow, recorded } from "../engine/backgammon/helpers.js";

/** Builds a valid match log by hand: versions and roll indices are counted here. */
function logBuilder(options: { matchLength: number; cube: boolean }) {
  const log: MatchEvent[] = [];
  let n = 0;
  const add = (type: MatchEvent["type"], data: unknown) =>
    log.push({ version: log.length + 1, type, at: "2026-01-01T00:00:00.000Z", data } as MatchEvent);
  add("MatchCreated", { matchId: "m", ruleset: "backgammon", options, seats: 2, diceCommitment: "c" });
  return {
    log,
    roll: (seat: number, a: number, b: number) => add("DiceRolled", { seat, n: n++, values: [a, b] }),
    move: (seat: number, move: string) => add("MovePlayed", { seat, move }),
    pass: (seat: number) => add("TurnPassed", { seat, reason: "NO_LEGAL_MOVE" }),
    finish: () => {
      const game = replay(log).game as BackgammonState;
      const outcome = backgammon.outcome(game);
      if (!outcome) throw new Error("the match is not over");
      add("MatchFinished", { outcome: toOutcome(outcome, backgammon.sides(game)), diceSeed: "00" });
    },
  };
}

/** A random position with a roll to play, reached by seeded random play. */
function* randomMoveStates(seed: number, count: number): Generator<BackgammonState> {
  let s = seed;
  const rnd = (k: number) => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s % k;
  };
  let found = 0;
  while (found < count) {
    let state = value(backgammon.setup({ options: { matchLength: 1, cube: false } }));
    while (backgammon.turn(state).phase !== "over" && found < count) {
      const turn = backgammon.turn(state);
      if (turn.phase === "roll") {
        state = value(rollNow(backgammon, state, [rnd(6) + 1, rnd(6) + 1]));
        continue;
      }
      const moves = movesNow<string>(backgammon, state);
      if (moves.length === 0) {
        state = value(passNow(backgammon, state));
        continue;
      }
      found++;
      yield state;
      state = value(playNow(backgammon, state, moves[rnd(moves.length)]!));
    }
  }
}

/** Other ways to write a play: parts reversed, `-` for `/`, upper case, without `*`, repeats unfolded. */
function spellings(move: string): string[] {
  const parts = move.split(" ");
  const unfolded = parts.flatMap((p) => {
    const m = /^(.*)\((\d)\)$/.exec(p);
    return m ? new Array<string>(Number(m[2])).fill(m[1]!) : [p];
  });
  return [
    [...parts].reverse().join(" "),
    move.replace(/\//g, "-").toUpperCase(),
    move.replace(/\*/g, ""),
    unfolded.join(" "),
    [...unfolded].reverse().join(", "),
  ];
}

describe("backgammon: the move as the log records it", () => {
  it("records the listed canonical string for any accepted spelling", () => {
    let checked = 0;
    for (const state of randomMoveStates(7, 60)) {
      const legal = movesNow<string>(backgammon, state);
      for (const move of legal) {
        expect(recorded(backgammon, state, move)).toBe(move);
        for (const spelling of spellings(move)) {
          const played = playNow(backgammon, state, spelling);
          if (!played.ok) continue;
          const normal = recorded(backgammon, state, spelling);
          expect(legal).toContain(normal);
          expect(value(playNow(backgammon, state, normal))).toEqual(played.value);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it("normalizes concrete spellings and cube actions", () => {
    const b = logBuilder({ matchLength: 3, cube: true });
    b.roll(0, 3, 1);
    b.move(0, "8/5 6/5");
    b.roll(1, 6, 2);
    b.move(1, "24/18 13/11");
    b.roll(0, 6, 1);
    const state = replay(b.log).game as BackgammonState;
    expect(recorded(backgammon, state, "8/7 13/7")).toBe("13/7* 8/7");
    expect(recorded(backgammon, state, "13-7 8-7*")).toBe("13/7* 8/7");
    expect(recorded(backgammon, state, "8/2 24/23")).toBe("24/23 8/2");
    b.move(0, "13/7* 8/7");
    b.roll(1, 6, 6);
    b.pass(1);
    const cube = replay(b.log).game as BackgammonState;
    expect(recorded(backgammon, cube, " Double")).toBe("double");
  });
});

describe("exportMat", () => {
  it("writes a hand-built match as gnubg's .mat export does", () => {
    const b = logBuilder({ matchLength: 2, cube: true });
    b.roll(0, 2, 2); // tied opening roll: rolled again, not written
    b.roll(1, 3, 1); // seat 0 wins the opening and plays 31
    b.move(0, "8/5 6/5");
    b.roll(1, 6, 2);
    b.move(1, "24/18 13/11");
    b.roll(0, 6, 1);
    b.move(0, "13/7* 8/7");
    b.roll(1, 6, 6); // on the bar against a closed 6-point: no play
    b.pass(1);
    b.move(0, "double");
    b.move(1, "take");
    b.roll(0, 5, 2);
    b.move(0, "13/8 6/4");
    b.roll(1, 4, 3);
    b.move(1, "bar/22 13/9");
    b.roll(0, 6, 5);
    b.move(0, "24/13");
    b.move(1, "double");
    b.move(0, "drop");
    b.finish();
    expect(exportMat(b.log, ["Alice", "Bob"])).toBe(
      [
        "",
        " 2 point match",
        "",
        " Game 1",
        " Alice : 0                      Bob : 0",
        "  1) 31: 8/5 6/5                 62: 24/18 13/11",
        "  2) 61: 13/7* 8/7               66: ",
        "  3)  Doubles => 2                Takes",
        "  4) 52: 13/8 6/4                43: bar/22 13/9",
        "  5) 65: 24/13                    Doubles => 4",
        "  6)  Drops                       Wins 2 points and the match ",
        "",
        "",
      ].join("\n"),
    );
  });

  it("puts an opening won by player 2 in the right column, a drop by player 2 and an unfinished game", () => {
    const b = logBuilder({ matchLength: 3, cube: true });
    b.roll(1, 1, 4); // seat 1 wins the opening
    b.move(1, "24/23 13/9");
    b.move(0, "double");
    b.move(1, "drop");
    b.roll(0, 5, 2); // game 2: seat 0 wins the opening
    b.move(0, "13/8 13/11");
    b.roll(1, 3, 3); // rolled, not yet played: left out
    expect(exportMat(b.log)).toBe(
      [
        "",
        " 3 point match",
        "",
        " Game 1",
        " Player1 : 0                    Player2 : 0",
        "  1)                             14: 24/23 13/9",
        "  2)  Doubles => 2                Drops",
        "      Wins 1 point",
        "",
        " Game 2",
        " Player1 : 1                    Player2 : 0",
        `  1) 52: 13/8 13/11${" ".repeat(14)}`,
        "",
      ].join("\n"),
    );
  });

  it("ends a game resigned and accepted with the winner's line (a gammon: twice the cube)", () => {
    const b = logBuilder({ matchLength: 3, cube: true });
    b.roll(0, 6, 5);
    b.move(0, "24/13");
    b.log.push({ version: b.log.length + 1, type: "ResignationOffered", at: "2026-01-01T00:00:00.000Z", data: { seat: 1, value: "gammon" } });
    b.log.push({ version: b.log.length + 1, type: "ResignationAccepted", at: "2026-01-01T00:00:00.000Z", data: { seat: 0, resigned: 1, value: "gammon" } });
    b.roll(1, 1, 3); // game 2: seat 1 wins the opening
    b.move(1, "8/5 6/5");
    const lines = exportMat(b.log).split("\n");
    expect(lines.slice(5, 11)).toEqual([`  1) 65: 24/13${" ".repeat(19)}`, "      Wins 2 points", "", " Game 2", " Player1 : 2                    Player2 : 0", "  1)                             13: 8/5 6/5"]);
  });

  it("replaces blanks and colons in names, which gnubg reads as one word", () => {
    const b = logBuilder({ matchLength: 1, cube: false });
    b.roll(0, 6, 5);
    b.move(0, "24/13");
    expect(exportMat(b.log, ["Ann Lee", "B:o b"]).split("\n")[4]).toBe(" Ann_Lee : 0                    B_o_b : 0");
  });

  it("refuses a log of another ruleset", () => {
    const log = [{ version: 1, type: "MatchCreated", at: "t", data: { matchId: "m", ruleset: "golnard-estafeta", options: {}, seats: 2, diceCommitment: "c" } }] as MatchEvent[];
    expect(() => exportMat(log)).toThrow(/only backgammon/);
  });

  /** The cells of the move lines, in order: `DD: move`, `Doubles => N`, `Takes`, `Drops`. */
  const cellsOf = (mat: string): string[] =>
    mat
      .split("\n")
      .filter((line) => /^\s*\d+\) /.test(line))
      .flatMap((line) => [...line.replace(/^\s*\d+\) /, "").matchAll(/\d\d: ?(?:(?!\d\d:)[^ ]+(?: (?!\d\d:)[^ ]+)*)?|Doubles => \d+|Takes|Drops/g)].map((m) => m[0].trim()));

  it.each([1, 2, 3, 4, 5, 6])("exports a random 3-point match with the cube (seed %i)", (seed) => {
    const { log, final } = playRandomMatch(seed, { ruleset: "backgammon", options: { matchLength: 3, cube: true } });
    const state = final.game as BackgammonState;
    const mat = exportMat(log, ["Alice", "Bob"]);
    const lines = mat.split("\n");
    expect(lines.slice(0, 3)).toEqual(["", " 3 point match", ""]);

    // One block per game, numbered in order, with the score before it.
    const headers = lines.flatMap((l, k) => (/^ Game \d+$/.test(l) ? [[l, lines[k + 1]!]] : []));
    expect(headers.map(([h]) => h)).toEqual(state.games.map((_, k) => ` Game ${k + 1}`));
    const score: [number, number] = [0, 0];
    state.games.forEach((g, k) => {
      expect(headers[k]![1]).toBe(` ${`Alice : ${score[0]}`.padEnd(31)}Bob : ${score[1]}`);
      score[g.winner] += g.points;
    });

    // Every move of the log, in order; a pass is the roll alone.
    const expected: string[] = [];
    let dice = "";
    let match = replay(log.slice(0, 1));
    for (const event of log.slice(1)) {
      const before = match.game as BackgammonState;
      match = replay([event], match);
      if (event.type === "DiceRolled") dice = event.data.values.join("");
      if (event.type === "TurnPassed") expected.push(`${dice}:`);
      if (event.type === "MovePlayed") {
        const move = event.data.move as string;
        if (move === "double") expected.push(`Doubles => ${before.game.cube.value * 2}`);
        else if (move === "take") expected.push("Takes");
        else if (move === "drop") expected.push("Drops");
        else expected.push(`${dice}: ${move}`);
      }
    }
    expect(cellsOf(mat)).toEqual(expected);

    // Every game ends with its result, the last one with the match.
    const wins = lines.filter((l) => /Wins \d+ points?/.test(l)).map((l) => /Wins .*$/.exec(l)![0].trimEnd());
    expect(wins).toEqual(state.games.map((g, k) => `Wins ${g.points} point${g.points === 1 ? "" : "s"}${k === state.games.length - 1 ? " and the match" : ""}`));
    expect(mat.endsWith("\n\n")).toBe(true);
  });

  // playRandomMatch always rolls when a roll is due, so it never doubles: cube lines are covered
  // by the hand-built logs above.
  it("covers passes and bear-offs by both players over the random matches", () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      const mat = exportMat(playRandomMatch(seed, { ruleset: "backgammon", options: { matchLength: 3, cube: true } }).log);
      for (const line of mat.split("\n")) {
        if (/^ {34}Wins/.test(line)) seen.add("right wins");
        if (/^ {6}Wins/.test(line)) seen.add("left wins");
        if (/\d\d: $/.test(line) || /^\s*\d+\) \d\d: {24}/.test(line)) seen.add("pass");
      }
    }
    expect([...seen].sort()).toEqual(["left wins", "pass", "right wins"]);
  });
});
