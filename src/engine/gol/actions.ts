import { finishTurn } from "./clock.js";
import { MAX_TEMPOS } from "./context.js";
import { refuse } from "./errors.js";
import { adjacent, pointOf, type Cell } from "./field.js";
import { goalInReach } from "./goals.js";
import { judge, type Resolved } from "./judge.js";
import { TEMPOS, type GolMove } from "./moves.js";
import { check } from "./possession.js";
import { other, type HomeAway } from "../common/home-away.js";
import { minuteOf, type GolState, type TurnState } from "./state.js";
import { ok, type Result } from "../result.js";
import type { Note, Pass, Played } from "../ruleset.js";

/** The form the log records: the same fields in a fixed order, coordinates copied. */
function recorded(move: GolMove): GolMove {
  switch (move.type) {
    case "endTurn":
      return { type: "endTurn" };
    case "move":
      return { type: "move", piece: move.piece, to: { x: move.to.x, y: move.to.y } };
    case "kick":
      return { type: "kick", piece: move.piece, to: move.to === "goal" ? "goal" : { x: move.to.x, y: move.to.y } };
    case "push":
    case "trip":
      return { type: move.type, piece: move.piece, target: { side: move.target.side, piece: move.target.piece } };
  }
}

const withPiece = (list: readonly Cell[], n: number, cell: Cell): Cell[] => list.map((c, i) => (i === n - 1 ? cell : c));

/**
 * Plays one complete action (the match layer has checked it against the schema). After the
 * action: a goal ends the turn; in an attacking turn the loss check runs; the turn ends by itself
 * after tempo 14.
 */
export function play(state: GolState, seat: number, move: GolMove): Result<Played<GolState, GolMove>> {
  const judged = judge(state, seat, move);
  if (!judged.ok) return judged;
  const { state: next, notes } = apply(state, judged.value);
  return ok({ state: next, move: recorded(move), notes });
}

function apply(state: GolState, action: Resolved): { state: GolState; notes: Note[] } {
  const turn = state.turn!;
  if (action.kind === "endTurn") return finishTurn(state, "endTurn", null);
  const side = turn.side;
  const opp = other(side);
  const notes: Note[] = [];
  const first = turn.tempo === 0;
  const nextTurn: TurnState = {
    ...turn,
    tempo: turn.tempo + TEMPOS[action.kind],
    actions: [...turn.actions, { piece: action.piece, kind: action.kind, tempo: turn.tempo + 1 }],
    // A chase opens with a defensive tempo-1 move by a piece that was not next to the ball (17.1)
    // and lasts while that piece keeps moving.
    chaser:
      turn.role === "defence" && first && action.kind === "move" && !adjacent(action.from, state.ball)
        ? action.piece
        : turn.chaser === action.piece && action.kind === "move"
          ? action.piece
          : null,
    dribbler: turn.role === "attack" && first && action.kind === "kick" ? action.piece : null,
  };
  let after: GolState = { ...state, turn: nextTurn };
  switch (action.kind) {
    case "move":
      after = { ...after, pieces: { ...state.pieces, [side]: withPiece(state.pieces[side], action.piece, action.to) } };
      break;
    case "push": {
      const { target } = action;
      let pieces = { ...state.pieces, [side]: withPiece(state.pieces[side], action.piece, action.at) };
      pieces = { ...pieces, [target.side]: withPiece(pieces[target.side], target.piece, action.to) };
      after = { ...after, pieces };
      notes.push({ type: "push", side, piece: action.piece, target: { ...target }, to: pointOf(action.to) });
      break;
    }
    case "trip": {
      const { target } = action;
      const frozen = state.frozen[opp].includes(target.piece) ? state.frozen[opp] : [...state.frozen[opp], target.piece].sort((a, b) => a - b);
      after = { ...after, frozen: { ...state.frozen, [opp]: frozen } };
      notes.push({ type: "trip", side, piece: action.piece, target: { ...target } });
      break;
    }
    case "kick": {
      const pieces = { ...state.pieces, [side]: withPiece(state.pieces[side], action.piece, state.ball) };
      if (action.to === "goal") return scored(after, pieces, action.piece, goalInReach(state.ball)!, notes);
      after = { ...after, pieces, ball: action.to };
      if (turn.role === "defence") {
        // A tackle (17.13, 17.23): the ball is won now; the turn keeps its defensive limits.
        const counterKick = state.pieces[opp].some((c) => adjacent(c, state.ball));
        after = { ...after, possession: side, freeTempos: side };
        notes.push({ type: "tackle", side, piece: action.piece, counterKick }, { type: "possessionLost", side: opp, to: side, reason: "tackle" });
      }
      break;
    }
  }
  if (turn.role === "attack") {
    const result = check(after, after.turn!);
    if (result.loss) {
      notes.push({ type: "possessionLost", side, to: opp, reason: result.loss, opponents: [...result.opponents] });
      const lost = finishTurn({ ...after, possession: opp, freeTempos: opp }, "possessionLost", null);
      return { state: lost.state, notes: [...notes, ...lost.notes] };
    }
    after = { ...after, turn: { ...after.turn!, touches: result.touches } };
  }
  if (after.turn!.tempo >= MAX_TEMPOS) {
    const ended = finishTurn(after, "tempos", null);
    return { state: ended.state, notes: [...notes, ...ended.notes] };
  }
  return { state: after, notes };
}

/** A goal: the side defending that goal concedes (own goals count); the turn ends at once. */
function scored(state: GolState, pieces: GolState["pieces"], piece: number, conceding: HomeAway, notes: Note[]): { state: GolState; notes: Note[] } {
  const by = state.turn!.side;
  const side = other(conceding);
  const score = { ...state.score, [side]: state.score[side] + 1 };
  const goal = { side, by, piece, half: state.half, minute: minuteOf(state) };
  const after: GolState = { ...state, pieces, score, goals: [...state.goals, goal] };
  notes.push({ type: "goal", side, by, piece, ownGoal: by !== side, score: { ...score } });
  const ended = finishTurn(after, "goal", conceding);
  return { state: ended.state, notes: [...notes, ...ended.notes] };
}

/**
 * Never due: a side always has an action, `endTurn` at worst (it is legal whenever the main part
 * has no action left or no secondary move remains), so the match layer never passes a turn.
 */
export const mustPass = (_state: GolState): Pass | null => null;

export function pass(state: GolState): Result<GolState> {
  if (state.turn === null) return refuse("GAME_OVER", "the match is over");
  return refuse("LEGAL_MOVE_EXISTS", "a side always has an action in gol (endTurn at worst)");
}
