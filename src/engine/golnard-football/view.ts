import { turnView } from "../common/turn-view.js";
import type { Json, Turn } from "../ruleset.js";
import { CELLS, GOAL_LINE_X, halfOf, HEIGHT, isCentreCircle, KICKOFF_SPOT, pointOf, WIDTH, zoneOf, ZONES } from "./board.js";
import { unusedDice } from "./context.js";
import { periodLength } from "./flow.js";
import { isKeeper, numberOf, ownerSeat, sideOfToken, type FootballState } from "./state.js";
import { HOME_AWAY } from "../common/home-away.js";

/**
 * A drawable match: the field and its zones, every token (side, seat, number, keeper, cell,
 * offside, forced out), the ball and its holder, the score and the counters, the set piece under
 * way and the turn. Nothing is hidden in this game, so every seat sees the same; `you` only says
 * which seat is looking.
 */
export function view(s: FootballState, seat: number | null, turn: Turn): Json {
  const t = s.stage.kind === "turn" ? s.stage : null;
  const cells = Array.from({ length: CELLS }, (_, c) => ({ ...pointOf(c), zone: zoneOf(c), half: HOME_AWAY[halfOf(c)], centreCircle: isCentreCircle(c) }));
  const tokens = s.tokens.map((c, i) => ({
    side: HOME_AWAY[sideOfToken(i)],
    seat: ownerSeat(s, i),
    number: numberOf(i),
    keeper: isKeeper(i),
    ...pointOf(c),
    offside: t?.offside.includes(i) ?? false,
    forcedOut: t?.forced.includes(i) ?? false,
  }));
  const setPiece =
    t && t.play !== "ordinary" && t.play !== "kickoff"
      ? { kind: t.play, step: t.step, line: t.line, ballMoved: t.ballMoved, kicker: t.kicker === null ? null : numberOf(t.kicker), reached: t.reached, origin: t.origin === null ? null : pointOf(t.origin) }
      : null;
  return {
    ruleset: "golnard-football",
    width: WIDTH,
    height: HEIGHT,
    zones: [...ZONES],
    cells,
    goalLines: { home: GOAL_LINE_X[0], away: GOAL_LINE_X[1] },
    kickoffSpots: { home: pointOf(KICKOFF_SPOT[0]), away: pointOf(KICKOFF_SPOT[1]) },
    sides: HOME_AWAY.map((side, i) => ({ side, seats: Array.from({ length: s.perSide }, (_, k) => i * s.perSide + k), keeperSeat: i * s.perSide + s.keeperSeat[i]! })),
    tokens,
    ball: s.ball === null ? null : pointOf(s.ball),
    holder: s.holder === null ? null : { side: HOME_AWAY[sideOfToken(s.holder)], number: numberOf(s.holder) },
    score: { home: s.score[0], away: s.score[1] },
    shootout: s.shootout ? { first: HOME_AWAY[s.shootout.first], home: s.shootout.goals[0], away: s.shootout.goals[1], kicks: { home: s.shootout.kicks[0], away: s.shootout.kicks[1] } } : null,
    mode: s.rules.mode,
    period: s.period,
    turnsPerSide: s.period > 0 ? periodLength(s) : s.rules.periodTurns,
    counted: { home: s.counted[0], away: s.counted[1] },
    goalTarget: s.rules.goals,
    side: t ? HOME_AWAY[t.side] : null,
    seatToMove: t ? t.seat : null,
    play: t ? t.play : null,
    extraTurn: t ? t.extra : false,
    passBonus: t ? t.bonus : false,
    setPiece,
    offside: t ? t.offside.map((i) => ({ side: HOME_AWAY[sideOfToken(i)], number: numberOf(i) })) : [],
    rolled: s.lastRoll ? [...s.lastRoll] : null,
    dice: t && t.dice ? [...t.dice] : null,
    diceLeft: t && t.dice ? unusedDice(t) : null,
    run: s.run ? { side: HOME_AWAY[s.run.side], length: s.run.length } : null,
    options: { ...s.rules },
    ended: s.ended,
    turn: turnView(turn),
    you: seat,
  };
}
