import { MAIN_TEMPOS, MAX_TEMPOS } from "./context.js";
import { adjacent, CELLS, type Cell } from "./field.js";
import { TEMPOS } from "./moves.js";
import { PIECES } from "./sides.js";
import { HOME_AWAY, other } from "../common/home-away.js";
import { turnsPerHalf, type GolState } from "./state.js";

/**
 * Properties every reachable state has, checked after every command by the property tests and by
 * `tabula selfplay` (empty = fine): 22 pieces on 22 distinct field cells, the ball on a free field
 * cell, tempos within their limits, the secondary part in strictly descending order, one action per
 * piece (but for the dribble and the chase), frozen pieces idle, possession consistent with the
 * turn's role. With `before`, the step between the two states is checked as well.
 */
export function invariantProblems(state: GolState, before?: GolState): string[] {
  const problems: string[] = [];
  const seen = new Map<Cell, string>();
  for (const side of HOME_AWAY) {
    const cells = state.pieces[side];
    if (cells.length !== PIECES) problems.push(`${side} has ${cells.length} pieces`);
    cells.forEach((c, i) => {
      const name = `${side} ${i + 1}`;
      if (!Number.isInteger(c) || c < 0 || c >= CELLS) problems.push(`${name} is off the field (${c})`);
      const twin = seen.get(c);
      if (twin) problems.push(`${name} and ${twin} share a cell`);
      seen.set(c, name);
    });
    const frozen = state.frozen[side];
    if (frozen.some((n, i) => n < 1 || n > PIECES || (i > 0 && n <= frozen[i - 1]!))) problems.push(`${side} frozen list ${JSON.stringify(frozen)} is not a sorted set of numbers`);
  }
  if (!Number.isInteger(state.ball) || state.ball < 0 || state.ball >= CELLS) problems.push(`the ball is off the field (${state.ball})`);
  if (seen.has(state.ball)) problems.push(`the ball lies on ${seen.get(state.ball)}`);
  for (const side of HOME_AWAY) {
    const goals = state.goals.filter((g) => g.side === side).length;
    if (state.score[side] !== goals) problems.push(`${side} score ${state.score[side]} but ${goals} goals recorded`);
  }
  if (state.turn !== null && state.turnsInHalf >= turnsPerHalf(state)) problems.push(`turn ${state.turnsInHalf + 1} of a half of ${turnsPerHalf(state)}`);
  if (state.turn === null && state.half !== 2) problems.push("over before the second half");
  problems.push(...turnProblems(state));
  if (before) problems.push(...stepProblems(before, state));
  return problems;
}

function turnProblems(state: GolState): string[] {
  const turn = state.turn;
  if (turn === null) return [];
  const problems: string[] = [];
  if (turn.tempo < 0 || turn.tempo >= MAX_TEMPOS) problems.push(`${turn.tempo} tempos made between actions`);
  let tempo = 0;
  const counts = new Map<number, number>();
  turn.actions.forEach((a, i) => {
    if (a.tempo !== tempo + 1) problems.push(`action ${i + 1} starts at tempo ${a.tempo}, not ${tempo + 1}`);
    tempo = a.tempo - 1 + TEMPOS[a.kind];
    if (a.tempo <= MAIN_TEMPOS && tempo > MAIN_TEMPOS) problems.push(`a ${a.kind} crosses from the main into the secondary part`);
    if (a.tempo > MAIN_TEMPOS && a.kind !== "move") problems.push(`a ${a.kind} in the secondary part`);
    if (turn.role === "defence" && a.kind === "kick" && a.tempo !== 1) problems.push(`a defensive kick at tempo ${a.tempo}`);
    if (state.frozen[turn.side].includes(a.piece)) problems.push(`frozen ${turn.side} ${a.piece} acted`);
    counts.set(a.piece, (counts.get(a.piece) ?? 0) + 1);
  });
  if (tempo !== turn.tempo) problems.push(`actions take ${tempo} tempos, the counter says ${turn.tempo}`);
  const secondary = turn.actions.filter((a) => a.tempo > MAIN_TEMPOS).map((a) => a.piece);
  if (secondary.some((n, i) => i > 0 && n >= secondary[i - 1]!)) problems.push(`secondary order ${secondary.join(",")} is not strictly descending`);
  for (const [piece, count] of counts) {
    if (count === 1) continue;
    const mine = turn.actions.filter((a) => a.piece === piece);
    const dribble = turn.role === "attack" && count === 2 && mine.every((a) => a.kind === "kick") && mine[0]!.tempo === 1 && mine[1]!.tempo === 3;
    const chase = turn.role === "defence" && mine.every((a, i) => a.kind === "move" && a.tempo === i + 1) && count <= MAIN_TEMPOS;
    if (!dribble && !chase) problems.push(`${turn.side} ${piece} made ${count} actions (neither a dribble nor a chase)`);
  }
  const tackled = turn.role === "defence" && turn.actions[0]?.kind === "kick";
  const holder = turn.role === "attack" || tackled ? turn.side : other(turn.side);
  if (state.possession !== holder) problems.push(`${state.possession} has the ball in a ${turn.role} turn of ${turn.side}${tackled ? " after a tackle" : ""}`);
  if (turn.kickoff && turn.tempo === 0 && state.pieces[other(turn.side)].some((c) => adjacent(c, state.ball))) problems.push("an opposing piece touches the ball at a kickoff");
  return problems;
}

/** Within one turn, between two actions: only the actor moves (and the piece it pushed); secondary moves keep off the ball. */
function stepProblems(before: GolState, after: GolState): string[] {
  const problems: string[] = [];
  if (after.score.home < before.score.home || after.score.away < before.score.away) problems.push("the score went down");
  const tb = before.turn;
  const ta = after.turn;
  if (!tb || !ta || tb.side !== ta.side || ta.actions.length !== tb.actions.length + 1 || ta.kickoff !== tb.kickoff || before.turnsInHalf !== after.turnsInHalf) return problems;
  const action = ta.actions.at(-1)!;
  const moved: string[] = [];
  for (const side of HOME_AWAY) before.pieces[side].forEach((c, i) => c !== after.pieces[side][i] && moved.push(`${side} ${i + 1}`));
  const actor = `${ta.side} ${action.piece}`;
  const allowed = action.kind === "push" ? 2 : action.kind === "trip" ? 0 : 1;
  if (moved.length !== allowed || (allowed > 0 && !moved.includes(actor))) problems.push(`a ${action.kind} by ${actor} moved ${moved.join(", ") || "nothing"}`);
  if (action.kind !== "kick" && after.ball !== before.ball) problems.push(`the ball moved in a ${action.kind}`);
  if (action.tempo > MAIN_TEMPOS) {
    const from = before.pieces[ta.side][action.piece - 1]!;
    const to = after.pieces[ta.side][action.piece - 1]!;
    if (adjacent(from, before.ball) || adjacent(to, after.ball)) problems.push(`secondary move of ${actor} from or to a cell next to the ball`);
  }
  return problems;
}
