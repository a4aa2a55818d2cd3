import { rollNow, passNow } from "../support/engine.js";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { movesNow, playNow } from "../engine/backgammon/helpers.js";
import { describe, expect, it } from "vitest";
import { toPosition } from "../../src/engine/backgammon/board.js";
import { playsFromPositionId } from "../../src/engine/backgammon/id-plays.js";
import { makePositionId } from "../../src/engine/backgammon/position-id.js";
import { backgammon } from "../../src/engine/backgammon/ruleset.js";
import type { BackgammonState } from "../../src/engine/backgammon/state.js";

const BIN = fileURLToPath(new URL("../../bin/tabula", import.meta.url));
const START = "4HPwATDgc/ABMA";

const tabula = (args: string[], input?: string) =>
  spawnSync(process.execPath, [BIN, "moves", ...args], { input, encoding: "utf8", timeout: 60_000 });

/** Positions and rolls from a seeded random game, as the player on roll sees them. */
function samplePositions(count: number): { positionId: string; dice: [number, number] }[] {
  const out: { positionId: string; dice: [number, number] }[] = [];
  let seed = 42;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  while (out.length < count) {
    const setup = backgammon.setup({ options: { matchLength: 1, cube: false } });
    if (!setup.ok) throw new Error(setup.error.message);
    let s: BackgammonState = setup.value;
    while (backgammon.turn(s).phase !== "over" && out.length < count) {
      const turn = backgammon.turn(s);
      const next =
        turn.phase === "roll"
          ? rollNow(backgammon, s, [rnd(6) + 1, rnd(6) + 1])
          : movesNow<string>(backgammon, s).length === 0
            ? passNow(backgammon, s)
            : playNow(backgammon, s, movesNow<string>(backgammon, s)[rnd(movesNow<string>(backgammon, s).length)]!);
      if (!next.ok) throw new Error(next.error.message);
      if (next.value.game.phase === "move") {
        out.push({ positionId: makePositionId(toPosition(next.value.game.board, next.value.game.onRoll!)), dice: [...next.value.game.dice!] });
      }
      s = next.value;
    }
  }
  return out;
}

describe("tabula moves", () => {
  it("lists the plays for a Position ID and a roll, with the ID after each play", () => {
    const r = tabula(["--position-id", START, "--dice", "6-5"]);
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split("\n").map((l) => l.split("\t"));
    expect(lines.map(([notation]) => notation)).toEqual(["24/13", "24/18 13/8", "24/18 8/3", "13/8 13/7", "13/7 8/3", "13/2", "8/3 8/2"]);
    // Worked out by hand from the key: the mover (now not on roll) is encoded first, with six
    // on its 13 point and one on its 24 point; bytes E0 73 F0 03 20 E0 73 F0 01 30.
    expect(lines[0]![1]).toBe("4HPwAyDgc/ABMA");
  });

  it("refuses bad arguments with a usage error", () => {
    expect(tabula(["--dice", "6-5"]).status).toBe(2);
    expect(tabula(["--position-id", START, "--dice", "7-1"]).status).toBe(2);
    expect(tabula(["--position-id", "nonsense", "--dice", "6-5"]).status).toBe(2);
    expect(tabula(["--frobnicate"]).status).toBe(2);
    expect(tabula(["--help"]).status).toBe(0);
  });

  it("answers 500 JSON lines from stdin, one line each, bad lines included", () => {
    const inputs: unknown[] = samplePositions(497);
    inputs.splice(100, 0, "not json");
    inputs.splice(200, 0, { positionId: START, dice: [7, 1] });
    inputs.splice(300, 0, { positionId: "!!", dice: [6, 5] });
    inputs[0] = { positionId: START, dice: [6, 5] };
    const text = inputs.map((x) => (typeof x === "string" ? x : JSON.stringify(x))).join("\n") + "\n";

    const r = tabula([], text);
    expect(r.status).toBe(0);

    const out = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as { plays?: { notation: string; positionId: string }[]; error?: string });
    expect(out).toHaveLength(500);
    expect(out[100]).toEqual({ error: "not valid JSON" });
    expect(out[200]!.error).toMatch(/dice/);
    expect(out[300]!.error).toMatch(/Position ID/);
    expect(out[0]!.plays).toHaveLength(7);
    expect(out[0]!.plays![0]).toEqual({ notation: "24/13", positionId: "4HPwAyDgc/ABMA" });
    inputs.forEach((input, i) => {
      if (typeof input === "string" || out[i]!.error) return;
      const { positionId, dice } = input as { positionId: string; dice: number[] };
      const expected = playsFromPositionId(positionId, dice);
      expect(expected.ok && { plays: expected.value }).toEqual(out[i]);
    });
  });

  it("answers an unplayable roll with no plays", () => {
    // Seen by the player on roll: one checker on the bar against a closed board.
    const closed = makePositionId({
      onRoll: [0, 0, 0, 0, 0, 14, ...new Array<number>(18).fill(0), 1],
      opponent: [2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 3, ...new Array<number>(12).fill(0)],
    });
    const r = tabula([], `${JSON.stringify({ positionId: closed, dice: [6, 5] })}\n`);
    expect(JSON.parse(r.stdout)).toEqual({ plays: [] });
  });
});
