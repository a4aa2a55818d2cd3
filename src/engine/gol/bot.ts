import { greedyBot, type Bot } from "../common/bot.js";
import { MAIN_TEMPOS } from "./context.js";
import { adjacent, beyond, cellAt, CELLS, chebyshev, neighbours, REACH, yOf, type Cell } from "./field.js";
import { columnsToGoal, goalInReach, GOAL_ROWS } from "./goals.js";
import type { GolMove } from "./moves.js";
import { other, type HomeAway } from "../common/home-away.js";
import type { GolState } from "./state.js";

/**
 * A football bot: it attacks toward the other goal, shoots whenever a goal is in reach, keeps
 * the ball away from opponents (a pass next to one is a loss in waiting), pushes away opponents
 * that touch the ball; in defence it tackles when it can and otherwise closes in on the ball,
 * since a defender touching it makes the attack lose it. It takes the best-scored action with
 * probability `greed`, otherwise any legal action at random. Seeded, so a game replays from it.
 */
export const golBot = (seed: number, greed = 0.9): Bot<GolState, GolMove> => greedyBot(seed, greed, scorer);

/** How far a cell is from the mouth of the goal `side` defends (columns and rows beyond the posts). */
const fromMouth = (c: Cell, side: HomeAway): number => {
  const y = yOf(c);
  return Math.max(columnsToGoal(c, side), GOAL_ROWS.from - y, y - GOAL_ROWS.to);
};

/** What a column gained toward the goal is worth against the safety of the ball. */
const PROGRESS = 60;

/** Scores actions of the side to act: higher is better. */
export function scorer(state: GolState): (move: GolMove) => number {
  const turn = state.turn!;
  const side = turn.side;
  const opp = other(side);
  const ball = state.ball;
  const attack = state.possession === side;
  const own = state.pieces[side];
  const theirs = state.pieces[opp];
  const nearOpp = new Uint8Array(CELLS);
  for (const c of theirs) for (const n of neighbours(c)) nearOpp[n] = 1;
  const oppDistance = (c: Cell): number => Math.min(...theirs.map((t) => chebyshev(t, c)));
  const threat = theirs.some((c) => adjacent(c, ball));
  const secondary = turn.tempo >= MAIN_TEMPOS;
  const made = turn.actions.filter((a) => a.tempo > MAIN_TEMPOS).length;

  // Where a piece wants to stand: attackers a little ahead of the ball, defenders between it and their goal.
  const place = (c: Cell): number => {
    const d = chebyshev(c, ball);
    if (attack) return -Math.abs(d - 3) * 3 - fromMouth(c, opp) * 0.5 - (nearOpp[c] ? 2 : 0);
    return -d * 4 - fromMouth(c, side) * 0.5;
  };

  return (move) => {
    switch (move.type) {
      case "endTurn":
        return secondary && made >= state.minSecondary ? 0 : -1000;
      case "kick": {
        if (move.to === "goal") return goalInReach(ball) === opp ? 100_000 : -100_000;
        const to = cellAt(move.to);
        const kicker = own[move.piece - 1]!;
        let s = 1000 + (fromMouth(ball, opp) - fromMouth(to, opp)) * PROGRESS;
        if (goalInReach(to) === opp) {
          s += 400;
          // A shot can follow in this turn: by the dribbler (strictly nearest) or a teammate in reach.
          if (turn.tempo === 0 && (chebyshev(ball, to) < oppDistance(to) || own.some((c, i) => i !== move.piece - 1 && chebyshev(c, to) <= REACH))) s += 5000;
        }
        if (goalInReach(to) === side) s -= 600;
        // A teammate within reach of the landing cell can carry on with a second kick.
        if (turn.tempo === 0 && own.some((c, i) => i !== move.piece - 1 && chebyshev(c, to) <= REACH)) s += 100;
        // Opponents next to where the ball lands touch it: a loss now or at the next check. Within
        // 4 of it, the next defensive turn may tackle; beyond, the attack keeps the ball.
        const near = oppDistance(to);
        s += near <= 1 ? -1500 : near <= REACH ? -40 * (REACH + 1 - near) : 60;
        if (adjacent(to, kicker)) s -= 10;
        return s;
      }
      case "push": {
        const target = state.pieces[move.target.side][move.target.piece - 1]!;
        const pusher = own[move.piece - 1]!;
        const to = beyond(pusher, target)!;
        if (move.target.side === opp && adjacent(target, ball) && !adjacent(to, ball)) return attack ? 900 : 40;
        return move.target.side === opp ? 5 : -50;
      }
      case "trip": {
        const target = state.pieces[move.target.side][move.target.piece - 1]!;
        return adjacent(target, ball) ? (attack ? 300 : 120) : chebyshev(target, ball) <= 4 ? 30 : -20;
      }
      case "move": {
        const from = own[move.piece - 1]!;
        const to = cellAt(move.to);
        let s = place(to) - place(from);
        if (!attack && adjacent(to, ball)) s += 60;
        // Next to the ball while an opponent touches it too: both sides touch, the ball is lost.
        if (attack && adjacent(to, ball) && threat) s -= 2000;
        // The ball lies in shooting range but nobody reaches it: bring a shooter in reach.
        if (attack && !secondary && turn.tempo <= 2 && goalInReach(ball) === opp && !own.some((c) => chebyshev(c, ball) <= REACH) && chebyshev(to, ball) <= REACH) s += 3000;
        // While an opponent touches the ball, a mere move does not save the attack.
        if (attack && threat && !secondary) s -= 100;
        // Secondary moves go by descending numbers: moving a high number first keeps the others free.
        if (secondary) s += move.piece * 1.5;
        return s;
      }
    }
  };
}
