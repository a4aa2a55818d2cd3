import { cellAt, chebyshev, FORWARD, halfOf, isKeeperZone, isPenaltyArea, NEIGHBOURS, pointOf, xOf, yOf, type Cell } from "./board.js";
import { actingSeat, afterWalk, ctxOf, dropCells, occWithout, spend, walkCtx, type Ctx } from "./context.js";
import { refuse } from "./errors.js";
import { finishTurn, withTurnMarks, type Award } from "./flow.js";
import { afterShootoutKick } from "./shootout.js";
import { eachTake, forcedEnd, forcedMoves, hasAction, turnEndsAt } from "./generate.js";
import { flight, type Flight } from "./kick.js";
import type { FootballMove, MoveOf } from "./move-schema.js";
import { runOutcome, shot, slideEnd } from "./penalty.js";
import { ballTarget, goalKickCells, lineDirections, penaltyBallCells, penaltyKeeperCells, penaltyKickerCells } from "./set-pieces.js";
import { isKeeper, keeperOf, numberOf, sideOfToken, tokenIndex, type FootballState, type TurnStage } from "./state.js";
import { pathTo, reach, stateOf, walkPath } from "./walk.js";
import { ok, type Result } from "../result.js";
import type { Note, Played } from "../ruleset.js";
import { HOME_AWAY, otherIndex, type SideIndex } from "../common/home-away.js";

type Outcome = Result<Played<FootballState, FootballMove>>;
const done = (state: FootballState, move: FootballMove, notes: Note[]): Outcome => ok({ state, move, notes });

/**
 * Plays one action: checks it with the rules' primitives and the turn's constraints, applies it,
 * and ends the turn when it must (an event, no die left, or no die usable any more: the rest of
 * the roll lapses inside `play`, with a `diceLapsed` note). The recorded move is canonical: the
 * die by its points, the walk's path and ball flag, the slide and the shot's die.
 */
export function play(s: FootballState, seat: number, move: FootballMove): Outcome {
  if (s.stage.kind === "over") return refuse("GAME_OVER", "the match is over");
  if (s.stage.kind === "opening") return refuse("NO_DICE", "the opening roll is due");
  const t = s.stage;
  if (seat !== actingSeat(s)) return refuse("NOT_YOUR_TURN", `seat ${actingSeat(s)} is to act`);
  if (t.step === "roll") return refuse("NO_DICE", "the dice must be rolled first");
  const ctx = ctxOf(s);
  const step = (want: TurnStage["step"]): Result<true> => (t.step === want ? ok(true) : refuse("WRONG_STEP", `a ${move.type} is not played now (this step: ${t.step})`));
  switch (move.type) {
    case "goalKick": {
      const ready = step("place");
      if (!ready.ok) return ready;
      const at = cellAt(move.at);
      if (!goalKickCells(ctx.occ, t.side).includes(at)) return refuse("BAD_PLACEMENT", "a goal kick puts the ball on a free cell of the side's own goalkeeper zone");
      const notes: Note[] = [];
      return done(withTurnMarks({ ...s, ball: at, stage: { ...t, step: "roll" } }, notes), move, notes);
    }
    case "penaltyKeeper": {
      const ready = step("keeper");
      if (!ready.ok) return ready;
      const defender = otherIndex(t.side);
      const keeper = keeperOf(defender);
      const at = cellAt(move.at);
      if (!penaltyKeeperCells(ctx.occ, defender, keeper).includes(at)) return refuse("BAD_PLACEMENT", "the keeper stands on a cell of its goal zone");
      const tokens = s.tokens.slice();
      tokens[keeper] = at;
      return done({ ...s, tokens, stage: { ...t, step: "ball" } }, move, []);
    }
    case "penaltyBall": {
      const ready = step("ball");
      if (!ready.ok) return ready;
      const at = cellAt(move.at);
      if (!penaltyBallCells(ctx.occ, otherIndex(t.side)).includes(at)) return refuse("BAD_PLACEMENT", "the ball goes on a token-free cell of the penalty zone with a straight or diagonal line to the goal");
      return done({ ...s, ball: at, stage: { ...t, step: "kicker" } }, move, []);
    }
    case "penaltyKicker": {
      const ready = step("kicker");
      if (!ready.ok) return ready;
      const i = tokenIndex(t.side, move.token);
      if (!ctx.own.includes(i) || isKeeper(i)) return refuse("NOT_A_KICKER", "the kicker is a field token of the seat taking the penalty");
      const at = cellAt(move.at);
      if (!penaltyKickerCells(ctx.occ, otherIndex(t.side), i, s.ball!).includes(at)) return refuse("BAD_PLACEMENT", "the kicker stands on a token-free field cell outside the penalty area");
      const tokens = s.tokens.slice();
      tokens[i] = at;
      return done({ ...s, tokens, stage: { ...t, step: "roll", kicker: i } }, move, []);
    }
    default: {
      const ready = step("move");
      if (!ready.ok) return ready;
      if (!ctx.dice.includes(move.type === "penaltyShot" ? (move.die ?? ctx.dice[0]!) : move.die)) return refuse("DIE_NOT_AVAILABLE", `no unspent die shows ${"die" in move ? move.die : "?"}`);
      if (t.play === "penalty" || t.play === "shootout") return penaltyAction(ctx, move);
      if (move.type === "penaltyRun" || move.type === "penaltyShot") return refuse("WRONG_STEP", `${move.type} belongs to a penalty`);
      const setPiece = t.play === "throwIn" || t.play === "corner";
      if (move.type === "ball") return setPiece && !t.ballMoved ? ballMove(ctx, move) : refuse("WRONG_STEP", "the ball is moved only as the first action of a throw-in or corner");
      if (setPiece && !t.ballMoved) return refuse("BALL_FIRST", "a throw-in or corner starts with the ball die");
      if (move.type === "walk") return walk(ctx, move, setPiece);
      if (move.type === "kick") return kick(ctx, move);
      return walkKick(ctx, move, setPiece);
    }
  }
}

function ownToken(ctx: Ctx, token: number): Result<number> {
  const i = tokenIndex(ctx.side, token);
  return ctx.own.includes(i) ? ok(i) : refuse("NOT_YOUR_TOKEN", `token ${token} of ${HOME_AWAY[ctx.side]} is not moved by seat ${ctx.t.seat}`);
}

/** The holder rule and the forced exit, for actions of ordinary turns. */
function ordinaryConstraint(ctx: Ctx, i: number): Result<true> {
  const holder = ctx.s.holder;
  if (holder !== null && holder !== i) return refuse("HOLDER_MUST_ACT", `token ${numberOf(holder)} holds the ball: it kicks or walks next`);
  return ok(true);
}

/**
 * The forced exit, for a walk or a walk that ends in a kick of an ordinary turn by `token` with
 * `die`, ending (or stopping) on `end`: while forced moves are pending, only a forced token moves,
 * and with a die for which some of its walks ends outside the goalkeeper zone this one must too.
 * The move itself is checked by the caller, as any walk or blocked dribble.
 */
function forcedExit(ctx: Ctx, token: number, die: number, end: Cell): Result<true> {
  const forced = forcedMoves(ctx);
  if (!forced) return ok(true);
  const mine = forced.filter((m) => (m.type === "walk" || m.type === "walkKick") && m.token === token && m.die === die);
  if (mine.length === 0) return refuse("FORCED_EXIT", `tokens ${[...new Set(forced.map((m) => (m as MoveOf<"walk" | "walkKick">).token))].join(", ")} must move out of the goalkeeper zone first`);
  if (isKeeperZone(end) && mine.some((m) => m.type === "walk" && !isKeeperZone(forcedEnd(m)))) return refuse("MUST_LEAVE_ZONE", `token ${token} can leave the goalkeeper zone with this die, so it must`);
  return ok(true);
}

function walk(ctx: Ctx, move: MoveOf<"walk">, setPiece: boolean): Outcome {
  const { s } = ctx;
  const owned = ownToken(ctx, move.token);
  if (!owned.ok) return owned;
  const i = owned.value;
  if (!setPiece) {
    const c = ordinaryConstraint(ctx, i);
    if (!c.ok) return c;
  }
  const to = cellAt(move.to);
  const wc = walkCtx(ctx, i);
  let path: Cell[];
  let carrying: boolean;
  if (move.path) {
    path = move.path.map(cellAt);
    if (path.length !== move.die) return refuse("BAD_PATH", `a walk with a ${move.die} takes exactly ${move.die} steps, not ${path.length}`);
    const w = walkPath(wc, path);
    if (!w) return refuse("BAD_PATH", "some step of the path is not a legal king step (occupied, off the field, or into a zone the token may not enter)");
    if (w.end !== to) return refuse("BAD_PATH", `the path ends on ${xOf(w.end)},${yOf(w.end)}, not on ${move.to.x},${move.to.y}`);
    if (move.ball !== undefined && move.ball !== w.carrying) return refuse("BAD_PATH", `the path ${w.carrying ? "takes" : "does not take"} the ball`);
    carrying = w.carrying;
  } else {
    const r = reach(wc, move.die);
    const layer = r.layers[move.die]!;
    const options = move.ball === undefined ? [false, true] : [move.ball];
    const found = options.find((b) => layer[stateOf(to, b)] !== 0);
    if (found === undefined) return refuse("NO_ROUTE", `token ${move.token} has no walk of ${move.die} to ${move.to.x},${move.to.y}${move.ball === undefined ? "" : move.ball ? " holding the ball" : " without the ball"}`);
    carrying = found;
    path = pathTo(r, move.die, stateOf(to, carrying));
  }
  if (setPiece) {
    if (!carrying && eachTake(ctx, () => true)) return refuse("TAKE_REQUIRED", "a token can take the ball: the other die is a take");
  } else {
    const forced = forcedExit(ctx, move.token, move.die, to);
    if (!forced.ok) return forced;
  }
  const after = afterWalk(ctx, i, move.die, to, carrying);
  const ends = carrying && turnEndsAt(after);
  let drop: Cell | null = null;
  if (ends) {
    if (!move.drop) return refuse("DROP_REQUIRED", "this walk ends the turn holding the ball: say where the ball is dropped");
    drop = cellAt(move.drop);
    if (!dropCells(after.tokens, to).includes(drop)) return refuse("BAD_DROP", "the ball is dropped on a token-free neighbour of the holder, outside the goal zones");
  } else if (move.drop) return refuse("DROP_NOT_DUE", "only a walk that ends the turn holding the ball drops it");
  const recorded: FootballMove = { type: "walk", token: move.token, die: move.die, to: move.to, ball: carrying, ...(drop !== null ? { drop: pointOf(drop) } : {}), path: path.map(pointOf) };
  const notes: Note[] = [];
  if (ends) {
    const dropped: FootballState = { ...after, ball: drop, holder: null };
    notes.push({ type: "ballDropped", token: move.token, at: pointOf(drop!) });
    return done(endOrLapse(dropped, { kind: "next" }, notes), recorded, notes);
  }
  return done(continueOrEnd(after, null, notes), recorded, notes);
}

function kick(ctx: Ctx, move: MoveOf<"kick">): Outcome {
  const { s } = ctx;
  const owned = ownToken(ctx, move.token);
  if (!owned.ok) return owned;
  const i = owned.value;
  if (s.holder !== i) return refuse("NOT_HOLDER", s.holder === null ? "nobody holds the ball: a token kicks after ending an action on the ball" : `token ${numberOf(s.holder)} holds the ball`);
  const f = flight(s.tokens, ctx.occ, i, s.tokens[i]!, move.direction, move.die, ctx.t.offside.includes(i));
  if (f.kind === "illegal") return refuse(f.reason, kickRefusal(f.reason));
  return afterKick(ctx, s.tokens, i, move.die, f, { type: "kick", token: move.token, die: move.die, direction: move.direction });
}

function walkKick(ctx: Ctx, move: MoveOf<"walkKick">, take: boolean): Outcome {
  const { s } = ctx;
  const owned = ownToken(ctx, move.token);
  if (!owned.ok) return owned;
  const i = owned.value;
  if (!take) {
    const c = ordinaryConstraint(ctx, i);
    if (!c.ok) return c;
    const forced = forcedExit(ctx, move.token, move.die, cellAt(move.stop));
    if (!forced.ok) return forced;
  }
  const k = move.die - move.length;
  if (k < 1) return refuse("NO_ROUTE", `a walk that ends in a kick takes at least one step: length ${move.length} leaves none of a ${move.die}`);
  const stop = cellAt(move.stop);
  const wc = walkCtx(ctx, i);
  let path: Cell[];
  if (move.path) {
    path = move.path.map(cellAt);
    if (path.length !== k) return refuse("BAD_PATH", `the walk to the stop takes ${k} steps, not ${path.length}`);
    const w = walkPath(wc, path);
    if (!w || w.end !== stop || !w.carrying) return refuse("BAD_PATH", "the path is not a legal walk that ends on the stop holding the ball");
    if (!ctx.opponentNear[stop] && !(take && w.pickup === k)) return refuse("NOT_BLOCKED", "a dribble stops for a kick only next to an opposing token (or, in a take, on reaching the ball)");
  } else {
    if (chebyshev(s.tokens[i]!, stop) > k || (s.holder !== i && s.ball !== null && chebyshev(s.tokens[i]!, s.ball) > k)) return refuse("NO_ROUTE", `token ${move.token} cannot hold the ball on ${move.stop.x},${move.stop.y} after ${k} steps`);
    const r = reach(wc, k);
    const st = stateOf(stop, true);
    if (r.layers[k]![st] === 0) return refuse("NO_ROUTE", `token ${move.token} cannot hold the ball on ${move.stop.x},${move.stop.y} after ${k} steps`);
    const atOnce = take && stop === s.ball && r.arrival[k] !== 0;
    if (!ctx.opponentNear[stop] && !atOnce) return refuse("NOT_BLOCKED", "a dribble stops for a kick only next to an opposing token (or, in a take, on reaching the ball)");
    path = pathTo(r, k, st, !ctx.opponentNear[stop]);
  }
  const occ = occWithout(ctx.occ, s.tokens, i);
  const f = flight(s.tokens, occ, i, stop, move.direction, move.length, ctx.t.offside.includes(i));
  if (f.kind === "illegal") return refuse(f.reason, kickRefusal(f.reason));
  const tokens = s.tokens.slice();
  tokens[i] = stop;
  return afterKick(ctx, tokens, i, move.die, f, { type: "walkKick", token: move.token, die: move.die, stop: move.stop, length: move.length, direction: move.direction, path: path.map(pointOf) });
}

const KICK_REFUSALS: Readonly<Record<string, string>> = {
  KICK_BLOCKED: "the ball cannot start over a token next to the kicker",
  LANDING_OCCUPIED: "the ball must land on an empty cell",
  ALONG_GOAL_LINE: "a kick along the goal-line column may not enter the goal zone",
  OFFSIDE: "an offside token may not kick toward the goal it attacks this turn",
};
const kickRefusal = (reason: string): string => KICK_REFUSALS[reason] ?? reason;

/**
 * After a kick: a goal, a catch or an out end the turn at once (unused dice lapse); a landing
 * next to an opposing keeper outside its penalty area is a penalty (when penalties are on);
 * otherwise the ball lies still, and a kick taken as the turn's second action that lands next to
 * another token of the kicker's side earns the pass bonus.
 */
function afterKick(ctx: Ctx, tokens: readonly Cell[], i: number, die: number, f: Flight, recorded: FootballMove): Outcome {
  const { s, t } = ctx;
  const stage: TurnStage = { ...t, used: spend(t, die), actions: t.actions + 1, forced: t.forced.filter((x) => x !== i) };
  const base: FootballState = { ...s, tokens, holder: null, stage };
  const notes: Note[] = [];
  switch (f.kind) {
    case "illegal":
      throw new Error("unreachable");
    case "goal":
      return done(endOrLapse({ ...base, ball: null }, { kind: "goal", against: f.against, by: i, cell: f.cell }, notes), recorded, notes);
    case "catch":
      notes.push({ type: "catch", side: HOME_AWAY[sideOfToken(f.keeper)], at: pointOf(f.stop) });
      return done(endOrLapse({ ...base, ball: null }, { kind: "goalKick", side: sideOfToken(f.keeper), origin: f.stop }, notes), recorded, notes);
    case "out":
      return done(endOrLapse({ ...base, ball: null }, { kind: "out", exit: f.exit, line: f.line, lastToucher: f.lastToucher }, notes), recorded, notes);
    case "land": {
      const landed: FootballState = { ...base, ball: f.cell };
      const side = sideOfToken(i);
      const keeper = keeperOf(otherIndex(side));
      const kc = tokens[keeper]!;
      if (s.rules.penalties && chebyshev(kc, f.cell) === 1 && !(halfOf(kc) === otherIndex(side) && isPenaltyArea(kc))) {
        return done(endOrLapse({ ...landed, ball: null }, { kind: "penalty", origin: f.cell }, notes), recorded, notes);
      }
      if (stage.actions === 2 && stage.used.every((u) => u) && teammateNear(tokens, side, i, f.cell)) {
        return done(endOrLapse(landed, { kind: "bonus" }, notes), recorded, notes);
      }
      return done(continueOrEnd(landed, null, notes), recorded, notes);
    }
  }
}

function teammateNear(tokens: readonly Cell[], side: SideIndex, kicker: number, at: Cell): boolean {
  const near = NEIGHBOURS[at]!;
  for (let j = side * 11; j < side * 11 + 11; j++) if (j !== kicker && near.includes(tokens[j]!)) return true;
  return false;
}

/** Ends the turn with `award`, noting the dice that lapse unused. */
function endOrLapse(s: FootballState, award: Award, notes: Note[]): FootballState {
  const t = s.stage as TurnStage;
  const left = (t.dice ?? []).filter((_, j) => !t.used[j]);
  if (left.length > 0) notes.push({ type: "diceLapsed", dice: left });
  return finishTurn(s, award, notes);
}

/** The turn goes on while some die can still be used; else it ends (the rest lapses). */
function continueOrEnd(s: FootballState, award: Award | null, notes: Note[]): FootballState {
  const t = s.stage as TurnStage;
  if (award === null && !t.used.every((u) => u) && hasAction(s, t.seat)) return s;
  return endOrLapse(s, award ?? { kind: "next" }, notes);
}

function ballMove(ctx: Ctx, move: MoveOf<"ball">): Outcome {
  const { s, t } = ctx;
  const from = s.ball!;
  const targets = lineDirections(from, t.line!).map((d) => [d, ballTarget(ctx.occ, from, d, move.die)] as const);
  let ball = from;
  if (move.direction === "stay") {
    if (targets.some(([, c]) => c >= 0)) return refuse("BAD_BALL_MOVE", `the ball has a legal cell ${move.die} away: it moves`);
  } else {
    const target = targets.find(([d]) => d === move.direction)?.[1] ?? -1;
    if (target < 0) return refuse("BAD_BALL_MOVE", `the ball cannot go ${move.die} ${move.direction} from here (along the line, straight in or diagonally in, onto an empty cell outside goal and goalkeeper zones)`);
    ball = target;
  }
  const notes: Note[] = [];
  const next: FootballState = { ...s, ball, stage: { ...t, used: spend(t, move.die), actions: t.actions + 1, ballMoved: true } };
  return done(continueOrEnd(next, null, notes), move, notes);
}

function penaltyAction(ctx: Ctx, move: FootballMove): Outcome {
  const { s, t } = ctx;
  const kicker = t.kicker!;
  const defender = otherIndex(t.side);
  if (move.type === "penaltyRun") {
    if (t.reached) return refuse("WRONG_STEP", "the kicker has already run to the ball: shoot");
    const occ = occWithout(ctx.occ, s.tokens, kicker);
    const o = runOutcome(occ, s.tokens[kicker]!, s.ball!, t.side, move.die);
    const slide = move.slide ?? o.slides[0]!;
    if (!o.slides.includes(slide)) return refuse("BAD_SLIDE", `allowed here: ${o.slides.join(", ")}`);
    const recorded: FootballMove = { type: "penaltyRun", die: move.die, slide };
    const used = spend(t, move.die);
    const notes: Note[] = [];
    if (!o.reached) {
      notes.push({ type: "penaltyMissed", side: HOME_AWAY[t.side], why: "short" });
      return done(endPenalty({ ...s, stage: { ...t, used, actions: t.actions + 1 } }, false, notes), recorded, notes);
    }
    const surplus = move.die - chebyshev(s.tokens[kicker]!, s.ball!);
    const at = slideEnd(s.ball!, slide, surplus);
    const tokens = s.tokens.slice();
    tokens[kicker] = at;
    return done({ ...s, tokens, ball: at, holder: kicker, stage: { ...t, used, actions: t.actions + 1, reached: true } }, recorded, notes);
  }
  if (move.type !== "penaltyShot") return refuse("WRONG_STEP", "a penalty is a run, then a shot");
  if (!t.reached) return refuse("RUN_FIRST", "the kicker runs to the ball first");
  if (!FORWARD[t.side].includes(move.direction)) return refuse("BAD_DIRECTION", "a penalty is shot toward the goal (straight or diagonally)");
  const die = move.die ?? ctx.dice[0]!;
  const result = shot(s.tokens, s.ball!, t.side, move.direction, die);
  const recorded: FootballMove = { type: "penaltyShot", direction: move.direction, die };
  const notes: Note[] = [];
  // The kick is over whatever it did: the ball leaves the kicker's cell (a goal kick or the next shoot-out kick places it again).
  const spent: FootballState = { ...s, holder: null, ball: null, stage: { ...t, used: spend(t, die), actions: t.actions + 1 } };
  if (result.kind === "goal") {
    if (t.play === "shootout") return done(afterShootoutKick(spent, true, notes), recorded, notes);
    return done(finishTurn(spent, { kind: "goal", against: defender, by: kicker, cell: result.cell }, notes), recorded, notes);
  }
  notes.push({ type: result.kind === "saved" ? "penaltySaved" : "penaltyMissed", side: HOME_AWAY[t.side], ...(result.kind === "saved" ? { at: pointOf(result.cell) } : { why: "wide" }) });
  return done(endPenalty(spent, false, notes), recorded, notes);
}

/** A penalty ends with a goal kick for the defenders when saved or missed; a shoot-out kick moves the shoot-out on. */
export function endPenalty(s: FootballState, scored: boolean, notes: Note[]): FootballState {
  const t = s.stage as TurnStage;
  if (t.play === "shootout") return afterShootoutKick(s, scored, notes);
  return finishTurn({ ...s, ball: null, holder: null }, { kind: "goalKick", side: otherIndex(t.side), origin: null }, notes);
}

