import { cellAt, FACES, pointOf, type Cell, type Lane } from "./board.js";
import { refuse } from "./errors.js";
import { applyHandoffs } from "./handoff.js";
import { DIE_CHOICES, TOKENS, type EstafetaMove } from "./options.js";
import { hasNextStep, isProblem, walkRoute, type RouteContext, type RouteOutcome } from "./route.js";
import { enumerateReaches, findRoute, occupancy, type SearchPosition } from "./search.js";
import type { EstafetaState, TokenState } from "./state.js";
import { ok, type Result } from "../result.js";
import type { Note, Pass, Played } from "../ruleset.js";
import { endTurn } from "./turns.js";

/** Facts a relay action can produce, recorded with it for clients. */
export const NOTES = ["faceCrossed", "handoff", "lapFinished", "tokenFinished", "teamFinished", "turnEnded"] as const;

const laneOf = (state: EstafetaState, team: number): Lane => state.lanes[team]!;

function searchPosition(state: EstafetaState, team: number): SearchPosition {
  return { variant: state.variant, lane: laneOf(state, team), tokens: state.tokens[team]!, progress: state.progress[team]!, occupied: occupancy(state.tokens) };
}

function routeContext(state: EstafetaState, team: number): RouteContext {
  const occupied = new Set<Cell>();
  for (const tokens of state.tokens) for (const t of tokens) if (t.cell !== null) occupied.add(t.cell);
  return { variant: state.variant, lane: laneOf(state, team), tokens: state.tokens[team]!, progress: state.progress[team]!, occupied };
}

const isMoving = (state: EstafetaState): state is EstafetaState & { dice: readonly [number, number] } => state.stage === "play" && state.dice !== null;

/**
 * Every distinct legal action right now (Fine points: token, die, destination,
 * points). Each carries `points`, so an early stop and a full move to the same cell stay apart;
 * none carries a route: the engine chooses it when the action is played.
 */
export function legalMoves(state: EstafetaState, seat: number): EstafetaMove[] {
  if (!isMoving(state) || seat !== state.toMove) return [];
  const team = state.toMove;
  const [first, second] = state.dice;
  const pos = searchPosition(state, team);
  const out: EstafetaMove[] = [];
  state.tokens[team]!.forEach((t, i) => {
    if (t.status !== "active") return;
    for (const r of enumerateReaches(pos, i, state.visited[i]!, first, second)) {
      out.push({ token: TOKENS[i]!, die: DIE_CHOICES[r.die]!, to: r.to === -1 ? "finish" : pointOf(r.to), points: r.points });
    }
  });
  return out;
}

/** The cheap test behind passes and the end of a turn: can any active token take one legal step? */
export function hasLegalStep(state: EstafetaState): boolean {
  if (!isMoving(state)) return false;
  if (state.dice[0] + state.dice[1] === 0) return false;
  const team = state.toMove;
  const ctx = routeContext(state, team);
  return state.tokens[team]!.some(
    (t, i) => t.status === "active" && t.cell !== null && hasNextStep(ctx, i, t.cell, ctx.progress, new Set(state.visited[i]!)),
  );
}

/** A move made concrete: which die, which route, and what it does. */
interface Resolved {
  readonly mover: number;
  readonly die: 0 | 1 | 2;
  readonly path: readonly Cell[];
  readonly outcome: RouteOutcome;
}

function resolve(state: EstafetaState, seat: number, move: EstafetaMove): Result<Resolved> {
  if (state.stage === "over") return refuse("GAME_OVER", "the match is over");
  if (!isMoving(state)) return refuse("NO_DICE", "no dice to play: the dice must be rolled first");
  if (seat !== state.toMove) return refuse("NOT_YOUR_TURN", `team ${state.toMove} is to move`);
  const team = state.toMove;
  const mover = TOKENS.indexOf(move.token);
  const token = state.tokens[team]![mover];
  if (!token) return refuse("NO_SUCH_TOKEN", `no token ${move.token}`);
  if (token.status !== "active") return refuse("TOKEN_NOT_ACTIVE", `token ${move.token} is ${token.status === "post" ? "a post waiting for the handoff" : "finished"}`);
  const [first, second] = state.dice;
  // Equal points on both dice: the two labels are one action, recorded as "first".
  const die = move.die === "both" ? 2 : move.die === "second" && first !== second ? 1 : 0;
  const budget = die === 2 ? (first > 0 && second > 0 ? first + second : 0) : die === 0 ? first : second;
  if (budget === 0) return refuse("DIE_SPENT", die === 2 ? "both dice must have points left" : `the ${DIE_CHOICES[die]} die is spent`);
  const finish = move.to === "finish";
  const dest = move.to === "finish" ? -1 : cellAt(move.to);
  const ctx = routeContext(state, team);
  const visited = state.visited[mover]!;

  const check = (path: readonly Cell[]): Result<Resolved> => {
    const outcome = walkRoute(ctx, mover, visited, path, finish);
    if (isProblem(outcome)) return refuse(outcome.reason, outcome.message);
    if (!finish && outcome.end !== dest) return refuse("WRONG_DESTINATION", `the route ends on ${JSON.stringify(pointOf(outcome.end!))}, not ${JSON.stringify(move.to)}`);
    if (move.points !== undefined && move.points !== outcome.steps) return refuse("WRONG_POINTS", `the route spends ${outcome.steps} points, not ${move.points}`);
    if (outcome.steps > budget) return refuse("WRONG_POINTS", `the route spends ${outcome.steps} points; ${budget} are left`);
    if (outcome.steps < budget) {
      if (die === 2) return refuse("EARLY_STOP", "a move on both dice spends all their points (finishing or stopping earlier is a one-die action)");
      if (!finish && !outcome.deadEnd) return refuse("EARLY_STOP", "a token may stop before its die is spent only where it has no legal next step");
    }
    return ok({ mover, die, path, outcome });
  };

  if (move.path) return check(move.path.map(cellAt));
  if (move.points !== undefined && (move.points > budget || (die === 2 && move.points !== budget))) {
    return refuse("WRONG_POINTS", die === 2 ? `a move on both dice spends all ${budget} points` : `${budget} points are left on the ${DIE_CHOICES[die]} die`);
  }
  // No route given: the engine searches one. Without `points`, the most points that work.
  const candidates = move.points !== undefined ? [move.points] : die === 2 ? [budget] : Array.from({ length: budget }, (_, i) => budget - i);
  const pos = searchPosition(state, team);
  for (const points of candidates) {
    const path = findRoute(pos, mover, visited, dest, points, !finish && points < budget);
    if (path) return check(path);
  }
  if (move.points !== undefined && !finish && move.points < budget && findRoute(pos, mover, visited, dest, move.points, false)) {
    return refuse("EARLY_STOP", "a token may stop before its die is spent only where it has no legal next step");
  }
  return refuse("NO_ROUTE", `${move.token} has no legal route to ${JSON.stringify(move.to)}${move.points !== undefined ? ` spending ${move.points} points` : ""} with the ${move.die} die`);
}

/**
 * Plays one action (Movement); ends the turn when no point can be used any more. The log records
 * it with the canonical die label, the points and the full route, so replay never searches.
 */
export function play(state: EstafetaState, seat: number, move: EstafetaMove): Result<Played<EstafetaState, EstafetaMove>> {
  const resolved = resolve(state, seat, move);
  if (!resolved.ok) return resolved;
  const { mover, die, path, outcome } = resolved.value;
  const team = state.toMove;
  const before = state.tokens[team]!;
  const moved: TokenState[] = before.map((t, i) =>
    i !== mover ? t : outcome.end === null ? { cell: null, status: "finished", lap: t.lap + outcome.laps } : { cell: outcome.end, status: "active", lap: t.lap + outcome.laps },
  );
  const tokens = applyHandoffs(laneOf(state, team), moved);
  const [first, second] = state.dice!;
  const dice: [number, number] = die === 2 ? [0, 0] : die === 0 ? [first - outcome.steps, second] : [first, second - outcome.steps];
  const next: EstafetaState = {
    ...state,
    tokens: state.tokens.map((t, i) => (i === team ? tokens : t)),
    progress: state.progress.map((p, i) => (i === team ? outcome.progress : p)),
    dice,
    visited: state.visited.map((v, i) => (i === mover ? [...v, ...path] : v)),
  };
  const recorded: EstafetaMove = { token: move.token, die: DIE_CHOICES[die]!, to: move.to, points: outcome.steps, path: path.map(pointOf) };
  const notes = actionNotes(state.progress[team]!, outcome.progress, before, tokens);
  if (tokens.every((t) => t.status === "finished")) {
    return ok({ state: { ...next, stage: "over", ended: "finished", dice: null, visited: [] }, move: recorded, notes: [...notes, { type: "teamFinished", team }] });
  }
  if (hasLegalStep(next)) return ok({ state: next, move: recorded, notes });
  return ok({ state: endTurn(next), move: recorded, notes: [...notes, { type: "turnEnded", pointsLeft: dice[0] + dice[1] }] });
}

/** What an action did for clients: first crossings of a face, handoffs, laps and finishes. */
function actionNotes(progressBefore: number, progressAfter: number, before: readonly TokenState[], after: readonly TokenState[]): Note[] {
  const notes: Note[] = [];
  for (let p = progressBefore; p < progressAfter; p++) notes.push({ type: "faceCrossed", face: FACES[p % 4]!, lap: Math.floor(p / 4) + 1 });
  after.forEach((t, i) => {
    const was = before[i]!;
    if (was.status === "post" && t.status === "active") notes.push({ type: "handoff", token: TOKENS[i]! });
    if (was.status !== "finished" && t.status === "finished") notes.push({ type: "tokenFinished", token: TOKENS[i]!, lap: t.lap });
    else if (t.lap > was.lap) notes.push({ type: "lapFinished", token: TOKENS[i]!, lap: was.lap });
  });
  return notes;
}

/** The automatic pass: only when no active token of the mover has a legal step. */
export function mustPass(state: EstafetaState): Pass | null {
  return isMoving(state) && !hasLegalStep(state) ? { seat: state.toMove, reason: "NO_LEGAL_MOVE" } : null;
}

export function pass(state: EstafetaState): Result<EstafetaState> {
  if (state.stage === "over") return refuse("GAME_OVER", "the match is over");
  if (!isMoving(state)) return refuse("NOTHING_TO_PASS", "nothing to pass: the dice are not rolled");
  if (hasLegalStep(state)) return refuse("LEGAL_MOVE_EXISTS", "a legal action exists");
  return ok(endTurn(state));
}
