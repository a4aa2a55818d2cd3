import { greedyBot, type Bot } from "../common/bot.js";
import { cellAt, cellOf, chebyshev, FORWARD, halfOf, isPenaltyArea, NEIGHBOURS, toGoalLine, type Cell, type Direction } from "./board.js";

const KEEPER_HOME: readonly [Cell, Cell] = [cellOf(1, 4), cellOf(18, 5)];
import { occWithout } from "./context.js";
import { flight } from "./kick.js";
import type { FootballMove } from "./move-schema.js";
import { runOutcome, shot, slideEnd } from "./penalty.js";
import { keeperOf, occupancy, sideOfToken, tokenIndex, type FootballState, type TurnStage } from "./state.js";
import { otherIndex, type SideIndex } from "../common/home-away.js";

/**
 * A football bot: it runs at the ball, takes it, passes to team-mates (for the pass bonus) and
 * shoots. Each legal action gets a score from the geometry alone (where the ball ends, how much
 * nearer the goal, what a kick does by the kick rules); the bot takes the best with probability
 * `greed` and any legal action otherwise, so games vary. Seeded: a game replays from its seed.
 */
export const footballBot = (seed: number, greed = 0.9): Bot<FootballState, FootballMove> => greedyBot(seed, greed, scorer);

/** Scores actions in `state` for the side to act: higher is better. */
export function scorer(state: FootballState): (m: FootballMove) => number {
  const t = state.stage as TurnStage;
  const side = t.side;
  const occ = occupancy(state.tokens);
  const ball = state.ball;
  const gain = (from: Cell, to: Cell): number => toGoalLine(side, from) - toGoalLine(side, to);
  const near = (cell: Cell, of: SideIndex, except = -1): boolean => {
    for (let j = of * 11; j < of * 11 + 11; j++) if (j !== except && NEIGHBOURS[cell]!.includes(state.tokens[j]!)) return true;
    return false;
  };
  const kickValue = (i: number, from: Cell, dir: Direction, length: number, occupied: Int8Array, second: boolean): number => {
    const f = flight(state.tokens, occupied, i, from, dir, length, t.offside.includes(i));
    switch (f.kind) {
      case "goal":
        return f.against === side ? -2000 : 1000;
      case "catch":
        return -40;
      case "out":
        return sideOfToken(f.lastToucher) === side ? -30 : -5;
      case "illegal":
        return -1000;
      case "land": {
        let v = 5 * gain(from, f.cell);
        const keeper = state.tokens[keeperOf(otherIndex(side))]!;
        if (state.rules.penalties && chebyshev(keeper, f.cell) === 1) v += 150;
        if (second && near(f.cell, side, i)) v += 60;
        if (near(f.cell, otherIndex(side))) v -= 15;
        if (toGoalLine(side, f.cell) > 15) v -= 20;
        return v;
      }
    }
  };
  return (m) => {
    switch (m.type) {
      case "walk": {
        const i = tokenIndex(side, m.token);
        const from = state.tokens[i]!;
        const to = cellAt(m.to);
        const keeperOut = i % 11 === 0 && !(isPenaltyArea(to) && halfOf(to) === side);
        if (keeperOut) return -50;
        if (m.ball) {
          if (!m.drop) return 80 + 2 * (ball === null ? 0 : gain(ball, to));
          return 10 + 4 * (ball === null ? 0 : gain(ball, cellAt(m.drop))) - (near(cellAt(m.drop), otherIndex(side)) ? 10 : 0);
        }
        if (ball === null) return 0;
        // Keepers stay home (outside its area a keeper risks a penalty); field tokens run at the ball.
        if (i % 11 === 0) return -chebyshev(to, KEEPER_HOME[side]);
        const closer = chebyshev(from, ball) - chebyshev(to, ball);
        return closer * (chebyshev(from, ball) <= 8 ? 3 : 1) + (toGoalLine(side, to) < toGoalLine(side, ball) ? -1 : 0);
      }
      case "kick": {
        const i = tokenIndex(side, m.token);
        return kickValue(i, state.tokens[i]!, m.direction, m.die, occ, t.actions === 1);
      }
      case "walkKick": {
        const i = tokenIndex(side, m.token);
        return kickValue(i, cellAt(m.stop), m.direction, m.length, occWithout(occ, state.tokens, i), t.actions === 1) - 5;
      }
      case "ball":
        return m.direction === "stay" || ball === null ? 0 : FORWARD[side].includes(m.direction) ? 3 : 1;
      case "goalKick":
        return -toGoalLine(side, cellAt(m.at));
      case "penaltyKeeper":
        return 0;
      case "penaltyBall": {
        const at = cellAt(m.at);
        return -toGoalLine(side, at) + FORWARD[side].filter((d) => shot(state.tokens, at, side, d, 6).kind === "goal").length;
      }
      case "penaltyKicker": {
        if (ball === null) return 0;
        const at = cellAt(m.at);
        const d = chebyshev(at, ball);
        return (d >= 1 && d <= 3 ? 10 - d : -d) + (toGoalLine(side, at) >= toGoalLine(side, ball) ? 5 : -10);
      }
      case "penaltyRun": {
        const kicker = t.kicker!;
        const o = runOutcome(occWithout(occ, state.tokens, kicker), state.tokens[kicker]!, ball!, side, m.die);
        if (!o.reached) return -100;
        const other = (t.dice ?? []).find((d, j) => !t.used[j] && (d !== m.die || t.dice!.filter((x) => x === m.die).length > 1)) ?? m.die;
        const at = slideEnd(ball!, m.slide ?? "none", m.die - chebyshev(state.tokens[kicker]!, ball!));
        const tokens = state.tokens.slice();
        tokens[kicker] = at;
        return 100 + 500 * FORWARD[side].filter((d) => shot(tokens, at, side, d, other).kind === "goal").length;
      }
      case "penaltyShot": {
        const r = shot(state.tokens, ball!, side, m.direction, m.die ?? 6);
        return r.kind === "goal" ? 1000 : r.kind === "saved" ? -10 : -20;
      }
    }
  };
}
