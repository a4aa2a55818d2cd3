import { halfOf, KICKOFF_SPOT, pointOf, type Cell } from "./board.js";
import type { Note } from "../ruleset.js";
import { cornerOf, lineStart, mustExit, offsideTokens } from "./set-pieces.js";
import { over } from "./end.js";
import { beginShootoutKick } from "./shootout.js";
import { inc, numberOf, occupancy, sideOfToken, tokensOfSeat, type EndReason, type FootballState, type Line, type Play, type TurnStage } from "./state.js";
import { HOME_AWAY, otherIndex, type SideIndex } from "../common/home-away.js";

/** How a turn ended, which decides the next one. */
export type Award =
  /** Nothing special: the other side's ordinary turn. */
  | { readonly kind: "next" }
  /** The second action was a kick landing next to a team-mate. */
  | { readonly kind: "bonus" }
  | { readonly kind: "goal"; readonly against: SideIndex; readonly by: number; readonly cell: Cell }
  | { readonly kind: "out"; readonly exit: Cell; readonly line: Line; readonly lastToucher: number }
  /** A catch, or a penalty saved or missed: a goal kick for `side`. */
  | { readonly kind: "goalKick"; readonly side: SideIndex; readonly origin: Cell | null }
  /** An opposing kick ended next to a keeper outside its penalty area: a penalty for the mover. */
  | { readonly kind: "penalty"; readonly origin: Cell };

/** The turn that follows, before the seat is chosen. */
interface Next {
  readonly side: SideIndex;
  readonly play: Play;
  readonly bonus?: boolean;
  /** Where the ball starts (throw-ins, corners, and a throw-in played as an ordinary turn). */
  readonly ball?: Cell;
  readonly line?: Line;
  readonly origin?: Cell | null;
}

/** Ordinary turns per side in the current period. */
export function periodLength(s: FootballState): number {
  if (s.rules.mode === "goals") return s.rules.periodTurns;
  return s.period <= 2 ? s.rules.periodTurns : s.rules.extraTurns;
}

/**
 * Ends the turn in progress with `award` and sets up the next one. Extra turns (a turn right after
 * its own side's turn) do not count toward the period and earn their side nothing more: whatever
 * they would award it goes to the other side instead (a pass bonus lapses; a penalty is still
 * taken, since it always ends with the other side to move). The period ends once both sides have
 * had their counted turns, unless the side that just moved has an extra turn pending.
 */
export function finishTurn(state: FootballState, award: Award, notes: Note[]): FootballState {
  const t = state.stage as TurnStage;
  const mover = t.side;
  const counts = !t.extra;
  let s: FootballState = {
    ...state,
    holder: null,
    counted: counts ? inc(state.counted, mover) : state.counted,
    turnsPlayed: counts ? inc(state.turnsPlayed, mover) : state.turnsPlayed,
  };
  let next: Next;
  switch (award.kind) {
    case "next":
      next = { side: otherIndex(mover), play: "ordinary" };
      break;
    case "bonus":
      if (t.extra) {
        notes.push({ type: "passBonusLapsed", side: HOME_AWAY[mover] });
        next = { side: otherIndex(mover), play: "ordinary" };
      } else {
        next = { side: mover, play: "ordinary", bonus: true };
      }
      break;
    case "goal": {
      const scorer = otherIndex(award.against);
      s = { ...s, score: inc(s.score, scorer), ball: null };
      notes.push({ type: "goal", side: HOME_AWAY[scorer], against: HOME_AWAY[award.against], ownGoal: sideOfToken(award.by) === award.against, token: numberOf(award.by), at: pointOf(award.cell), score: [...s.score] });
      if (s.rules.mode === "goals" && s.score[scorer] >= s.rules.goals!) return over(s, "goals", notes);
      let kicker = award.against;
      if (kicker === mover && t.extra) {
        notes.push({ type: "converted", from: "kickoff", to: "kickoff", side: HOME_AWAY[otherIndex(mover)] });
        kicker = otherIndex(mover);
      }
      next = { side: kicker, play: "kickoff" };
      break;
    }
    case "out":
      next = outAward(s, t, award, notes);
      break;
    case "goalKick":
      next = { side: award.side, play: "goalKick", origin: award.origin };
      break;
    case "penalty":
      next = { side: mover, play: "penalty", origin: award.origin };
      break;
  }
  const extra = next.side === mover;
  if (!extra && s.counted[0] >= periodLength(s) && s.counted[1] >= periodLength(s)) return endPeriod(s, notes);
  awardNote(next, extra, notes);
  return beginTurn(s, next, extra, notes);
}

/**
 * Out of play: over a touch line the last toucher's opponents throw in; over a goal line a corner
 * when the defending side touched it last, else a goal kick. An award to the side that just took
 * an extra turn goes to the other side: a throw-in from the same exit, a corner becomes a goal
 * kick, a goal kick a corner (without corners a throw-in from the exit cell).
 */
function outAward(s: FootballState, t: TurnStage, out: Extract<Award, { kind: "out" }>, notes: Note[]): Next {
  const toucher = sideOfToken(out.lastToucher);
  notes.push({ type: "out", line: out.line, at: pointOf(out.exit), lastToucher: { side: HOME_AWAY[toucher], token: numberOf(out.lastToucher) } });
  type Kind = "throwIn" | "corner" | "goalKick";
  let kind: Kind;
  let side: SideIndex;
  if (out.line === "touch") {
    kind = "throwIn";
    side = otherIndex(toucher);
  } else {
    const defender = halfOf(out.exit);
    if (toucher === defender && s.rules.corners) {
      kind = "corner";
      side = otherIndex(defender);
    } else {
      kind = "goalKick";
      side = defender;
    }
  }
  if (side === t.side && t.extra) {
    const from = kind;
    side = otherIndex(t.side);
    if (kind === "corner") kind = "goalKick";
    else if (kind === "goalKick") kind = s.rules.corners ? "corner" : "throwIn";
    notes.push({ type: "converted", from, to: kind, side: HOME_AWAY[side] });
  }
  const occ = occupancy(s.tokens);
  switch (kind) {
    case "throwIn": {
      const ball = lineStart(occ, out.exit, out.line);
      return s.rules.throwIns ? { side, play: "throwIn", ball, line: out.line, origin: out.exit } : { side, play: "ordinary", ball, origin: out.exit };
    }
    case "corner":
      return { side, play: "corner", ball: lineStart(occ, cornerOf(out.exit), "goal"), line: "goal", origin: out.exit };
    case "goalKick":
      return { side, play: "goalKick", origin: out.exit };
  }
}

const AWARD_NOTES: Partial<Record<Play, string>> = { throwIn: "throwInAwarded", corner: "cornerAwarded", goalKick: "goalKickAwarded", penalty: "penaltyAwarded", kickoff: "kickoff" };

function awardNote(next: Next, extra: boolean, notes: Note[]): void {
  const type = AWARD_NOTES[next.play] ?? (next.origin !== undefined ? "throwInAwarded" : undefined);
  if (type) {
    notes.push({
      type,
      side: HOME_AWAY[next.side],
      ...(next.origin !== undefined && next.origin !== null ? { at: pointOf(next.origin) } : {}),
      ...(next.play === "ordinary" ? { asOrdinaryTurn: true } : {}),
    });
  }
  if (extra) notes.push({ type: "extraTurn", side: HOME_AWAY[next.side], reason: next.bonus ? "passBonus" : next.play });
}

/** Starts the next turn: the side's next seat in rotation (the same seat for a pass bonus). */
function beginTurn(s: FootballState, next: Next, extra: boolean, notes: Note[]): FootballState {
  const prev = s.stage.kind === "turn" ? s.stage : null;
  let seat: number;
  let rotation = s.rotation;
  if (next.bonus && prev) seat = prev.seat;
  else {
    const local = s.rotation[next.side];
    seat = next.side * s.perSide + local;
    rotation = next.side === 0 ? [(local + 1) % s.perSide, s.rotation[1]] : [s.rotation[0], (local + 1) % s.perSide];
  }
  const run = s.run && s.run.side === next.side ? { side: next.side, length: s.run.length + 1 } : { side: next.side, length: 1 };
  let tokens = s.tokens;
  let ball: Cell | null = s.ball;
  if (next.play === "kickoff") {
    tokens = s.formation;
    ball = KICKOFF_SPOT[next.side];
  } else if (next.ball !== undefined) ball = next.ball;
  else if (next.play === "goalKick" || next.play === "penalty") ball = null;
  const step = next.play === "goalKick" ? "place" : next.play === "penalty" ? "keeper" : "roll";
  const stage: TurnStage = {
    kind: "turn",
    side: next.side,
    seat,
    play: next.play,
    extra,
    bonus: next.bonus === true,
    step,
    dice: null,
    used: [],
    actions: 0,
    offside: [],
    forced: [],
    line: next.line ?? null,
    ballMoved: false,
    kicker: null,
    reached: false,
    origin: next.origin ?? null,
  };
  const begun: FootballState = { ...s, tokens, ball, holder: null, rotation, run, stage };
  return step === "roll" ? withTurnMarks(begun, notes) : begun;
}

/**
 * The marks a turn gets when it starts (its position is then final: after any placement, just
 * before the roll): the mover's offside tokens and the seat's tokens that must walk out of a
 * goalkeeper zone first (not in throw-in, corner and penalty turns).
 */
export function withTurnMarks(s: FootballState, notes: Note[]): FootballState {
  const t = s.stage as TurnStage;
  if (t.play === "penalty" || t.play === "shootout") return s;
  const offside = s.rules.offside && s.ball !== null ? offsideTokens(s.tokens, s.ball, t.side) : [];
  const forced = t.play === "throwIn" || t.play === "corner" ? [] : tokensOfSeat(s, t.seat).filter((i) => mustExit(s.tokens, i));
  if (offside.length > 0) notes.push({ type: "offside", side: HOME_AWAY[t.side], tokens: offside.map(numberOf) });
  if (forced.length > 0) notes.push({ type: "forcedExit", side: HOME_AWAY[t.side], tokens: forced.map(numberOf) });
  return { ...s, stage: { ...t, offside, forced } };
}

/** The end of a period: half time, full time, extra time, a shoot-out, or the end of the match. */
function endPeriod(s: FootballState, notes: Note[]): FootballState {
  const score = [...s.score];
  const first = s.firstKick!;
  if (s.rules.mode === "goals") return decideLevel(s, "maxTurns", notes);
  switch (s.period) {
    case 1:
    case 3:
      notes.push({ type: "halfTime", period: s.period, score });
      return startPeriod(s, s.period + 1, otherIndex(first), notes);
    case 2:
      notes.push({ type: "fullTime", score });
      if (s.score[0] === s.score[1] && s.rules.extraTime) return startPeriod(s, 3, first, notes);
      return decideLevel(s, "fullTime", notes);
    default:
      notes.push({ type: "fullTime", period: s.period, score });
      return decideLevel(s, "extraTime", notes);
  }
}

/** Ends the match if a side is ahead (or a draw is allowed), else starts the shoot-out. */
function decideLevel(s: FootballState, reason: EndReason, notes: Note[]): FootballState {
  if (s.score[0] === s.score[1] && s.rules.shootout) {
    notes.push({ type: "shootoutStarted", first: HOME_AWAY[s.firstKick!] });
    return beginShootoutKick({ ...s, shootout: { first: s.firstKick!, goals: [0, 0], kicks: [0, 0] }, run: null });
  }
  return over(s, reason, notes);
}

/** A period starts from the formations with the kicking side's kickoff. */
export function startPeriod(s: FootballState, period: number, kicker: SideIndex, notes: Note[]): FootballState {
  const fresh: FootballState = { ...s, period, counted: [0, 0], run: null, holder: null };
  notes.push({ type: "kickoff", side: HOME_AWAY[kicker], period });
  return beginTurn(fresh, { side: kicker, play: "kickoff" }, false, notes);
}
