import type { EstafetaMove } from "../../../src/engine/golnard-estafeta/options.js";
import { playNow, movesNow, recorded } from "../../support/engine.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { progressBot } from "../../../src/engine/golnard-estafeta/bot.js";
import { prng } from "../../../src/engine/common/prng.js";
import { zoneOf } from "../../../src/engine/golnard-estafeta/board.js";
import { exhaustiveLegalMoves } from "../../../src/engine/golnard-estafeta/oracle.js";
import { walkRoute, isProblem } from "../../../src/engine/golnard-estafeta/route.js";
import type { EstafetaState } from "../../../src/engine/golnard-estafeta/state.js";
import { isZoneStep } from "../../../src/engine/golnard-estafeta/zones.js";
import { gateRule } from "../../../src/engine/golnard-estafeta/crossing.js";
import { botGame, keys, rules, recordedMove } from "./fixtures.js";

/** Mid-game positions (move phase) from seeded bot games of every size and both variants. */
function corpus(): EstafetaState[] {
  const out: EstafetaState[] = [];
  for (const variant of ["sprint", "stayer"] as const) {
    for (let teams = 2; teams <= 5; teams++) {
      const pick = prng(teams * 17 + (variant === "stayer" ? 1 : 0));
      botGame({ variant, teams }, 1000 + teams, progressBot(teams), (s) => {
        if (s.stage === "play" && s.dice && pick() < (variant === "sprint" ? 0.5 : 0.12)) out.push(s);
      });
    }
  }
  return out;
}
const CORPUS = corpus();

/** The same position with other dice (and the turn's visited cells reset to the tokens' cells). */
const withDice = (s: EstafetaState, dice: readonly [number, number], extraVisited: readonly (readonly number[])[] = []): EstafetaState => ({
  ...s,
  dice: [dice[0], dice[1]],
  visited: s.tokens[s.toMove]!.map((t, i) => (t.cell === null ? [] : [...(extraVisited[i] ?? []).filter((c) => c !== t.cell), t.cell])),
});

describe("the path search agrees with the exhaustive enumeration of routes", () => {
  it("on mid-game positions with small dice", () => {
    expect(CORPUS.length).toBeGreaterThan(150);
    fc.assert(
      fc.property(fc.nat(CORPUS.length - 1), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 3 }), (i, a, b) => {
        const s = withDice(CORPUS[i]!, [a, b]);
        expect(keys(movesNow<EstafetaMove>(rules, s))).toEqual(keys(exhaustiveLegalMoves(s)));
      }),
      { numRuns: 150 },
    );
  });

  it("on cramped positions (most cells already entered this turn), with any dice", () => {
    let compared = 0;
    fc.assert(
      fc.property(
        fc.nat(CORPUS.length - 1),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 6 }),
        fc.uniqueArray(fc.nat(143), { minLength: 60, maxLength: 96 }),
        (i, a, b, keep) => {
          // Every cell but the kept ones counts as entered earlier this turn: 15 to 24 free cells a zone.
          const free = new Set(keep);
          const entered = Array.from({ length: 144 }, (_, c) => c).filter((c) => !free.has(c));
          const base = CORPUS[i]!;
          const s = withDice(base, [a, b], base.tokens[base.toMove]!.map(() => entered));
          const found = keys(movesNow<EstafetaMove>(rules, s));
          expect(found).toEqual(keys(exhaustiveLegalMoves(s)));
          compared += found.length;
        },
      ),
      { numRuns: 80 },
    );
    expect(compared).toBeGreaterThan(1000); // the positions are cramped, not empty
  });

  it("lists only actions that play accepts, each with a route the route checker validates", () => {
    for (const s of CORPUS.slice(0, 60)) {
      for (const m of movesNow<EstafetaMove>(rules, s)) {
        const r = playNow(rules, s, m);
        expect(r.ok, JSON.stringify(m)).toBe(true);
        const recorded = recordedMove(s, m);
        expect({ ...recorded, path: undefined }).toEqual({ ...m, path: undefined });
      }
    }
  });

  it("finds every random legal route, whatever the dice (completeness beyond the oracle's reach)", () => {
    fc.assert(
      fc.property(fc.nat(CORPUS.length - 1), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), fc.integer(), (i, a, b, seed) => {
        const s = withDice(CORPUS[i]!, [a, b]);
        const legal = new Set(keys(movesNow<EstafetaMove>(rules, s)));
        const random = prng(seed);
        const team = s.toMove;
        const lane = s.lanes[team]!;
        const occupied = new Set<number>();
        for (const list of s.tokens) for (const t of list) if (t.cell !== null) occupied.add(t.cell);
        const ctx = { variant: s.variant, lane, tokens: s.tokens[team]!, progress: s.progress[team]!, occupied };
        s.tokens[team]!.forEach((t, mover) => {
          if (t.status !== "active" || t.cell === null) return;
          for (let tries = 0; tries < 6; tries++) {
            // A random self-avoiding walk of up to a + b steps through legal steps only.
            const path: number[] = [];
            const seen = new Set<number>([t.cell]);
            let cur = t.cell;
            let progress = ctx.progress;
            const target = 1 + Math.floor(random() * (a + b));
            while (path.length < target) {
              const options: number[] = [];
              for (let c = 0; c < 144; c++) if (isZoneStep(cur, c) && !seen.has(c) && !occupied.has(c)) options.push(c);
              const rule = gateRule(s.variant, lane, ctx.tokens, progress, mover, zoneOf(cur));
              if (cur === rule.gate.g[0] && rule.kind === "cross" && !seen.has(rule.gate.h0) && !occupied.has(rule.gate.h0)) options.push(rule.gate.h0);
              if (options.length === 0) break;
              const next = options[Math.floor(random() * options.length)]!;
              if (zoneOf(next) !== zoneOf(cur) && rule.first) progress++;
              path.push(next);
              seen.add(next);
              cur = next;
            }
            const out = walkRoute(ctx, mover, s.visited[mover]!, path, false);
            if (isProblem(out) || out.steps === 0) continue;
            const token = "ABCD"[mover];
            const at = `${cur % 12},${Math.floor(cur / 12)}`;
            for (const [die, l] of [["first", a], ["second", b === a ? 0 : b], ["both", a + b]] as const) {
              if (l === 0) continue;
              if (out.steps === l || (die !== "both" && out.steps < l && out.deadEnd)) expect(legal, `${token} ${die} ${at} ${out.steps}`).toContain(`${token} ${die} ${at} ${out.steps}`);
            }
          }
        });
      }),
      { numRuns: 120 },
    );
  });
});
