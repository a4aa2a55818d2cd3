import { contextOf, MAIN_TEMPOS, MAX_TEMPOS } from "./context.js";
import { HEIGHT, pointOf, WIDTH } from "./field.js";
import { KICKOFF_SPOT, OWN_HALF } from "./formations.js";
import { goalCells } from "./goals.js";
import { nearestPieces, refusal } from "./permissions.js";
import { touching } from "./possession.js";
import { NUMBERS } from "./sides.js";
import { HOME_AWAY, sideOf } from "../common/home-away.js";
import { minuteOf, turnsPerHalf, type GolState } from "./state.js";
import { hasTarget } from "./targets.js";
import { turnView } from "../common/turn-view.js";
import type { Json, Turn } from "../ruleset.js";

/** The tempo counter and what the side to act may do, for clients that do not know the rules. */
function tempoView(state: GolState): Json {
  const turn = state.turn;
  if (turn === null) return null;
  const ctx = contextOf(state);
  const secondary = turn.actions.filter((a) => a.tempo > MAIN_TEMPOS).map((a) => a.piece);
  const mayMove = ctx.main
    ? NUMBERS.filter((n) => !ctx.used[n] && !ctx.frozen[n])
    : NUMBERS.filter((n) => refusal(ctx, n, "move") === null && hasTarget(ctx, ctx.own[n - 1]!, "move"));
  return {
    side: turn.side,
    role: turn.role,
    part: ctx.main ? "main" : "secondary",
    kickoff: turn.kickoff,
    made: turn.tempo,
    next: turn.tempo + 1,
    mainTempos: MAIN_TEMPOS,
    maxTempos: MAX_TEMPOS,
    freeTempos: turn.free,
    firstTempoBy: turn.role === "defence" && turn.tempo === 0 ? [...nearestPieces(ctx)] : null,
    chaser: turn.role === "defence" && turn.chaser !== null && ctx.main ? turn.chaser : null,
    dribbler: turn.role === "attack" && turn.dribbler !== null && turn.tempo === 2 ? turn.dribbler : null,
    secondary: { made: secondary, minimum: state.minSecondary, mayMove },
    actions: turn.actions.map((a) => ({ ...a })),
  };
}

/**
 * A drawable match: the field and its goals, every numbered piece with its side, the ball,
 * possession, the tempo counter, the clock, the score, frozen pieces and the pieces used this
 * turn. Nothing is hidden in this game; `you` says which seat is looking.
 */
export function view(state: GolState, seat: number | null, turn: Turn): Json {
  const used = new Set(state.turn?.actions.map((a) => a.piece) ?? []);
  const pieces = HOME_AWAY.flatMap((side) => {
    const near = new Set(touching(state.pieces[side], state.ball));
    return state.pieces[side].map((c, i) => ({
      side,
      number: i + 1,
      ...pointOf(c),
      frozen: state.frozen[side].includes(i + 1),
      used: state.turn?.side === side && used.has(i + 1),
      touching: near.has(i + 1),
    }));
  });
  return {
    ruleset: "gol",
    width: WIDTH,
    height: HEIGHT,
    halves: HOME_AWAY.map((side) => ({ side, fromX: OWN_HALF[side].from, toX: OWN_HALF[side].to })),
    goals: HOME_AWAY.map((side) => ({ side, cells: goalCells(side) })),
    kickoffSpots: HOME_AWAY.map((side) => ({ side, ...KICKOFF_SPOT[side] })),
    pieces,
    ball: pointOf(state.ball),
    possession: state.possession,
    score: { ...state.score },
    goalsScored: state.goals.map((g) => ({ ...g, ownGoal: g.by !== g.side })),
    clock: {
      half: state.half,
      minute: minuteOf(state),
      minutesPerHalf: state.minutesPerHalf,
      turnInHalf: state.turn === null ? null : state.turnsInHalf + 1,
      turnsPerHalf: turnsPerHalf(state),
    },
    tempo: tempoView(state),
    frozen: { home: [...state.frozen.home], away: [...state.frozen.away] },
    used: [...used].sort((a, b) => a - b),
    turn: turnView(turn),
    you: seat,
    yourSide: seat === null ? null : sideOf(seat),
  };
}
